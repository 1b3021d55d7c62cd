import Foundation
import Testing
import TestSupport
import SpaceData
@testable import SpaceDashCLI

/// `spacedash launches open`, end to end with a fake `xdg-open` (or `$BROWSER`) on
/// PATH that records its arguments, against the bundled listing offline or a
/// Launch Library on 127.0.0.1 serving records made hostile.
@Suite struct LaunchesOpenCommandTests {
    static let starlinkID = "e1079d3a-c0a6-4b42-bc1d-92e48a5a78fc"

    /// A folder holding an executable `name` that writes each argument, NUL-ended, to `arguments`.
    final class FakeOpener {
        let sandbox: Sandbox
        let folder: URL
        let record: URL

        init(_ sandbox: Sandbox, name: String = "xdg-open", exitStatus: Int = 0) throws {
            self.sandbox = sandbox
            folder = sandbox.directory.appendingPathComponent("bin")
            record = sandbox.directory.appendingPathComponent("arguments")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let script = folder.appendingPathComponent(name)
            try "#!/bin/sh\nprintf '%s\\0' \"$@\" > '\(record.path)'\nexit \(exitStatus)\n".write(to: script, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        }

        /// The arguments of the one run, nil when it never ran.
        var arguments: [String]? {
            guard let data = try? Data(contentsOf: record) else { return nil }
            return data.split(separator: 0, omittingEmptySubsequences: false).dropLast().map { String(decoding: $0, as: UTF8.self) }
        }

        func environment(_ server: LoopbackServer?, _ extra: [String: String] = [:]) -> [String: String] {
            sandbox.environment(server, ["PATH": "\(folder.path):/usr/bin:/bin"].merging(extra) { $1 })
        }
    }

    static func spacedash(_ arguments: [String], _ environment: [String: String]) throws -> ProcessResult {
        try ProcessRunner.run(ProjectPaths.spacedashBinary, arguments: ["launches", "open"] + arguments, environment: environment, timeout: 60)
    }

    @Test func theBestWebcastIsOpenedWithXdgOpenAsOneArgument() throws {
        let opener = try FakeOpener(Sandbox())
        let result = try Self.spacedash(["--offline", "e1079d3a"], opener.environment(nil))
        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(opener.arguments == ["https://x.com/i/broadcasts/1qGoNNQZvEMKv"], "the official webcast, priority 10")
        #expect(result.stdout.isEmpty)
        #expect(result.stderrText.contains("opening the webcast of Falcon 9 Block 5 | Starlink Group 17-39: https://x.com/i/broadcasts/1qGoNNQZvEMKv"))
    }

    @Test func printPrintsTheAddressAndOpensNothing() throws {
        let opener = try FakeOpener(Sandbox())
        let result = try Self.spacedash(["--offline", "--print", "starlink 17-39"], opener.environment(nil))
        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(result.stdoutText == "https://x.com/i/broadcasts/1qGoNNQZvEMKv\n")
        #expect(opener.arguments == nil)
    }

    @Test func browserWinsOverXdgOpenAndTakesPercentS() throws {
        let sandbox = Sandbox()
        let opener = try FakeOpener(sandbox, name: "my-browser")
        let result = try Self.spacedash(["--offline", Self.starlinkID], opener.environment(nil, ["BROWSER": "my-browser --new-tab=%s:lynx"]))
        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(opener.arguments == ["--new-tab=https://x.com/i/broadcasts/1qGoNNQZvEMKv"])
    }

    /// Without a webcast, the information page; the bundled Gravity-1 flight has neither: one line, exit 1.
    @Test func withoutAWebcastTheInformationPageElseOneLine() throws {
        let opener = try FakeOpener(Sandbox())
        let none = try Self.spacedash(["--offline", "-q", "gravity-1"], opener.environment(nil))
        #expect(none.exitCode == 1)
        #expect(none.stderrText == "spacedash: no webcast or information page for Gravity-1 | Unknown Payload yet (links often appear only a day before launch)\n")
        #expect(opener.arguments == nil)
    }

    @Test func noOpenerOnPathIsOneLineAndExits1() throws {
        let result = try Self.spacedash(["--offline", "-q", Self.starlinkID], Sandbox().environment(nil, ["PATH": "/nonexistent"]))
        #expect(result.exitCode == 1)
        #expect(result.stderrText == "spacedash: cannot open a browser: no 'xdg-open' on PATH (install xdg-utils or set BROWSER); --print gives the address\n")
    }

    @Test func anOpenerThatFailsIsOneLineAndExits1() throws {
        let opener = try FakeOpener(Sandbox(), exitStatus: 3)
        let result = try Self.spacedash(["--offline", "-q", Self.starlinkID], opener.environment(nil))
        #expect(result.exitCode == 1)
        #expect(result.stderrText == "spacedash: xdg-open could not open the address (exit 3); --print gives it\n")
    }

    /// A hostile record: an address starting with `-` is never given to a program
    /// (it would be an option), nor `file:`; one with spaces and shell characters is
    /// one argument, its spaces encoded, nothing run by a shell.
    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func hostileAddressesAreOneArgumentOrRefused() throws {
        let page = try #require(try JSONSerialization.jsonObject(with: LaunchCaptures.data(LaunchCaptures.july2026Detailed)) as? [String: Any])
        var record = try #require((page["results"] as? [[String: Any]])?.first { $0["id"] as? String == Self.starlinkID })
        let sandbox = Sandbox()
        let marker = sandbox.directory.appendingPathComponent("pwned").path
        let shelly = "https://example.com/watch?v=1;touch \(marker)&x=$(touch \(marker))`touch \(marker)`'\""
        record["vidURLs"] = [["url": "-oProxyCommand=touch \(marker)", "priority": 10],
                             ["url": "file:///etc/passwd", "priority": 9],
                             ["url": shelly, "priority": 8]]
        let server = try LoopbackServer()
        defer { server.stop() }
        server["/2.3.0/launches/\(Self.starlinkID)/"] = .json(try JSONSerialization.data(withJSONObject: record))
        let opener = try FakeOpener(sandbox)
        let result = try Self.spacedash([Self.starlinkID], opener.environment(server))
        #expect(result.exitCode == 0, "\(result.stderrText)")
        let expected = shelly.replacingOccurrences(of: " ", with: "%20")
        #expect(opener.arguments == [expected])
        #expect(!FileManager.default.fileExists(atPath: marker), "nothing was run by a shell")
        let printed = try Self.spacedash(["--print", Self.starlinkID], opener.environment(server))
        #expect(printed.stdoutText == expected + "\n")
    }

    @Test func theAddressForABrowser() {
        #expect(LaunchLink.webAddress("https://a.example/x y") == "https://a.example/x%20y")
        #expect(LaunchLink.webAddress("HTTP://A.example/é") == "HTTP://A.example/%C3%A9")
        #expect(LaunchLink.webAddress("https://a/\u{1B}]0;x\u{07}") == "https://a/%1B]0;x%07")
        for refused in ["-https://a", "--help", "file:///etc/passwd", "javascript:alert(1)", "https://", "", "ftp://a"] {
            #expect(LaunchLink.webAddress(refused) == nil, "\(refused)")
        }
    }

    @Test func browserCommandsAreSplitWithoutAShell() {
        let url = "https://a/?q=1;b"
        #expect(BrowserLauncher(environment: [:]).command(for: url) == ["xdg-open", url])
        #expect(BrowserLauncher(environment: ["BROWSER": "firefox:lynx"]).command(for: url) == ["firefox", url])
        #expect(BrowserLauncher(environment: ["BROWSER": "firefox --new-window"]).command(for: url) == ["firefox", "--new-window", url])
        #expect(BrowserLauncher(environment: ["BROWSER": "open %s"]).command(for: url) == ["open", url])
        #expect(BrowserLauncher(environment: ["BROWSER": ""]).command(for: url) == ["xdg-open", url])
    }
}
