import Foundation
import Testing
import HTTP
import TestSupport
@testable import SpaceDashCLI

/// No output path shows an API token or key: stdout, stderr (errors, notices,
/// `--verbose`), `--json`, and the files in the cache. Distinctive values are
/// set and every byte of output and every cached file is searched for them.
@Suite(.serialized) struct SecretsTests {
    static let nasaKey = "nasaKEY7f3a9c1eSECRET"
    static let token = "ll2TOKEN41be2d88SECRET"
    static let secrets = ["NASA_API_KEY": nasaKey, "SPACEDASH_LL2_TOKEN": token]

    static func expectNoSecret(_ result: ProcessResult, _ run: Sandbox, _ what: String) {
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
                let run = Sandbox()
                let result = try run.run(arguments, server: server, extra: Self.secrets)
                #expect(server.requests.contains { $0.headers["Authorization"] == "Token \(Self.token)" }, "\(name): the token was sent")
                Self.expectNoSecret(result, run, "\(name) \(arguments)")
            }
        }
    }

    @Test func launchesWithoutAServerNeverShowsTheToken() throws {
        let run = Sandbox()
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
            for arguments in [["mars-weather", "--station", "insight", "--refresh"], ["mars-weather", "--station", "insight", "--refresh", "--json"], ["mars-weather", "--station", "insight", "--refresh", "--verbose"],
                              ["mars-weather", "--station", "insight", "--refresh", "--strict", "--verbose"]] {
                let server = try LoopbackServer(routes: ["/insight_weather/": response])
                defer { server.stop() }
                let run = Sandbox()
                let result = try run.run(arguments, server: server, extra: Self.secrets)
                #expect(server.requests.contains { $0.target.contains(Self.nasaKey) }, "\(name): the key was sent")
                Self.expectNoSecret(result, run, "\(name) \(arguments)")
            }
        }
    }

    @Test func marsWeatherWithoutAServerNeverShowsTheKey() throws {
        let run = Sandbox()
        for arguments in [["mars-weather", "--station", "insight", "--verbose"], ["mars-weather", "--station", "insight", "--strict"], ["mars-weather", "--station", "insight", "--json"]] {
            let result = try run.run(arguments, server: nil, extra: Self.secrets)
            Self.expectNoSecret(result, run, "connection refused \(arguments)")
        }
    }

    // MARK: - Servers echoing the credentials in their own words

    // No `api_key=` or `Authorization:` around the value here: only masking the
    // configured values themselves hides these.

    static func launchEchoAnswers() -> [(name: String, response: LoopbackServer.Response)] {
        [
            ("403 JSON detail", .json(#"{"detail": "Invalid token \#(token)"}"#, status: 403)),
            ("401 plain text", .text("credential \(token) is not valid", status: 401)),
            ("500 HTML", .status(500, body: "<html><body><h1>Error</h1><p>credential \(token) unknown</p></body></html>")),
            ("429 detail", .tooManyRequests(retryAfter: "60", body: #"{"detail": "Request was throttled for \#(token). Expected available in 60 seconds."}"#)),
            ("redirect Location", .redirect(to: "/launches/\(token)/upcoming/")),
            ("200 launch name", .json(page.replacingOccurrences(of: "Secret Mission", with: "Echo \(token)"))),
            ("200 not JSON", .text("hello \(token)")),
        ]
    }

    static func insightEchoAnswers() -> [(name: String, response: LoopbackServer.Response)] {
        [
            ("403 JSON error", .json(#"{"error": {"code": "API_KEY_INVALID", "message": "An invalid key \#(nasaKey) was supplied."}}"#, status: 403)),
            ("403 plain text", .text("key \(nasaKey) rejected", status: 403)),
            ("500 HTML", .status(500, body: "<html><body><p>key \(nasaKey) unknown</p></body></html>")),
            ("429 detail", .tooManyRequests(retryAfter: "120", body: #"{"error": {"code": "OVER_RATE_LIMIT", "message": "\#(nasaKey) exceeded"}}"#)),
            ("redirect Location", .redirect(to: "/moved/\(nasaKey)/insight_weather/")),
            ("200 season", .json(feed.replacingOccurrences(of: #""fall""#, with: #""\#(nasaKey)""#))),
            ("200 not JSON", .text("hello \(nasaKey)")),
        ]
    }

    /// Every output mode of a command: plain (tab-separated for launches when piped), --json,
    /// --verbose, --strict --verbose, and SPACEDASH_DEBUG_HTTP=1.
    static func modes(_ command: [String]) -> [(arguments: [String], environment: [String: String])] {
        [
            (command + ["--refresh"], [:]),
            (command + ["--refresh", "--json"], [:]),
            (command + ["--refresh", "--verbose"], [:]),
            (command + ["--refresh", "--strict", "--verbose"], [:]),
            (command + ["--refresh"], ["SPACEDASH_DEBUG_HTTP": "1"]),
        ]
    }

    @Test func launchesNeverShowsATokenTheServerEchoes() throws {
        for (name, response) in Self.launchEchoAnswers() {
            for (arguments, environment) in Self.modes(["launches"]) {
                let server = try LoopbackServer(routes: ["/launches/upcoming/": response])
                defer { server.stop() }
                let run = Sandbox()
                let result = try run.run(arguments, server: server, extra: Self.secrets.merging(environment) { $1 })
                Self.expectNoSecret(result, run, "echo \(name) \(arguments) \(environment)")
                // Then from the cache it wrote, offline.
                let offline = try run.run(["launches", "--offline"], server: nil, extra: Self.secrets)
                Self.expectNoSecret(offline, run, "echo \(name) then --offline")
            }
        }
    }

    @Test func theAuditedLeakIsMaskedWhereItWasShown() throws {
        let server = try LoopbackServer(routes: [
            "/launches/upcoming/": .json(#"{"detail":"Invalid token \#(Self.token)"}"#, status: 403),
            "/insight_weather/": .json(Self.feed),
        ])
        defer { server.stop() }
        let run = Sandbox()
        let launches = try run.run(["launches", "--refresh"], server: server, extra: Self.secrets)
        #expect(launches.stderrText.contains("Launch Library refused the request (HTTP 403: Invalid token ***); check SPACEDASH_LL2_TOKEN"),
                "\(launches.stderrText)")
        let dashboard = try run.run(["--refresh", "--json"], server: server, extra: Self.secrets)
        Self.expectNoSecret(dashboard, run, "dashboard --json")
        #expect(dashboard.stdoutText.contains("Invalid token ***"), "\(dashboard.stdoutText.prefix(2000))")
    }

    @Test func marsWeatherNeverShowsAKeyTheServerEchoes() throws {
        for (name, response) in Self.insightEchoAnswers() {
            for (arguments, environment) in Self.modes(["mars-weather", "--station", "insight"]) {
                let server = try LoopbackServer(routes: ["/insight_weather/": response])
                defer { server.stop() }
                let run = Sandbox()
                let result = try run.run(arguments, server: server, extra: Self.secrets.merging(environment) { $1 })
                Self.expectNoSecret(result, run, "echo \(name) \(arguments) \(environment)")
                let offline = try run.run(["mars-weather", "--station", "insight", "--offline"], server: nil, extra: Self.secrets)
                Self.expectNoSecret(offline, run, "echo \(name) then --offline")
            }
        }
    }

    @Test func theDashboardNeverShowsWhatTheServersEcho() throws {
        for ((launchName, launchAnswer), (insightName, insightAnswer)) in zip(Self.launchEchoAnswers(), Self.insightEchoAnswers()) {
            for (arguments, environment) in [(["--refresh"], [:]), (["--refresh", "--json"], [:]),
                                             (["--refresh"], ["SPACEDASH_DEBUG_HTTP": "1"])] as [([String], [String: String])] {
                let server = try LoopbackServer(routes: ["/launches/upcoming/": launchAnswer, "/insight_weather/": insightAnswer])
                defer { server.stop() }
                let run = Sandbox()
                let result = try run.run(arguments, server: server, extra: Self.secrets.merging(environment) { $1 })
                Self.expectNoSecret(result, run, "dashboard echo \(launchName) / \(insightName) \(arguments) \(environment)")
            }
        }
    }

    /// The table needs a terminal on stdout: run in this process with one.
    @Test func theLaunchTableNeverShowsAnEchoedToken() async throws {
        for (name, response) in Self.launchEchoAnswers() {
            let server = try LoopbackServer(routes: ["/launches/upcoming/": response])
            defer { server.stop() }
            let run = Sandbox()
            let streams = OutputStreams.memory(stdoutIsTerminal: true)
            _ = await SpaceDash.run(arguments: ["launches", "--refresh"], environment: run.environment(server: server, extra: Self.secrets),
                                    streams: streams)
            for secret in [Self.token, Self.nasaKey] {
                #expect(!streams.stdout.text.contains(secret), "table \(name): \(streams.stdout.text.prefix(400))")
                #expect(!streams.stderr.text.contains(secret), "table \(name): \(streams.stderr.text.prefix(400))")
                for file in run.files() where file.contents.range(of: Data(secret.utf8)) != nil {
                    Issue.record("table \(name): \(file.path) holds a secret")
                }
            }
        }
    }

    /// The interactive search on a terminal wide enough for the whole status line:
    /// neither the failure it quotes nor a launch echoing the token shows the token.
    @Test func theInteractiveSearchNeverShowsAnEchoedToken() throws {
        typealias Runner = LaunchSearchRunnerTests
        for (name, response, marker) in [
            ("403 detail", LoopbackServer.Response.json(#"{"detail": "credential \#(Self.token) rejected"}"#, status: 403), "credential *** rejected)"),
            ("200 launch name", .json(Self.page.replacingOccurrences(of: "Secret Mission", with: "Echo \(Self.token)")), "1 / 1 launches"),
        ] {
            let sandbox = Sandbox()
            let server = try LoopbackServer(routes: ["/launches/upcoming/": response])
            defer { server.stop() }
            let terminal = try PseudoTerminal(columns: 250, rows: 30)
            let process = try Runner.start(terminal, [], sandbox: sandbox, offline: false,
                                           environment: ["SPACEDASH_LAUNCHES_URL": server.baseURL.absoluteString].merging(Self.secrets) { $1 })
            var screen = terminal.read(until: marker)
            #expect(screen.contains(marker), "\(name): \(screen.suffix(600))")
            terminal.type("echo")
            screen += terminal.read(until: "Echo", timeout: 3_000)
            terminal.type("\u{1B}")
            let result = process.wait(timeout: 60)
            screen += String(decoding: terminal.readRemainingOutput(), as: UTF8.self)
            #expect(result.exitCode == 130, "\(name)")
            for secret in [Self.token, Self.nasaKey] {
                #expect(!screen.contains(secret), "\(name): the screen shows a secret")
                #expect(!result.stderrText.contains(secret), "\(name): stderr shows a secret")
                #expect(!result.stdoutText.contains(secret), "\(name): stdout shows a secret")
            }
        }
    }
}
