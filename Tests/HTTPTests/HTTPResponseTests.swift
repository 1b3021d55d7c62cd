import Foundation
import HTTP
import Testing

@Suite struct HTTPResponseTests {
    let url = URL(string: "https://api.nasa.gov/insight_weather/?api_key=SECRET&feedtype=json")!

    @Test func aStatusErrorCarriesTheCodeTheRedactedBodyAndRetryAfter() throws {
        #expect(HTTPResponse(status: 204, finalURL: url).isSuccess)
        let limited = HTTPResponse(status: 429, headers: ["Retry-After": "60"], body: Data("OVER_RATE_LIMIT for api_key=SECRET".utf8), finalURL: url)
        #expect(!limited.isSuccess)
        #expect(HTTPError.status(of: limited) == .status(code: 429, bodyExcerpt: "OVER_RATE_LIMIT for api_key=***", retryAfter: 60,
                                                        url: "https://api.nasa.gov/insight_weather/?api_key=***&feedtype=json"))
    }

    @Test func excerptsAreShortSingleLinesWithoutControlCharacters() {
        let body = Data(("<html>\n  <body>\u{1B}[31m" + String(repeating: "error ", count: 100) + "</body></html>").utf8)
        let error = HTTPError.status(of: HTTPResponse(status: 500, body: body, finalURL: url))
        guard case .status(500, let excerpt, nil, _) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(excerpt.count == HTTPError.excerptLength)
        #expect(excerpt.hasPrefix("<html> <body>error error"), "the escape sequence goes whole")
        #expect(excerpt.hasSuffix("…"))
        #expect(!excerpt.contains("\n") && !excerpt.contains("\u{1B}"))
    }

    @Test func textDecodesUTF8() {
        #expect(HTTPResponse(status: 200, body: Data("Mars ♂".utf8), finalURL: url).text == "Mars ♂")
    }
}
