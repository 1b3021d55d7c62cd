import Foundation
import Testing
import TestSupport

/// What `make install` puts beside the binary, read by the programs that read it
/// on a user's machine: the man page by groff and man, the completions by bash
/// (through bash-completion's loader), zsh (compinit, on a pseudo-terminal) and
/// fish. `make test` installs into a scratch prefix and names the binary in
/// `SPACEDASH_INSTALLED_BINARY`; the prefix is the folder above its `bin`.
private let installedBinary = ProcessInfo.processInfo.environment["SPACEDASH_INSTALLED_BINARY"].map(URL.init(fileURLWithPath:))

@Suite(.enabled(if: installedBinary != nil,
                "SPACEDASH_INSTALLED_BINARY is unset: `make test` installs the man page and completions and checks them"))
struct InstalledDocumentationTests {
    private var share: URL { installedBinary!.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("share") }

    private static func tool(_ name: String) throws -> URL {
        for directory in ["/usr/bin", "/bin"] {
            let url = URL(fileURLWithPath: directory).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        throw ToolMissing(name: name)
    }

    struct ToolMissing: Error, CustomStringConvertible {
        var name: String
        var description: String { "\(name) is not installed (make test-deps installs it)" }
    }

    private func run(_ tool: String, _ arguments: [String], environment: [String: String] = [:]) throws -> ProcessResult {
        try ProcessRunner.run(try Self.tool(tool), arguments: arguments,
                              environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": NSTemporaryDirectory()].merging(environment) { $1 },
                              timeout: 60)
    }

    @Test func theManPageHasNoWarningAndShowsEverySection() throws {
        let page = share.appendingPathComponent("man/man1/spacedash.1").path
        let groff = try run("groff", ["-man", "-ww", "-z", page])
        #expect(groff.exitCode == 0 && groff.stderrText.isEmpty && groff.stdoutText.isEmpty, "\(groff.stderrText)")
        let checked = try run("man", ["--warnings", "-l", page], environment: ["MANWIDTH": "80", "MANPAGER": "cat", "PAGER": "cat"])
        #expect(checked.exitCode == 0 && checked.stderrText.isEmpty, "\(checked.stderrText)")
        let shown = checked.stdoutText
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "ENVIRONMENT", "FILES", "EXIT STATUS", "EXAMPLES", "SEE ALSO"] {
            #expect(shown.contains("\n\(section)\n"), "no \(section)")
        }
        #expect(shown.contains("spacedash launches search"))
        #expect(shown.contains("--agency A"))
        #expect(shown.contains("SPACEDASH_NOW"))
    }

    @Test func bashCompletesAnOptionThroughBashCompletionsLoader() throws {
        // bash-completion loads `spacedash`'s file on first use from XDG_DATA_DIRS, as it
        // would from /usr/share after `make install PREFIX=/usr`.
        let program = """
            source /usr/share/bash-completion/bash_completion
            _completion_loader spacedash
            function=$(complete -p spacedash | sed -E 's/.*-F ([^ ]+).*/\\1/')
            COMP_WORDS=(spacedash launches --ag); COMP_CWORD=2; COMP_LINE='spacedash launches --ag'; COMP_POINT=${#COMP_LINE}
            "$function" spacedash --ag launches
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try run("bash", ["--norc", "--noprofile", "-c", program], environment: ["XDG_DATA_DIRS": share.path])
        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(result.stdoutText == "--agency\n", "\(result.stdoutText)")
    }

    @Test func zshCompletesAnOptionOnATerminal() throws {
        // An interactive zsh on a pseudo-terminal (zsh/zpty) with the installed folder in
        // fpath: compinit registers `_spacedash` from its #compdef line, Tab completes the
        // line, Enter runs it, and a stand-in `spacedash` prints the words it got.
        let driver = #"""
            zmodload zsh/zpty
            zpty shell zsh -f -i
            zpty -w shell "PS1=''; RPS1=''; fpath=($1 \$fpath); autoload -Uz compinit; compinit -u -D; spacedash() { print -r -- W\"ORDS:\$*:E\"ND }"
            zpty -w -n shell "$2"$'\t\n'
            zpty -r shell out '*WORDS:*:END*'
            print -r -- "${${out##*WORDS:}%%:END*}"
            zpty -d shell
            """#
        let functions = share.appendingPathComponent("zsh/site-functions").path
        #expect(FileManager.default.fileExists(atPath: functions + "/_spacedash"))
        for (typed, completed) in [("spacedash launches --ag", "launches --agency"), ("spacedash mars-weather --sta", "mars-weather --station")] {
            let result = try run("timeout", ["20", "zsh", "-f", "-c", driver, "zsh", functions, typed])
            #expect(result.exitCode == 0, "\(result.stderrText)")
            #expect(result.stdoutText == completed + "\n", "\(typed): \(result.stdoutText)")
        }
    }

    @Test func fishCompletesAnOptionFromItsVendorFolder() throws {
        // fish looks in XDG_DATA_DIRS's vendor folders, for a command it finds on PATH.
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("spacedash-fish-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let result = try run("fish", ["-c", "complete -C 'spacedash launches --ag'"],
                             environment: ["PATH": installedBinary!.deletingLastPathComponent().path + ":/usr/bin:/bin",
                                           "HOME": home.path, "XDG_CONFIG_HOME": home.path, "XDG_DATA_DIRS": share.path])
        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(result.stdoutText.split(separator: "\n").map { $0.split(separator: "\t").first.map(String.init) ?? "" } == ["--agency"],
                "\(result.stdoutText)")
    }
}
