import Foundation
import Testing
import TestSupport

/// The built `spacedash space-weather` against the loopback server serving
/// NOAA SWPC's real captures (../shared/data/spaceweather; those cases skip
/// when it is absent) and hostile answers, with a private cache and the clock
/// set by SPACEDASH_NOW.
@Suite(.serialized) struct SpaceWeatherCommandTests {
    static let captureTime = "2026-09-06T18:10:00Z"

    static func capture(_ name: String) -> LoopbackServer.Response? {
        guard let folder = ProjectPaths.sharedData?.appendingPathComponent("spaceweather") else { return nil }
        return .file(folder.appendingPathComponent(name))
    }

    /// Every product at its capture: the 2026 ones and the 2025 aurora grid.
    static func capturesServer() throws -> LoopbackServer? {
        guard let kp = capture("noaa-planetary-k-index.new-objects-2026-08-31.orbitwatch.json"),
              let forecast = capture("noaa-planetary-k-index-forecast.new-objects-2026-09-06.brucehoppe.json"),
              let scales = capture("noaa-scales.2026-08-31.orbitwatch.json"),
              let alerts = capture("alerts.2026-09-06.brucehoppe.json"),
              let aurora = capture("ovation_aurora_latest.2025-01-12.YIN-Tairan.json") else { return nil }
        return try LoopbackServer(routes: [
            "/swpc/products/noaa-planetary-k-index.json": kp,
            "/swpc/products/noaa-planetary-k-index-forecast.json": forecast,
            "/swpc/products/noaa-scales.json": scales,
            "/swpc/products/alerts.json": alerts,
            "/swpc/json/ovation_aurora_latest.json": aurora,
        ])
    }

    func run(_ arguments: [String], server: LoopbackServer?, scratch: Sandbox = Sandbox(), now: String = captureTime,
             extra: [String: String] = [:]) throws -> ProcessResult {
        try scratch.run(["space-weather"] + arguments, server: server, extra: extra.merging(["SPACEDASH_NOW": now]) { $1 }, timeout: 60)
    }

    func json(_ result: ProcessResult) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.stdoutText.utf8)) as? [String: Any])
    }

    @Test func offlineTheBundledCapturesAreShownWithTheirAgeAndNoPastForecast() throws {
        let result = try run(["--offline", "--json"], server: nil, now: "2026-11-28T02:00:00Z")
        #expect(result.exitCode == 0)
        let document = try json(result)
        let kp = try #require(document["kp"] as? [String: Any])
        let latest = try #require(kp["latest"] as? [String: Any])
        #expect(latest["time"] as? String == "2026-09-06T21:00:00Z")
        #expect(latest["kp"] as? Double == 1.67)
        #expect(latest["g"] as? Int == 0)
        let observed = try #require(kp["observed"] as? [[String: Any]])
        #expect(observed.count >= 24)
        #expect(observed.first?["time"] as? String == "2026-08-24T00:00:00Z")
        let forecast = try #require(kp["forecast"] as? [[String: Any]])
        #expect(!forecast.contains { $0["kind"] as? String == "predicted" }, "a prediction for a past time is no forecast")
        let scales = try #require(document["scales"] as? [String: Any])
        #expect(scales["current"] as? [String: Int] == ["R": 0, "S": 0, "G": 0])
        #expect((scales["days"] as? [Any])?.isEmpty == true)
        #expect((document["alerts"] as? [Any])?.isEmpty == true, "alerts 83 days old are not listed")
        #expect(result.stderrText.contains("showing the bundled sample: NOAA SWPC's planetary Kp of 2026-08-24 to 2026-08-31"))
    }

    @Test func theCapturesLiveOnTheirDayGiveForecastScalesAndAlerts() throws {
        guard let server = try Self.capturesServer() else { return }
        defer { server.stop() }
        let result = try run(["--json"], server: server)
        #expect(result.exitCode == 0, "\(result.stderrText)")
        let document = try json(result)
        let kp = try #require(document["kp"] as? [String: Any])
        let latest = try #require(kp["latest"] as? [String: Any])
        #expect(latest["time"] as? String == "2026-09-06T18:00:00Z", "the interval under way, not the next one SWPC already estimates")
        #expect(latest["kind"] as? String == "estimated")
        let predicted = try #require(kp["forecast"] as? [[String: Any]]).filter { $0["kind"] as? String == "predicted" }
        #expect(predicted.count == 17)
        let alerts = try #require(document["alerts"] as? [[String: Any]])
        #expect(alerts.map { $0["product_id"] as? String } == ["A20F", "P11S", "P11W", "P20S", "P20W"])
        #expect(alerts.first?["headline"] as? String == "WATCH: Geomagnetic Storm Category G1 Predicted")
        let sources = try #require(document["sources"] as? [String: [String: Any]])
        #expect(sources["kp_index"]?["kind"] as? String == "live")
        #expect(server.requests.allSatisfy { $0.headers["User-Agent"]?.hasPrefix("spacedash/") == true })
    }

    @Test func theAliasAndAPipeGiveOneIntervalALine() throws {
        let result = try Sandbox().run(["sw", "--offline"], server: nil, extra: ["SPACEDASH_NOW": "2026-09-06T18:10:00Z"], timeout: 60)
        #expect(result.exitCode == 0)
        let rows = result.stdoutText.split(separator: "\n").map(String.init)
        #expect(rows.first == "2026-08-24T00:00:00Z\t2.33\t0\tobserved")
        #expect(rows.contains("2026-09-07T00:00:00Z\t3.33\t0\tpredicted"))
        #expect(!rows.contains { $0.hasPrefix("2026-09-06T21:00:00Z") && $0.hasSuffix("estimated") })
    }

    @Test func formatPrintsOneLineAndNothingBelowTheThreshold() throws {
        let line = try run(["--offline", "--format", "Kp {kp} {g}"], server: nil)
        #expect(line.exitCode == 0)
        #expect(line.stdoutText == "Kp 1.33 G0\n")
        let quiet = try run(["--offline", "--format", "Kp {kp} {g}", "--quiet-below", "5", "-q"], server: nil)
        #expect(quiet.exitCode == 0)
        #expect(quiet.stdoutText.isEmpty)
        // A status bar's line asks for the Kp products alone.
        let server = try LoopbackServer(routes: [:])
        defer { server.stop() }
        _ = try run(["--format", "{kp}"], server: server)
        #expect(Set(server.requests.map(\.path)) == ["/swpc/products/noaa-planetary-k-index.json", "/swpc/products/noaa-planetary-k-index-forecast.json"])
        let usage = try run(["--offline", "--quiet-below", "5"], server: nil)
        #expect(usage.exitCode == 64)
    }

    @Test func auroraWhereYouAreFromTheGrid() throws {
        guard let server = try Self.capturesServer() else { return }
        defer { server.stop() }
        let tromso = try json(try run(["--json", "--at", "69.65,18.96"], server: server, now: "2025-01-12T23:00:00Z"))
        let aurora = try #require(tromso["aurora"] as? [String: Any])
        #expect(aurora["probability"] as? Int == 23)
        #expect(aurora["forecast_for"] as? String == "2025-01-12T22:51:00Z")
        #expect(aurora["observed_at"] as? String == "2025-01-12T21:42:00Z")
        #expect(aurora["dark_now"] as? Bool == true)

        // A southern latitude is a value, not an option; McMurdo reads the grid's southern oval.
        let mcmurdo = try json(try run(["--json", "--at", "-77.85,166.67"], server: server, now: "2025-01-12T23:00:00Z"))
        #expect((mcmurdo["aurora"] as? [String: Any])?["probability"] as? Int == 3)

        let (result, screen) = try Sandbox().runOnTerminal(["space-weather", "--at", "40.7,-74.0"], server: server, columns: 100,
                                                          extra: ["SPACEDASH_NOW": "2025-01-12T23:00:00Z"])
        #expect(result.exitCode == 0)
        #expect(screen.contains("0%: too far south tonight"), "\(screen)")
    }

    @Test func alertTextFromTheNetworkNeverReachesTheTerminalRaw() throws {
        let hostile = #"[{"product_id":"K05A\u001b]52;c;aGk=\u0007","issue_datetime":"2026-09-06 12:00:00.000","message":"Space Weather Message Code: ALTK05\r\nSerial Number: 1\r\nIssue Time: 2026 Sep 06 1200 UTC\r\n\r\nALERT: \u001b[2J\u001b]0;pwned\u0007Geomagnetic K-index of 5\r\nbody \u009b31m text"}]"#
        let server = try LoopbackServer(routes: ["/swpc/products/alerts.json": .json(hostile)])
        defer { server.stop() }
        let (result, screen) = try Sandbox().runOnTerminal(["space-weather", "--alerts"], server: server, columns: 100,
                                                          extra: ["SPACEDASH_NOW": Self.captureTime])
        #expect(result.exitCode == 0)
        #expect(screen.contains("ALERT: Geomagnetic K-index of 5"), "\(screen)")
        #expect(!screen.contains("\u{1B}]"), "no OSC from the network")
        #expect(!screen.contains("\u{1B}[2J"))
        #expect(!screen.contains("\u{9B}"))
    }

    @Test func aBadAddressVariableIsAConfigurationError() throws {
        let result = try run(["--offline"], server: nil, extra: ["SPACEDASH_SWPC_URL": "ftp://example.org"])
        #expect(result.exitCode == 78)
        #expect(result.stderrText == "spacedash: SPACEDASH_SWPC_URL is not an http(s) URL without a query: \"ftp://example.org\" (for example https://services.swpc.noaa.gov)\n")
    }
}
