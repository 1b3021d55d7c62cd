import Foundation
import Testing
import HTTP
import TestSupport

/// No output path shows an API token or key: stdout, stderr (errors, notices,
/// `--verbose`), `--json`, and the files in the cache. Distinctive values are
/// set and every byte of output and every cached file is searched for them.
@Suite(.serialized) struct SecretsTests {
    static let nasaKey = "nasaKEY7f3a9c1eSECRET"
    static let token = "ll2TOKEN41be2d88SECRET"
    static let secrets = ["NASA_API_KEY": nasaKey, "SPACEDASH_LL2_TOKEN": token]

    static func expectNoSecret(_ result: ProcessResult, _ run: SpaceDashRun, _ what: String) {
        for secret in [nasaKey, token] {
            #expect(!result.stdoutText.contains(secret), "\(what): stdout shows a secret: \(result.stdoutText.prefix(400))")
            #expect(!result.stderrText.contains(secret), "\(what): stderr shows a secret: \(result.stderrText.prefix(400))")
            for file in run.files() where file.contents.range(of: Data(secret.utf8)) != nil {
                Issue.record("\(what): \(file.path) holds a secret")
            }
        }
    }

    static let page = #"{"count": 1, "next": null, "previous": null, "results": [{"id": "a", "name": "Falcon 9 | Secret Mission", "net": "2030-01-01T12:00:00Z", "status": {"name": "Go for Launch", "abbrev": "Go"}}]}"#

    /// Answers a server could give, some echoing the credentials they received.
    static func launchAnswers() -> [(name: String, response: LoopbackServer.Response)] {
        [
            ("200", .json(page)),
            ("401", .json(#"{"detail": "Invalid token."}"#, status: 401)),
            ("429", .tooManyRequests(retryAfter: "99999999999999999999", body: #"{"detail": "Request was throttled. Expected available in 3600 seconds."}"#)),
            ("500 echoing the header", .status(500, body: "<html><pre>Authorization: Token \(token)</pre></html>")),
            ("200 not JSON echoing the header", .text("Authorization: Token \(token)")),
            ("redirect loop", .redirect(to: "/launches/upcoming/?token=\(token)")),
        ]
    }

    @Test func launchesNeverShowsTheToken() throws {
        for (name, response) in Self.launchAnswers() {
            for arguments in [["launches", "--refresh"], ["launches", "--refresh", "--json"], ["launches", "--refresh", "--verbose"],
                              ["launches", "--refresh", "--strict", "--verbose"]] {
                let server = try LoopbackServer(routes: ["/launches/upcoming/": response])
                defer { server.stop() }
                let run = try SpaceDashRun()
                let result = try run.run(arguments, server: server, extra: Self.secrets)
                #expect(server.requests.contains { $0.headers["Authorization"] == "Token \(Self.token)" }, "\(name): the token was sent")
                Self.expectNoSecret(result, run, "\(name) \(arguments)")
            }
        }
    }

    @Test func launchesWithoutAServerNeverShowsTheToken() throws {
        let run = try SpaceDashRun()
        for arguments in [["launches", "--verbose"], ["launches", "--strict"], ["launches", "--json"]] {
            let result = try run.run(arguments, server: nil, extra: Self.secrets)
            Self.expectNoSecret(result, run, "connection refused \(arguments)")
        }
    }

    static let feed = #"{"675": {"AT": {"av": -62.3, "ct": 1, "mn": -96.8, "mx": -15.9}, "First_UTC": "2020-10-19T18:32:20Z", "Last_UTC": "2020-10-20T19:11:55Z", "Season": "fall"}, "sol_keys": ["675"], "validity_checks": {}}"#

    /// Answers a server could give, some echoing the credentials they received.
    static func insightAnswers() -> [(name: String, response: LoopbackServer.Response)] {
        [
            ("200", .json(feed)),
            ("403 echoing the key", .json(#"{"error": {"code": "API_KEY_INVALID", "message": "An invalid api_key=\#(nasaKey) was supplied."}}"#, status: 403)),
            ("429", .tooManyRequests(retryAfter: "120", body: #"{"error": {"code": "OVER_RATE_LIMIT", "message": "api_key=\#(nasaKey) exceeded"}}"#)),
            ("500 HTML echoing the URL", .status(500, body: "<html><body>Error at /insight_weather/?api_key=\(nasaKey)&feedtype=json</body></html>")),
            ("redirect loop", .redirect(to: "/insight_weather/?api_key=\(nasaKey)&again=1")),
            ("not JSON", .text("api_key=\(nasaKey)")),
        ]
    }

    @Test func marsWeatherNeverShowsTheKey() throws {
        for (name, response) in Self.insightAnswers() {
            for arguments in [["mars-weather", "--refresh"], ["mars-weather", "--refresh", "--json"], ["mars-weather", "--refresh", "--verbose"],
                              ["mars-weather", "--refresh", "--strict", "--verbose"]] {
                let server = try LoopbackServer(routes: ["/insight_weather/": response])
                defer { server.stop() }
                let run = try SpaceDashRun()
                let result = try run.run(arguments, server: server, extra: Self.secrets)
                #expect(server.requests.contains { $0.target.contains(Self.nasaKey) }, "\(name): the key was sent")
                Self.expectNoSecret(result, run, "\(name) \(arguments)")
            }
        }
    }

    @Test func marsWeatherWithoutAServerNeverShowsTheKey() throws {
        let run = try SpaceDashRun()
        for arguments in [["mars-weather", "--verbose"], ["mars-weather", "--strict"], ["mars-weather", "--json"]] {
            let result = try run.run(arguments, server: nil, extra: Self.secrets)
            Self.expectNoSecret(result, run, "connection refused \(arguments)")
        }
    }
}
