import Foundation
@testable import HTTP
import Testing

/// The transfer's option choices, checked without the network.
@Suite struct CurlTransferTests {
    /// The https→http refusal: libcurl is told to follow redirects from an
    /// https URL to https only (CURLOPT_REDIR_PROTOCOLS_STR), and each hop is
    /// checked as its head arrives. End to end: `HTTPClientTests`'s
    /// `aRedirectFromHTTPSToPlainHTTPIsRefused` and `aLaterHopFromHTTPSToPlainHTTPIsRefusedToo`.
    @Test func httpsMayOnlyRedirectToHTTPS() throws {
        #expect(CurlTransfer.allowedRedirectProtocols(from: try #require(URL(string: "https://api.nasa.gov/x"))) == "https")
        #expect(CurlTransfer.allowedRedirectProtocols(from: try #require(URL(string: "HTTPS://api.nasa.gov/x"))) == "https")
        #expect(CurlTransfer.allowedRedirectProtocols(from: try #require(URL(string: "http://example.com/x"))) == "http,https")
        let secure = try #require(URL(string: "HTTPS://mars.nasa.gov/rss/api/"))
        #expect(CurlTransfer.leavesTLS(from: secure, to: try #require(URL(string: "http://mars.nasa.gov/rss/api/"))))
        #expect(!CurlTransfer.leavesTLS(from: secure, to: try #require(URL(string: "https://science.nasa.gov/"))))
        #expect(!CurlTransfer.leavesTLS(from: try #require(URL(string: "http://cab.inta-csic.es/")), to: try #require(URL(string: "http://x.test/"))))
    }

    @Test func acceptsOnlyAbsoluteHTTPURLsWithAHost() throws {
        #expect(throws: Never.self) { try CurlTransfer.checkURL(URL(string: "https://api.nasa.gov/")!) }
        #expect(throws: Never.self) { try CurlTransfer.checkURL(URL(string: "http://127.0.0.1:8080/x?y=1")!) }
        #expect(throws: HTTPError.invalidURL("ftp://example.com/?api_key=***")) {
            try CurlTransfer.checkURL(URL(string: "ftp://example.com/?api_key=SECRET")!)
        }
        #expect(throws: HTTPError.invalidURL("http:///path")) { try CurlTransfer.checkURL(URL(string: "http:///path")!) }
    }

    @Test func loopbackNeverGoesThroughAProxy() {
        #expect(CurlTransfer.noProxyList("") == "localhost,127.0.0.1,::1")
        #expect(CurlTransfer.noProxyList("corp.example, localhost") == "corp.example,localhost,127.0.0.1,::1")
        #expect(CurlTransfer.noProxyList("*") == "*")
    }
}
