#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TestSupport
import TOML

/// The built `spacedash` with a config file in a sandboxed home: where it
/// looks, that a mistake stops it before any request, `config set` from
/// several processes at once and killed mid-write, and `config edit`.
@Suite struct ConfigEndToEndTests {
    let sandbox = Sandbox()
    /// `~/.config/spacedash/config.toml` in the sandbox's home.
    var file: URL { sandbox.directory.appendingPathComponent(".config/spacedash/config.toml") }

    private func write(_ text: String, to url: URL? = nil) throws {
        let url = url ?? file
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    private var contents: String { (try? String(contentsOf: file, encoding: .utf8)) ?? "" }

    @Test func theFileIsInTheHomeOrXDGOrWhereTheVariableSays() throws {
        #expect(try sandbox.run(["config", "path"], server: nil).stdoutText == file.path + "\n")
        let xdg = sandbox.directory.appendingPathComponent("xdg")
        #expect(try sandbox.run(["config", "path"], server: nil, extra: ["XDG_CONFIG_HOME": xdg.path]).stdoutText
                == xdg.path + "/spacedash/config.toml\n")
        #expect(try sandbox.run(["config", "path"], server: nil, extra: ["SPACEDASH_CONFIG": "/etc/spacedash.toml"]).stdoutText
                == "/etc/spacedash.toml\n")
        try write("[launches]\nlimit = 2\n", to: xdg.appendingPathComponent("spacedash/config.toml"))
        #expect(try sandbox.run(["config", "get", "launches.limit"], server: nil, extra: ["XDG_CONFIG_HOME": xdg.path]).stdoutText == "2\n")
    }

    @Test func aMistakeStopsTheRunBeforeAnyRequest() throws {
        let server = try LoopbackServer()
        try write("units = \"metric\"\ntimeout = \"ten\"\n")
        for words in [["mars-weather"], ["launches", "next"], []] {
            let result = try sandbox.run(words, server: server)
            #expect(result.exitCode == 78)
            #expect(result.stderrText == "spacedash: \(file.path):2:11: 'timeout' must be a number, not a string; write timeout = 15\n")
            #expect(result.stdout.isEmpty)
        }
        #expect(server.requests.isEmpty)
        // --no-config runs as without the file (here: to a server with nothing, so from the bundled data).
        #expect(try sandbox.run(["mars-weather", "--no-config"], server: server).exitCode == 0)
    }

    @Test func anUnreadableFileIsAConfigurationError() throws {
        try write("units = \"metric\"\n")
        chmod(file.path, 0)
        defer { chmod(file.path, 0o644) }
        guard access(file.path, R_OK) != 0 else { return }  // root reads it anyway
        let result = try sandbox.run(["mars-weather", "--offline"], server: nil)
        #expect(result.exitCode == 78)
        #expect(result.stderrText == "spacedash: cannot read the config file \(file.path): Permission denied\n")
    }

    @Test func concurrentSetsAllLandInAValidFile() throws {
        try write("# settings\n[launches]\npages = 2\n")
        let settings = [("units", "imperial"), ("utc", "true"), ("timeout", "30"), ("quiet", "true"), ("verbose", "false"),
                        ("interval", "20"), ("launches.limit", "9"), ("mars-weather.sols", "3"), ("demo.speed", "2"), ("station", "insight")]
        let processes = try settings.map { key, value in
            try ProcessRunner.start(ProjectPaths.spacedashBinary, arguments: ["config", "set", key, value],
                                    environment: sandbox.environment(server: nil))
        }
        for process in processes { #expect(process.wait(timeout: 60).exitCode == 0) }
        let document = try TOMLDocument(parsing: Array(contents.utf8))
        #expect(document.entries.count == settings.count + 1)
        for (key, value) in settings {
            #expect(try sandbox.run(["config", "get", key], server: nil).stdoutText == value + "\n", "\(key)")
        }
        #expect(contents.contains("# settings\n[launches]\npages = 2\n"))
        let strays = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
        #expect(strays == ["config.toml"])
    }

    /// A file of a few hundred KB (comments), so a write of it is long enough to cut.
    private func largeFile() -> String {
        (0..<4000).map { "# line \($0) of a long comment, to make the file large enough to cut a write of it\n" }.joined()
            + "units = \"metric\"\n"
    }

    @Test func aWriterKilledMidWriteLeavesTheOldFile() throws {
        let original = largeFile()
        try write(original)
        // The writer may write 16 KB of the new file: the kernel kills it (SIGXFSZ) mid-write.
        let result = try ProcessRunner.run(URL(fileURLWithPath: "/bin/bash"),
                                           arguments: ["-c", "ulimit -c 0; ulimit -f 16; exec \"$0\" config set units imperial",
                                                       ProjectPaths.spacedashBinary.path],
                                           environment: sandbox.environment(server: nil))
        #expect(result.signal == SIGXFSZ)
        #expect(contents == original)
        #expect(try sandbox.run(["config", "get", "units"], server: nil).stdoutText == "metric\n")
        // The next set works, and the file is whole.
        #expect(try sandbox.run(["config", "set", "units", "imperial"], server: nil).exitCode == 0)
        #expect(contents == original.replacingOccurrences(of: "units = \"metric\"", with: "units = \"imperial\""))
    }

    @Test func aWriterSIGKILLedAsItWritesLeavesTheOldFileOrTheNew() throws {
        let original = largeFile()
        try write(original)
        let updated = original.replacingOccurrences(of: "units = \"metric\"", with: "units = \"imperial\"")
        // Killed as soon as its temporary file appears in the folder (inotify), before or
        // during its write, or at worst after its rename: never a torn file.
        let watcher = inotify_init1(Int32(IN_CLOEXEC))
        #expect(watcher >= 0)
        defer { close(watcher) }
        #expect(inotify_add_watch(watcher, file.deletingLastPathComponent().path, UInt32(IN_CREATE)) >= 0)
        let writer = try ProcessRunner.start(ProjectPaths.spacedashBinary, arguments: ["config", "set", "units", "imperial"],
                                             environment: sandbox.environment(server: nil))
        var poller = pollfd(fd: watcher, events: Int16(POLLIN), revents: 0)
        #expect(poll(&poller, 1, 30_000) == 1, "the writer made no temporary file")
        writer.send(signal: SIGKILL)
        let result = writer.wait(timeout: 30)
        #expect(result.signal == SIGKILL || result.exitCode == 0)
        #expect(contents == original || contents == updated)
        #expect(throws: Never.self) { try TOMLDocument(parsing: Array(contents.utf8)) }
        #expect(try sandbox.run(["config", "set", "utc", "true"], server: nil).exitCode == 0)
        #expect(try sandbox.run(["config", "get", "utc"], server: nil).stdoutText == "true\n")
    }

    // MARK: - config edit

    /// An "editor": `/bin/sh SCRIPT`, a script that writes `text` to the file it is
    /// given last. Run by sh rather than made executable: a file just written may be
    /// open in a child another test forks meanwhile, and exec would fail (ETXTBSY).
    private func editor(writing text: String, exitCode: Int = 0) throws -> String {
        let script = sandbox.directory.appendingPathComponent("editor-\(UUID().uuidString)")
        let body = "for last in \"$@\"; do :; done\nprintf '%s' '\(text)' > \"$last\"\nprintf '%s\\n' \"$@\" > \"$last.arguments\"\nexit \(exitCode)\n"
        try Data(body.utf8).write(to: script)
        return "/bin/sh " + script.path
    }

    @Test func editRunsTheEditorWithoutAShellAndChecksTheFileAfter() throws {
        let good = try editor(writing: "units = \"imperial\"\n")
        let result = try sandbox.run(["config", "edit"], server: nil, extra: ["EDITOR": "\(good) --wait $HOME;x"])
        #expect(result.exitCode == 0)
        #expect(contents == "units = \"imperial\"\n")
        // No shell: $HOME and ; reach the editor as typed.
        #expect(try String(contentsOfFile: file.path + ".arguments", encoding: .utf8) == "--wait\n$HOME;x\n\(file.path)\n")
    }

    @Test func visualComesBeforeEditor() throws {
        let visual = try editor(writing: "utc = true\n")
        let plain = try editor(writing: "utc = false\n")
        #expect(try sandbox.run(["config", "edit"], server: nil, extra: ["VISUAL": visual, "EDITOR": plain]).exitCode == 0)
        #expect(contents == "utc = true\n")
    }

    @Test func aFileLeftWithAMistakeIsNamedWithItsLine() throws {
        let bad = try editor(writing: "units = \"imperial\"\n[launches]\nlimit = 0\n")
        let result = try sandbox.run(["config", "edit"], server: nil, extra: ["EDITOR": bad])
        #expect(result.exitCode == 78)
        #expect(result.stderrText == "spacedash: \(file.path):3:9: invalid value \"0\" for [launches] limit: must be between 1 and 100000\n")
        // A broken file can always be edited again.
        let fixed = try editor(writing: "units = \"imperial\"\n")
        #expect(try sandbox.run(["config", "edit"], server: nil, extra: ["EDITOR": fixed]).exitCode == 0)
    }

    @Test func anEditorThatFailsOrIsMissingIsSaidSo() throws {
        let failing = try editor(writing: "", exitCode: 3)
        let failed = try sandbox.run(["config", "edit"], server: nil, extra: ["EDITOR": failing])
        #expect(failed.exitCode == 1)
        #expect(failed.stderrText == "spacedash: the editor '/bin/sh' exited with status 3; the file was not checked (run spacedash config edit again)\n")
        let missing = try sandbox.run(["config", "edit"], server: nil, extra: ["EDITOR": "no-such-editor-here"])
        #expect(missing.exitCode == 1)
        #expect(missing.stderrText == "spacedash: cannot run the editor 'no-such-editor-here': No such file or directory (set VISUAL or EDITOR to one that is installed)\n")
    }
}
