import Foundation
@testable import HTTP
import Streams
import Testing
import TestSupport
@testable import SpaceData

/// Curiosity's weather through the real HTTP client over https: the tests'
/// https server stands for mars.nasa.gov, the plain loopback server for the
/// upstream and for where a bad redirect points. (The built binary cannot be
/// made to trust the tests' certificate, so these run here; the plain-http
/// dead ends run end to end in `CuriosityMirrorTests`.)
@Suite struct CuriosityRedirectTests {
    /// The weather from `urls`, with a real client trusting `tls`, no cache,
    /// and `log` getting the HTTP lines.
    func weather(_ urls: [URL], trusting tls: LoopbackTLSServer, log: HTTPLog? = nil) throws -> Sourced<CuriosityFeed> {
        let client = HTTPClient(settings: TransferSettings(userAgent: "spacedash/test", maxRedirects: 3, log: log,
                                                           trustedCertificates: tls.certificateFile),
                                engine: .shared)
        let service = CuriosityWeatherService(
            configuration: .init(urls: urls, timeout: 15),
            environment: ServiceEnvironment(http: client, cache: nil, scheduler: DispatchQueue(label: "CuriosityRedirectTests").eraseToAnyScheduler()))
        return try #require(service.weather(FetchPolicy(refresh: true)).waitForFirstResult(timeout: 60)).get()
    }

    @Test(.enabled(if: LoopbackTLSServer.isAvailable))
    func aRedirectFromHTTPSToPlainHTTPIsADeadEndAndTheUpstreamAnswers() throws {
        let plain = try LoopbackServer(routes: ["/feed": .json(CuriosityBodies.live), "/upstream": .json(CuriosityBodies.live)])
        let tls = try LoopbackTLSServer()
        defer { plain.stop(); tls.stop() }
        try tls.serve("/rss/api", .redirect(to: plain.url("/feed").absoluteString, status: 301))

        let report = try weather([tls.url("/rss/api"), plain.url("/upstream")], trusting: tls)
        #expect(report.value == CuriosityBodies.liveFeed)
        guard case .live = report.origin else {
            Issue.record("not live: \(report.origin)")
            return
        }
        #expect(plain.requests.map(\.path) == ["/upstream"], "the plain-http target of the redirect was never asked")
        #expect(report.notices.map(\.message) == [
            "https://127.0.0.1:\(tls.port): refused redirect from \(tls.url("/rss/api").absoluteString) to \(plain.url("/feed").absoluteString): "
                + "it would leave a secure connection; the weather came from http://127.0.0.1:\(plain.port) instead",
        ])
    }

    @Test(.enabled(if: LoopbackTLSServer.isAvailable))
    func aRedirectWithinHTTPSToAnotherHostIsFollowedQuietlyButForTheLog() throws {
        let upstream = try LoopbackServer(routes: ["/upstream": .json(CuriosityBodies.live)])
        let tls = try LoopbackTLSServer()
        defer { upstream.stop(); tls.stop() }
        try tls.serve("/rss/api", .redirect(to: "https://localhost:\(tls.port)/weather", status: 301))
        try tls.serve("/weather", .json(CuriosityBodies.live))

        let lines = Lines()
        let report = try weather([tls.url("/rss/api"), upstream.url("/upstream")], trusting: tls, log: HTTPLog(lines.append))
        #expect(report.value == CuriosityBodies.liveFeed)
        #expect(report.notices.isEmpty)
        #expect(upstream.requests.isEmpty)
        #expect(lines.all.contains("http: 301 GET \(tls.url("/rss/api").absoluteString) redirects to https://localhost:\(tls.port)/weather"))
    }
}

/// HTTP log lines, from whichever thread writes them.
private final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}
