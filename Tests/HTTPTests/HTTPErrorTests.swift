import Foundation
import HTTP
import Testing

@Suite struct HTTPErrorTests {
    static let all: [HTTPError] = [
        .invalidURL("ftp://example.com/?api_key=***"),
        .cannotResolveHost(host: "nonexistent.invalid"),
        .cannotConnect(url: "https://api.nasa.gov/insight_weather/?api_key=***", detail: "connection refused"),
        .timedOut(.connect, limit: 5, url: "https://api.nasa.gov/insight_weather/?api_key=***"),
        .timedOut(.total, limit: 15, url: "https://api.nasa.gov/insight_weather/?api_key=***"),
        .tls(url: "https://api.nasa.gov/", detail: "SSL certificate problem: certificate has expired"),
        .tooManyRedirects(limit: 5, url: "https://example.com/loop"),
        .insecureRedirect(from: "https://example.com/a", to: "http://example.com/a"),
        .bodyTooLarge(limit: 16 * 1024 * 1024, url: "https://example.com/huge"),
        .emptyResponse(url: "https://example.com/x"),
        .truncatedBody(url: "https://example.com/x", received: 10, expected: 20),
        .status(code: 503, bodyExcerpt: "maintenance", retryAfter: 30, url: "https://example.com/x"),
        .transport(code: 56, detail: "Recv failure: Connection reset by peer", url: "https://example.com/x"),
        .libcurlUnavailable(detail: "libcurl.so.4: cannot open shared object file: No such file or directory"),
    ]

    @Test(arguments: all)
    func descriptionsAreOneLine(_ error: HTTPError) {
        #expect(!error.description.isEmpty)
        #expect(!error.description.contains("\n"))
        #expect(error.description.count < 300)
    }

    @Test func descriptionsSayWhatHappenedAndWhatToDo() {
        #expect(HTTPError.timedOut(.connect, limit: 5, url: "https://api.nasa.gov/insight_weather/?api_key=***").description
            == "timed out after 5 s connecting to https://api.nasa.gov: check your network connection or try again later")
        #expect(HTTPError.timedOut(.total, limit: 1.5, url: "https://x.org/a").description
            == "request to https://x.org/a took longer than 1.5 s and was stopped: the server is slow, try again later")
        #expect(HTTPError.bodyTooLarge(limit: 16 * 1024 * 1024, url: "https://x.org/a").description
            == "response from https://x.org/a is larger than 16 MiB and was stopped: the URL may be wrong")
        #expect(HTTPError.status(code: 404, bodyExcerpt: "", retryAfter: nil, url: "https://x.org/a").description
            == "HTTP 404 Not Found from https://x.org/a")
        #expect(HTTPError.status(code: 503, bodyExcerpt: "down", retryAfter: 30, url: "https://x.org/a").description
            == "HTTP 503 Service Unavailable from https://x.org/a: down (retry in 30 s)")
        #expect(HTTPError.insecureRedirect(from: "https://x.org/a", to: "http://x.org/a").description
            == "refused redirect from https://x.org/a to http://x.org/a: it would leave a secure connection")
        #expect(HTTPError.libcurlUnavailable(detail: "libcurl.so.4: cannot open shared object file: No such file or directory").description
            == "cannot make requests: libcurl could not be loaded (libcurl.so.4: cannot open shared object file: No such file or directory); install it with: sudo apt-get install libcurl4")
    }

    // Int(_:) trapped on a whole number below Int's range (only its upper bound was checked).
    @Test(arguments: [-1e300, 1e300, -5])
    func secondsOfAnyMagnitudeAreWritten(_ seconds: Double) {
        let timedOut = HTTPError.timedOut(.total, limit: seconds, url: "https://example.com/")
        #expect(timedOut.description.contains(" s and was stopped"))
        let status = HTTPError.status(code: 429, bodyExcerpt: "", retryAfter: seconds, url: "https://example.com/")
        #expect(status.description.contains("(retry "))
    }
}
