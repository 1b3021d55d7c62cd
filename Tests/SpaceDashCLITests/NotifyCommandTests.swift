import Foundation
import Glibc
import SpaceData
import Testing
import TestSupport
@testable import SpaceDashCLI

/// `spacedash notify`, `launches follow` and `following`, end to end: the built
/// binary against a Launch Library on 127.0.0.1 serving the real listing of
/// 20 July 2026 (../shared/data/launches/ll2; skipped without it), its Starlink
/// Group 17-39 record edited step by step (slipping, holding, flying), with
/// the clock set by SPACEDASH_NOW.
@Suite struct NotifyCommandTests {
    static let starlinkID = "e1079d3a-c0a6-4b42-bc1d-92e48a5a78fc"
    static let listPath = "/2.3.0/launches/upcoming/"
    /// The detailed record's first webcast of the highest priority.
    static let webcast = "https://x.com/i/broadcasts/1qGoNNQZvEMKv"

    /// Launch Library's statuses as 2.2.0 gives them.
    enum Status {
        case go, tbd, hold, inFlight, success

        var object: [String: Any] {
            switch self {
            case .go: ["id": 1, "name": "Go for Launch", "abbrev": "Go"]
            case .tbd: ["id": 2, "name": "To Be Determined", "abbrev": "TBD"]
            case .hold: ["id": 5, "name": "On Hold", "abbrev": "Hold"]
            case .inFlight: ["id": 6, "name": "Launch in Flight", "abbrev": "In Flight"]
            case .success: ["id": 3, "name": "Launch Successful", "abbrev": "Success"]
            }
        }
    }

    /// The listing with Starlink Group 17-39's record changed: its NET (the window
    /// four hours from it), status, name, webcast.
    static func listing(net: String = "2026-07-20T14:49:32Z", status: Status = .go, name: String? = nil,
                        webcastLive: Bool = false) throws -> Data {
        var page = try #require(try JSONSerialization.jsonObject(with: LaunchCaptures.data(LaunchCaptures.july2026List)) as? [String: Any])
        var results = try #require(page["results"] as? [[String: Any]])
        let index = try #require(results.firstIndex { $0["id"] as? String == starlinkID })
        let start = try #require(LaunchLibraryDate.date(from: net))
        results[index]["net"] = net
        results[index]["window_start"] = net
        results[index]["window_end"] = LaunchLibraryDate.string(from: start.addingTimeInterval(4 * 3600))
        results[index]["status"] = status.object
        results[index]["webcast_live"] = webcastLive
        if let name { results[index]["name"] = name }
        page["results"] = results
        return try JSONSerialization.data(withJSONObject: page)
    }

    static func server(_ listing: Data) throws -> LoopbackServer {
        let server = try LoopbackServer(routes: [listPath: .json(listing)])
        server["/2.3.0/launches/\(starlinkID)/"] = .json(try LaunchesShowCommandTests.detailedRecord(starlinkID))
        return server
    }

    static func run(_ arguments: [String], _ sandbox: Sandbox, _ server: LoopbackServer?, at time: String,
                    extra: [String: String] = [:]) throws -> ProcessResult {
        try sandbox.run(arguments, server: server, launchesPath: "/2.3.0",
                        extra: ["TZ": "UTC", "SPACEDASH_NOW": "2026-07-20T\(time):00Z"].merging(extra) { $1 })
    }

    static func stateFile(_ sandbox: Sandbox) -> NotifyStateFile {
        NotifyStateFile(directoryPath: sandbox.directory.appendingPathComponent(".local/state/spacedash").path)
    }

    // MARK: - A day

    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func aLaunchThatSlipsHoldsScrubsReturnsAndFliesEachAlertOnceInOrderNothingAfter() throws {
        let server = try Self.server(try Self.listing())
        defer { server.stop() }
        let sandbox = Sandbox()
        let follow = try Self.run(["launches", "follow", Self.starlinkID], sandbox, server, at: "09:00")
        #expect(follow.exitCode == 0, "\(follow.stderrText)")
        #expect(follow.stdoutText == "following Falcon 9 Block 5 | Starlink Group 17-39 (2026-07-20 14:49 UTC, \(Self.starlinkID))\n")
        // Each step 15 minutes or more after the one before: the cache's freshness, as a timer runs it.
        let steps: [(String, Data)] = [
            ("10:00", try Self.listing()),
            ("13:50", try Self.listing()),
            ("14:10", try Self.listing(net: "2026-07-20T16:49:32Z")),
            ("14:30", try Self.listing(net: "2026-07-20T16:49:32Z", status: .hold)),
            ("15:50", try Self.listing(net: "2026-07-20T16:49:32Z", status: .hold)),
            ("16:10", try Self.listing(net: "2026-07-21T14:49:32Z", status: .tbd)),
            ("17:00", try Self.listing(net: "2026-07-20T18:00:00Z")),
            ("17:50", try Self.listing(net: "2026-07-20T18:00:00Z")),
            ("18:06", try Self.listing(net: "2026-07-20T18:00:00Z", status: .inFlight, webcastLive: true)),
            ("18:30", try Self.listing(net: "2026-07-20T18:00:00Z", status: .success, webcastLive: true)),
            ("19:00", try Self.listing(net: "2026-07-20T18:00:00Z", status: .success)),
            ("21:00", try Self.listing(net: "2026-07-20T18:00:00Z", status: .success)),
        ]
        var told: [String] = []
        for (time, listing) in steps {
            server[Self.listPath] = .json(listing)
            let result = try Self.run(["notify", "--once", "--launches", "starlink", "--before", "1h,10m"], sandbox, server, at: time)
            #expect(result.exitCode == 0, "\(time): \(result.stderrText)")
            #expect(result.stderrText == "", "\(time)")
            told += result.stdoutText.split(separator: "\n").map { "\(time) \($0)" }
        }
        let name = "Falcon 9 Block 5 | Starlink Group 17-39"
        #expect(told == [
            "13:50 \(name): launch in 59m (2026-07-20 14:49 UTC, Vandenberg SFB, CA, USA)",
            "14:10 \(name): postponed 2h to 2026-07-20 16:49 UTC",
            "14:30 \(name): status Go → Hold",
            "16:10 \(name): status Hold → TBD",
            "16:10 \(name): postponed 22h to 2026-07-21 14:49 UTC",
            "17:00 \(name): status TBD → Go",
            "17:00 \(name): moved earlier by 20h 49m to 2026-07-20 18:00 UTC",
            // The detailed record, asked for when the followed launch changed, gave the webcast.
            "17:00 \(name): launch in 1h (2026-07-20 18:00 UTC, Vandenberg SFB, CA, USA) · webcast \(Self.webcast)",
            "17:50 \(name): launch in 10m (2026-07-20 18:00 UTC, Vandenberg SFB, CA, USA) · webcast \(Self.webcast)",
            "18:06 \(name): status Go → In Flight",
            "18:06 \(name): webcast live: \(Self.webcast)",
            "18:30 \(name): status In Flight → Success",
        ])
    }

    // MARK: - Runs at once, runs killed

    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func tenConcurrentRunsDeliverEachAlertOnce() throws {
        let server = try Self.server(try Self.listing())
        defer { server.stop() }
        let sandbox = Sandbox()
        let environment = sandbox.environment(server: server, launchesPath: "/2.3.0",
                                              extra: ["TZ": "UTC", "SPACEDASH_NOW": "2026-07-20T14:40:00Z"])
        let runs = try (0..<10).map { _ in
            try ProcessRunner.start(ProjectPaths.spacedashBinary, arguments: ["notify", "--once", "--launches", "starlink"],
                                    environment: environment)
        }
        let results = runs.map { $0.wait(timeout: 60) }
        #expect(results.allSatisfy { $0.exitCode == 0 }, "\(results.map(\.stderrText))")
        let lines = results.flatMap { $0.stdoutText.split(separator: "\n").map(String.init) }
        #expect(lines == ["Falcon 9 Block 5 | Starlink Group 17-39: launch in 9m (2026-07-20 14:49 UTC, Vandenberg SFB, CA, USA)"],
                "one run told it; the nine others, waiting on the lock, found it told")
    }

    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func aRunKilledAtAnyMomentLeavesAStateThatReads() throws {
        let server = try Self.server(try Self.listing())
        defer { server.stop() }
        let sandbox = Sandbox()
        let follow = try Self.run(["launches", "follow", "starlink"], sandbox, server, at: "12:00")
        #expect(follow.exitCode == 0)
        // Killed after 0 to 30 ms, each run at another point of its check: reading,
        // asking, delivering, writing the temporary file, renaming it.
        for step in 0..<30 {
            let minute = 10 + step
            let running = try ProcessRunner.start(
                ProjectPaths.spacedashBinary, arguments: ["notify", "--once", "--launches", "starlink", "--before", "\(minute)m"],
                environment: sandbox.environment(server: server, launchesPath: "/2.3.0",
                                                 extra: ["TZ": "UTC", "SPACEDASH_NOW": "2026-07-20T14:\(String(format: "%02d", minute)):00Z"]))
            usleep(useconds_t(step * 1000))
            running.send(signal: SIGKILL)
            _ = running.wait(timeout: 30)
            switch try Self.stateFile(sandbox).read() {
            case .state(let state): #expect(state.launches[Self.starlinkID]?.followed == true, "step \(step)")
            case .missing: Issue.record("step \(step): the state file is gone")
            case .damaged(let reason): Issue.record("step \(step): the state file is torn: \(reason)")
            }
        }
    }

    // MARK: - Delivery

    /// A launch name as hostile as a public database may hold: shell syntax, a leading dash, control characters.
    static let hostileName = "-rf $(touch PWNED) `id` ; \"quoted\" \u{1B}]0;title\u{07}\u{1B}[31mred | Flight 1"

    /// A program that writes its arguments (one a line), its SPACEDASH_ variables and its stdin into `folder`.
    static func recorder(named name: String, in folder: URL, exiting status: Int32 = 0) throws -> URL {
        let script = folder.appendingPathComponent(name)
        try """
            #!/bin/sh
            out="$(dirname "$0")/$(basename "$0").$$"
            for argument in "$@"; do printf '%s\\n' "$argument"; done > "$out.args"
            env | grep -E '^SPACEDASH_(EVENT|LAUNCH_ID|LAUNCH_NAME|NET|STATUS|WEBCAST|MESSAGE)=' | sort > "$out.env"
            cat > "$out.stdin"
            exit \(status)
            """.write(to: script, atomically: true, encoding: .utf8)
        chmod(script.path, 0o755)
        return script
    }

    static func recorded(_ folder: URL, _ name: String, _ suffix: String) throws -> [String] {
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(name + ".") && $0.hasSuffix(suffix) }.sorted()
        return try files.map { try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }
    }

    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func notifySendAndTheHookGetTheDataAsTextNeverAsCommandsOrOptions() throws {
        let server = try Self.server(try Self.listing(name: Self.hostileName))
        defer { server.stop() }
        let sandbox = Sandbox()
        let bin = sandbox.directory.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        _ = try Self.recorder(named: "notify-send", in: bin)
        let hook = try Self.recorder(named: "hook", in: bin, exiting: 3)
        let result = try Self.run(["notify", "--once", "--launches", "flight 1", "--exec", hook.path], sandbox, server, at: "14:40",
                                  extra: ["PATH": bin.path + ":/usr/bin:/bin"])
        #expect(result.exitCode == 0, "a failing hook does not fail the run")
        #expect(result.stdoutText == "", "notify-send and the hook take the alerts: no line on stdout")
        let clean = "-rf $(touch PWNED) `id` ; \"quoted\" red | Flight 1"
        #expect(result.stderrText == "spacedash: --exec \(hook.path) exited with status 3 for the reminder alert of \(clean)\n")
        #expect(try Self.recorded(bin, "notify-send", ".args") == [
            "--app-name=spacedash\n--urgency=critical\n--\n\(clean) in 9m\nT-0 2026-07-20 14:49 UTC, Vandenberg SFB, CA, USA\n"])
        #expect(try Self.recorded(bin, "hook", ".args") == [""], "the hook gets no arguments at all")
        #expect(try Self.recorded(bin, "hook", ".stdin") == ["\(clean): launch in 9m (2026-07-20 14:49 UTC, Vandenberg SFB, CA, USA)\n"])
        #expect(try Self.recorded(bin, "hook", ".env") == ["""
            SPACEDASH_EVENT=reminder
            SPACEDASH_LAUNCH_ID=\(Self.starlinkID)
            SPACEDASH_LAUNCH_NAME=\(clean)
            SPACEDASH_MESSAGE=\(clean): launch in 9m (2026-07-20 14:49 UTC, Vandenberg SFB, CA, USA)
            SPACEDASH_NET=2026-07-20T14:49:32Z
            SPACEDASH_STATUS=Go
            SPACEDASH_WEBCAST=

            """])
        #expect(!FileManager.default.fileExists(atPath: sandbox.directory.appendingPathComponent("PWNED").path))
        #expect(!FileManager.default.fileExists(atPath: "PWNED"))
    }

    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func theHooksArgumentsAreTheUsersOwnAsGiven() throws {
        let server = try Self.server(try Self.listing())
        defer { server.stop() }
        let sandbox = Sandbox()
        let hook = try Self.recorder(named: "hook", in: sandbox.directory)
        let result = try Self.run(["notify", "--once", "--launches", "starlink", "--exec", hook.path, "--exec", "a b", "--exec=--x"],
                                  sandbox, server, at: "14:40")
        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(try Self.recorded(sandbox.directory, "hook", ".args") == ["a b\n--x\n"])
        let missing = try Self.run(["notify", "--once", "--exec", "no-such-program-here"], sandbox, server, at: "14:40")
        #expect(missing.exitCode == 64)
        #expect(missing.stderrText == "spacedash: --exec no-such-program-here: no such program (give its path, or a program on PATH)\n")
    }

    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func jsonPrintsEachAlertAsAnObjectALine() throws {
        let server = try Self.server(try Self.listing())
        defer { server.stop() }
        let result = try Self.run(["notify", "--once", "--launches", "starlink", "--json"], Sandbox(), server, at: "14:40")
        #expect(result.stdoutText == """
            {"body":"T-0 2026-07-20 14:49 UTC, Vandenberg SFB, CA, USA","due":"2026-07-20T14:39:32Z","event":"reminder",\
            "launch_id":"\(Self.starlinkID)","launch_name":"Falcon 9 Block 5 | Starlink Group 17-39",\
            "message":"Falcon 9 Block 5 | Starlink Group 17-39: launch in 9m (2026-07-20 14:49 UTC, Vandenberg SFB, CA, USA)",\
            "net":"2026-07-20T14:49:32Z","status":"Go","summary":"Falcon 9 Block 5 | Starlink Group 17-39 in 9m","urgent":true,"webcast":null}

            """)
    }

    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func aDryRunListsTheWeekAheadAndRecordsNothing() throws {
        let server = try Self.server(try Self.listing())
        defer { server.stop() }
        let sandbox = Sandbox()
        let result = try Self.run(["notify", "--dry-run", "--launches", "starship"], sandbox, server, at: "12:00")
        #expect(result.exitCode == 0)
        #expect(result.stdoutText == """
            2026-07-22 22:45 UTC  Starship | Flight 13: launch in 1d (2026-07-23 22:45 UTC, SpaceX Starbase, TX, USA)
            2026-07-23 21:45 UTC  Starship | Flight 13: launch in 1h (2026-07-23 22:45 UTC, SpaceX Starbase, TX, USA)
            2026-07-23 22:35 UTC  Starship | Flight 13: launch in 10m (2026-07-23 22:45 UTC, SpaceX Starbase, TX, USA)

            """)
        #expect(try Self.stateFile(sandbox).read() == .missing)
    }

    // MARK: - The state file

    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func aDamagedStateIsReportedOnceAndReplacedAnotherProgramsIsLeftAlone() throws {
        let server = try Self.server(try Self.listing())
        defer { server.stop() }
        let sandbox = Sandbox()
        let file = Self.stateFile(sandbox)
        try FileManager.default.createDirectory(atPath: file.directoryPath, withIntermediateDirectories: true)
        try Data("{\"format\": \"spacedash-notify 1\", \"laun".utf8).write(to: URL(fileURLWithPath: file.path))
        let first = try Self.run(["notify", "--once", "--launches", "starlink"], sandbox, server, at: "14:40")
        #expect(first.exitCode == 0)
        #expect(first.stderrText == "spacedash: \(file.path) was damaged (it is not JSON); set it aside as \(file.directoryPath)/notify.json.damaged and starting afresh: reminders may repeat, and followed launches must be followed again\n")
        #expect(first.stdoutText.hasPrefix("Falcon 9 Block 5 | Starlink Group 17-39: launch in 9m"))
        let second = try Self.run(["notify", "--once", "--launches", "starlink"], sandbox, server, at: "14:41")
        #expect(second.stderrText == "" && second.stdoutText == "", "reported once, and the reminder recorded")

        try Data("{\"settings\": true}".utf8).write(to: URL(fileURLWithPath: file.path))
        let foreign = try Self.run(["notify", "--once", "--launches", "starlink"], sandbox, server, at: "14:42")
        #expect(foreign.exitCode == 78)
        #expect(foreign.stderrText == "spacedash: \(file.path) is not a spacedash notify state file: move it away or set XDG_STATE_HOME\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: file.path)) == Data("{\"settings\": true}".utf8))
    }

    // MARK: - Requests

    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func aRetryAfterIsHonoured() throws {
        let server = try Self.server(try Self.listing())
        defer { server.stop() }
        let sandbox = Sandbox()
        #expect(try Self.run(["notify", "--once", "--launches", "starlink"], sandbox, server, at: "12:00").exitCode == 0)
        server[Self.listPath] = .tooManyRequests(retryAfter: "1800")
        let throttled = try Self.run(["notify", "--once", "--launches", "starlink"], sandbox, server, at: "12:20")
        #expect(throttled.exitCode == 0)
        #expect(throttled.stderrText.contains("Launch Library"), "\(throttled.stderrText)")
        #expect(server.requests.count == 2)
        for time in ["12:25", "12:35", "12:45"] {
            #expect(try Self.run(["notify", "--once", "--launches", "starlink"], sandbox, server, at: time).exitCode == 0)
        }
        #expect(server.requests.count == 2, "no request until the 30 minutes Launch Library asked for have passed")
        server[Self.listPath] = .json(try Self.listing())
        #expect(try Self.run(["notify", "--once", "--launches", "starlink"], sandbox, server, at: "12:51").exitCode == 0)
        #expect(server.requests.count == 3)
    }

    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func aDayOfRunsEveryFiveMinutesAsksAtMost15TimesAnHour() throws {
        let server = try Self.server(try Self.listing())
        defer { server.stop() }
        let sandbox = Sandbox()
        #expect(try Self.run(["launches", "follow", "starlink"], sandbox, server, at: "00:00").exitCode == 0)
        var requestMinutes: [Int] = []
        for minute in stride(from: 0, to: 24 * 60, by: 5) {
            let before = server.requests.count
            let time = String(format: "%02d:%02d", minute / 60, minute % 60)
            let result = try Self.run(["notify", "--once", "--launches", "starlink", "--launches", "starship"], sandbox, server, at: time)
            #expect(result.exitCode == 0, "\(time): \(result.stderrText)")
            requestMinutes += Array(repeating: minute, count: server.requests.count - before)
        }
        let busiest = requestMinutes.map { start in requestMinutes.count { $0 >= start && $0 < start + 60 } }.max() ?? 0
        #expect(busiest <= 15, "\(requestMinutes)")
        #expect(requestMinutes.count >= 24 * 4 - 2, "every 15 minutes the cache has aged and one request refreshes it")
    }

    // MARK: - Following, the foreground

    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func followFollowingAndUnfollow() throws {
        let server = try Self.server(try Self.listing())
        defer { server.stop() }
        let sandbox = Sandbox()
        let follow = try Self.run(["launches", "follow", "starship"], sandbox, server, at: "12:00")
        #expect(follow.stdoutText == "following Starship | Flight 13 (2026-07-23 22:45 UTC, ac897b9f-44d2-4ff4-8416-1a0a076e98a2)\n")
        let following = try Self.run(["launches", "following"], sandbox, nil, at: "12:00")
        #expect(following.stdoutText == "2026-07-23T22:45:00Z\tStarship | Flight 13\tSpaceX\tTest Flight\tSpaceX Starbase, TX, USA\tGo for Launch\tac897b9f-44d2-4ff4-8416-1a0a076e98a2\n")
        let json = try Self.run(["launches", "following", "--json"], sandbox, nil, at: "12:00")
        let ids = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [[String: Any]]).map { $0["id"] as? String }
        #expect(ids == ["ac897b9f-44d2-4ff4-8416-1a0a076e98a2"])
        let none = try Self.run(["launches", "follow", "nothing-of-the-sort"], sandbox, server, at: "12:00")
        #expect(none.exitCode == 1)
        #expect(none.stderrText.hasPrefix("spacedash: no upcoming launch matches"))
        let unfollow = try Self.run(["launches", "unfollow", "starship"], sandbox, nil, at: "12:00")
        #expect(unfollow.stdoutText == "no longer following Starship | Flight 13 (ac897b9f-44d2-4ff4-8416-1a0a076e98a2)\n")
        #expect(try Self.run(["launches", "following", "--json"], sandbox, nil, at: "12:00").stdoutText == "[]\n")
        #expect(try Self.run(["launches", "unfollow", "starship"], sandbox, nil, at: "12:00").exitCode == 1)
    }

    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"), arguments: [(SIGINT, 130, "interrupted"), (SIGTERM, 0, "terminated")])
    func theForegroundRunEndsOnASignal(signal: Int32, status: Int32, word: String) throws {
        let server = try Self.server(try Self.listing())
        defer { server.stop() }
        let sandbox = Sandbox()
        let running = try ProcessRunner.start(
            ProjectPaths.spacedashBinary, arguments: ["notify", "--launches", "starlink"],
            environment: sandbox.environment(server: server, launchesPath: "/2.3.0", extra: ["TZ": "UTC", "SPACEDASH_NOW": "2026-07-20T12:00:00Z"]))
        #expect(server.wait(timeout: 30) { server.requests.count == 1 }, "the first check asks for the launches")
        running.send(signal: signal)
        let result = running.wait(timeout: 30)
        #expect(result.exitCode == status)
        #expect(result.stderrText.hasSuffix("spacedash: \(word); stopped notifying\n"), "\(result.stderrText)")
    }
}

/// `notify --systemd`: the units, as a script that installs them.
@Suite struct NotifySystemdTests {
    @Test func theScriptWritesBothUnitsWithTheRunsOptionsQuotedForSystemd() throws {
        let sandbox = Sandbox()
        let result = try sandbox.run(["notify", "--systemd", "--launches", "agency:nasa", "--launches", "50% $HOME \"x\"", "--before", "2h,5m"],
                                     server: nil)
        #expect(result.exitCode == 0, "\(result.stderrText)")
        let binary = ProjectPaths.spacedashBinary.resolvingSymlinksInPath().path
        #expect(result.stdoutText.contains(
            "ExecStart=\(binary) notify --once --launches agency:nasa --launches \"50%% $$HOME \\\"x\\\"\" --before 2h,5m\n"))
        #expect(result.stdoutText.contains("OnCalendar=*:0/5\n"))
        #expect(result.stdoutText.contains("systemctl --user enable --now spacedash-notify.timer\n"))
    }

    /// The units as systemd reads them, where systemd-analyze is installed.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze"), "systemd-analyze is not installed"))
    func systemdAnalyzeAcceptsTheUnits() throws {
        let sandbox = Sandbox()
        let script = try sandbox.run(["notify", "--systemd", "--launches", "starship"], server: nil).stdoutText
        let units = sandbox.directory.appendingPathComponent(".config/systemd/user")
        try FileManager.default.createDirectory(at: units, withIntermediateDirectories: true)
        // The script's two here-documents, as `sh` would write them.
        for name in ["spacedash-notify.service", "spacedash-notify.timer"] {
            let start = try #require(script.range(of: "cat > ~/.config/systemd/user/\(name) <<'UNIT'\n"))
            let end = try #require(script.range(of: "\nUNIT\n", range: start.upperBound..<script.endIndex))
            try String(script[start.upperBound..<end.lowerBound] + "\n").write(to: units.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let verified = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/systemd-analyze"),
                                             arguments: ["verify", "--man=no", units.appendingPathComponent("spacedash-notify.service").path,
                                                         units.appendingPathComponent("spacedash-notify.timer").path],
                                             environment: ["PATH": "/usr/bin:/bin", "HOME": sandbox.directory.path], timeout: 60)
        #expect(verified.exitCode == 0, "\(verified.stderrText)")
    }
}
