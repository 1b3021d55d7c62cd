import Foundation
import Testing
import TestSupport

/// The built `spacedash mars-weather` with SPACEDASH_CURIOSITY_URL naming
/// three addresses, as the default sources are (mars.nasa.gov, then the
/// upstream at CAB over https, then over http): one loopback server stands for
/// NASA, another for the upstream at two paths. Every dead end at NASA (a
/// retired address, a page that is not the feed, a redirect that ends in one)
/// makes the upstream answer, with one notice saying why.
@Suite(.serialized) struct CuriosityMirrorTests {
    /// One sol newer than the bundled sample's, so the row says it is live.
    static let feed = Data(#"""
        {"descriptions":{},"soles":[{"id":"4990","terrestrial_date":"2026-08-20","sol":"4990","ls":"329","season":"Month 11","min_temp":"-71","max_temp":"-3","pressure":"751","pressure_string":"Lower","abs_humidity":"--","wind_speed":"--","wind_direction":"--","atmo_opacity":"Sunny","sunrise":"05:31","sunset":"17:40","local_uv_irradiance_index":"Moderate","min_gts_temp":"-88","max_gts_temp":"9"}]}
        """#.utf8)
    static let liveRow = "4990\t2026-08-20\t11\t329\t-71\t-3\t-88\t9\t751\tModerate\t05:31\t17:40"
    static let html = "<!DOCTYPE html><html><head><title>Mars Weather</title></head><body>This page has moved.</body></html>"

    /// NASA's server, the upstream's, and the run against both.
    struct Servers {
        let nasa: LoopbackServer
        let cab: LoopbackServer
        var addresses: String {
            [nasa.url("/msl"), cab.url("/secure"), cab.url("/plain")].map(\.absoluteString).joined(separator: " ")
        }
        var nasaLabel: String { "http://127.0.0.1:\(nasa.port)" }

        func stop() {
            nasa.stop()
            cab.stop()
        }
    }

    func servers(nasa routes: KeyValuePairs<String, LoopbackServer.Response>) throws -> Servers {
        Servers(nasa: try LoopbackServer(routes: routes),
                cab: try LoopbackServer(routes: ["/secure": .json(Self.feed), "/plain": .json(Self.feed)]))
    }

    func run(_ arguments: [String], _ servers: Servers) throws -> ProcessResult {
        try Sandbox().run(["mars-weather"] + arguments, server: nil,
                          extra: ["SPACEDASH_CURIOSITY_URL": servers.addresses, "SPACEDASH_NOW": "2026-08-25T12:00:00Z"], timeout: 60)
    }

    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init)
    }

    static let deadEnds: [(name: String, routes: KeyValuePairs<String, LoopbackServer.Response>, reason: String)] = [
        ("404", ["/msl": .status(404, body: "Not Found")], ": Curiosity's weather feed answered HTTP 404: Not Found"),
        ("410", ["/msl": .status(410, body: "Gone")], ": Curiosity's weather feed answered HTTP 410: Gone"),
        ("403", ["/msl": .status(403, body: "<html><body>Access denied</body></html>")], ": Curiosity's weather feed answered HTTP 403"),
        ("an HTML page", ["/msl": .status(200, headers: ["Content-Type": "text/html"], body: html)],
         ": Curiosity's weather feed sent an answer that is not JSON"),
        ("JSON that is not the feed", ["/msl": .json(#"{"error":{"code":"API_KEY_MISSING","message":"No api_key was supplied"}}"#)],
         ": Curiosity's weather feed sent JSON that is not REMS weather data"),
        ("a redirect to a 404", ["/msl": .redirect(to: "/moved", status: 301), "/moved": .status(404, body: "Not Found")],
         " (redirected to /moved): Curiosity's weather feed answered HTTP 404: Not Found"),
        ("a redirect to an HTML page", ["/msl": .redirect(to: "/moved"), "/moved": .status(200, headers: ["Content-Type": "text/html"], body: html)],
         " (redirected to /moved): Curiosity's weather feed sent an answer that is not JSON"),
        ("a redirect to JSON that is not the feed", ["/msl": .redirect(to: "/moved", status: 308), "/moved": .json(#"{"soles":"retired"}"#)],
         " (redirected to /moved): Curiosity's weather feed sent JSON that is not REMS weather data"),
        ("one redirect too many", ["/msl": .redirect(to: "/a"), "/a": .redirect(to: "/b"), "/b": .redirect(to: "/c"), "/c": .redirect(to: "/d")],
         ": more than 3 redirects from "),
    ]

    @Test(arguments: deadEnds.indices)
    func aDeadEndAtNASAIsAnsweredByTheUpstreamWithOneNotice(index: Int) throws {
        let (name, routes, reason) = Self.deadEnds[index]
        let servers = try servers(nasa: routes)
        defer { servers.stop() }
        let result = try run([], servers)
        #expect(result.exitCode == 0, "\(name): \(result.stderrText)")
        #expect(Self.lines(result.stdoutText).last == Self.liveRow, "\(name): \(result.stdoutText)")
        #expect(servers.cab.requests.map(\.path) == ["/secure"], "\(name)")

        let stderr = Self.lines(result.stderrText)
        let notices = stderr.filter { $0.contains("the weather came from") }
        #expect(notices.count == 1, "\(name): \(result.stderrText)")
        let notice = try #require(notices.first)
        let expectedReason = reason.replacingOccurrences(of: "(redirected to /moved)", with: "(redirected to \(servers.nasa.url("/moved").absoluteString))")
        #expect(notice.contains(servers.nasaLabel + expectedReason), "\(name): \(notice)")
        #expect(notice.hasSuffix("; the weather came from \(servers.cab.url("/secure").absoluteString) instead"), "\(name): \(notice)")
        #expect(stderr.count == 6, "\(name): the notice, then the page's five lines: \(result.stderrText)")
        #expect(stderr.last?.hasPrefix("spacedash: Source: live from NASA's Curiosity (REMS) feed") == true, "\(name)")
    }

    @Test func theUpstreamOverHTTPIsAskedWhenItsHTTPSAddressFailsToo() throws {
        let servers = try servers(nasa: ["/msl": .status(410, body: "Gone")])
        defer { servers.stop() }
        servers.cab["/secure"] = .status(503, body: "Service Unavailable")
        let result = try run([], servers)
        #expect(result.exitCode == 0)
        #expect(Self.lines(result.stdoutText).last == Self.liveRow)
        #expect(servers.nasa.requests.map(\.path) == ["/msl"])
        #expect(servers.cab.requests.map(\.path) == ["/secure", "/plain"], "https first, then http")
        let notices = Self.lines(result.stderrText).filter { $0.contains("the weather came from") }
        #expect(notices.count == 1)
        #expect(notices.first?.contains("\(servers.nasaLabel): Curiosity's weather feed answered HTTP 410: Gone; then \(servers.cab.url("/secure").absoluteString): "
                                        + "Curiosity's weather feed answered HTTP 503: Service Unavailable; the weather came from \(servers.cab.url("/plain").absoluteString) instead") == true,
                "\(notices)")
    }

    @Test func verboseShowsEachRedirectAndThreeHopsAreFollowed() throws {
        let servers = try servers(nasa: ["/msl": .redirect(to: "/a", status: 301), "/a": .redirect(to: "/b"), "/b": .redirect(to: "/feed", status: 307),
                                         "/feed": .json(Self.feed)])
        defer { servers.stop() }
        let result = try run(["-v"], servers)
        #expect(result.exitCode == 0)
        #expect(Self.lines(result.stdoutText).last == Self.liveRow)
        #expect(servers.cab.requests.isEmpty, "NASA's answer came after three redirects")
        #expect(!result.stderrText.contains("the weather came from"))
        let http = Self.lines(result.stderrText).filter { $0.contains("http: ") }
        let base = "http://127.0.0.1:\(servers.nasa.port)"
        #expect(http.count == 5, "\(http)")
        #expect(http.prefix(4).map { $0.replacingOccurrences(of: "spacedash: ", with: "") } == [
            "http: GET \(base)/msl",
            "http: 301 GET \(base)/msl redirects to \(base)/a",
            "http: 302 GET \(base)/a redirects to \(base)/b",
            "http: 307 GET \(base)/b redirects to \(base)/feed",
        ])
        #expect(http.last?.contains("http: 200 GET \(base)/feed ") == true, "\(http)")
    }

    @Test func aMalformedAddressInTheListIsAConfigurationError() throws {
        let result = try Sandbox().run(["mars-weather"], server: nil,
                                       extra: ["SPACEDASH_CURIOSITY_URL": "http://127.0.0.1:9/msl  ftp://mirror.example/api.php"])
        #expect(result.exitCode == 78)
        #expect(result.stdoutText == "")
        #expect(result.stderrText == "spacedash: SPACEDASH_CURIOSITY_URL holds \"ftp://mirror.example/api.php\", which is not an http(s) URL: give one or more, separated by spaces\n")
    }
}
