import Foundation
import Testing
import TestSupport
@testable import SpaceDashCLI

/// The scripts are checked by the shells themselves: syntax with `-n`, and
/// bash's behaviour by calling the completion function on typed words.
@Suite struct CompletionScriptTests {
    private static func shell(_ name: String) -> URL? {
        for directory in ["/usr/bin", "/bin", "/usr/local/bin"] {
            let url = URL(fileURLWithPath: directory).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }

    private static func script(_ shell: CompletionShell, root: any Command.Type = SpaceDash.self) -> String {
        CompletionScript.script(for: shell, tree: CompletionTree(root: root))
    }

    /// What bash offers after `words` (the last one being typed).
    private func bashCompletes(_ words: [String], root: any Command.Type = TestRoot.self) throws -> [String] {
        let bash = try #require(Self.shell("bash"))
        let array = words.map(CompletionScript.quoted).joined(separator: " ")
        let program = Self.script(.bash, root: root) + """
            COMP_WORDS=(\(array)); COMP_CWORD=\(words.count - 1)
            _spacedash
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try ProcessRunner.run(bash, arguments: ["--norc", "-c", program], timeout: 30)
        #expect(result.status == 0, "\(result.stderrText)")
        return result.stdoutText.split(separator: "\n").map(String.init)
    }

    @Test(arguments: CompletionShell.allCases)
    func theScriptIsValidForItsShell(_ shell: CompletionShell) throws {
        guard let executable = Self.shell(shell.rawValue) else { return }  // not installed: nothing to check with
        for root in [SpaceDash.self, TestRoot.self] as [any Command.Type] {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("spacedash-completion-\(UUID()).\(shell)")
            try Self.script(shell, root: root).write(to: file, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(at: file) }
            let result = try ProcessRunner.run(executable, arguments: ["-n", file.path], timeout: 30)
            #expect(result.status == 0, "\(shell) -n: \(result.stderrText)")
        }
    }

    @Test(arguments: CompletionShell.allCases)
    func theScriptNamesEveryCommandFlagAndFixedValue(_ shell: CompletionShell) {
        let script = Self.script(shell)
        func visit(_ command: any Command.Type) {
            for subcommand in command.configuration.subcommands {
                #expect(script.contains(subcommand.configuration.name), "\(shell): \(subcommand.configuration.name)")
                visit(subcommand)
            }
            for argument in command.configuration.arguments + GlobalOptions.all {
                if argument.kind != .positional {
                    #expect(script.contains(argument.name), "\(shell): --\(argument.name)")
                }
                for value in argument.fixedValues ?? [] {
                    #expect(script.contains(value), "\(shell): \(argument.displayName) \(value)")
                }
            }
        }
        visit(SpaceDash.self)
        #expect(script.contains("completion"))
        #expect(script.contains("always"))
    }

    @Test func bashOffersTheCommandsFirst() throws {
        let offered = try bashCompletes(["spacedash", ""])
        for name in TestRoot.configuration.subcommands.map({ $0.configuration.name }) {
            #expect(offered.contains(name))
        }
        #expect(offered.contains("--color"))
        #expect(offered.contains("--version"))
    }

    @Test func bashCompletesACommandsFlagsByPrefix() throws {
        let offered = try bashCompletes(["spacedash", "mars-weather", "--so"])
        #expect(Set(offered) == ["--sols", "--sol"])
    }

    @Test func bashOffersTheFixedValuesOfAnOption() throws {
        #expect(Set(try bashCompletes(["spacedash", "mars-weather", "--units", ""])) == ["metric", "imperial"])
        #expect(Set(try bashCompletes(["spacedash", "--color", ""])) == ["auto", "always", "never"])
        #expect(Set(try bashCompletes(["spacedash", "mars-weather", "--color", "a"])) == ["auto", "always"])
    }

    @Test func bashOffersNothingForAFreeValue() throws {
        #expect(try bashCompletes(["spacedash", "mars-weather", "--sols", ""]).isEmpty)
    }

    @Test func bashCompletesAPathOptionFromTheDisk() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("spacedash-completion-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in ["saved.json", "saved-2.json", "other.txt"] {
            try Data().write(to: directory.appendingPathComponent(name))
        }
        let prefix = directory.appendingPathComponent("sav").path
        let offered = try bashCompletes(["spacedash", "launches", "search", "--file", prefix], root: SpaceDash.self)
        #expect(Set(offered) == [directory.appendingPathComponent("saved.json").path,
                                 directory.appendingPathComponent("saved-2.json").path])
    }

    @Test func pathOptionsCompleteFilesInEveryShellAndOtherValuesNever() {
        #expect(Self.script(.zsh).contains("'launches search|--file') _files; return 0 ;;"))
        let fish = Self.script(.fish)
        #expect(fish.contains("-l 'file' -r -F"))
        #expect(fish.contains("-l 'limit' -x"), "a number is no file name")
    }

    @Test func bashFollowsNestedCommandsPastOptionValues() throws {
        // `--color never` must not be taken for a command word.
        let offered = try bashCompletes(["spacedash", "--color", "never", "launches", "search", "--"])
        #expect(offered.contains("--interactive"))
        #expect(offered.contains("--limit"))
        #expect(!offered.contains("--version"))
    }

    @Test func bashOffersAPositionalsFixedValues() throws {
        let offered = try bashCompletes(["spacedash", "completion", ""], root: SpaceDash.self)
        #expect(Set(offered).isSuperset(of: ["bash", "zsh", "fish"]))
    }

    @Test func fishOffersSubcommandsAndFixedValues() throws {
        guard let fish = Self.shell("fish") else { return }  // not installed
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("spacedash-completion-\(UUID()).fish")
        try Self.script(.fish, root: TestRoot.self).write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        func offered(_ line: String) throws -> Set<String> {
            let result = try ProcessRunner.run(fish, arguments: ["--no-config", "-c", "source \(file.path); complete -C \(CompletionScript.quoted(line))"], timeout: 30)
            #expect(result.status == 0, "\(result.stderrText)")
            return Set(result.stdoutText.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") })
        }
        #expect(try offered("spacedash ").isSuperset(of: ["mars-weather", "launches"]))
        #expect(try offered("spacedash mars-weather --units ") == ["metric", "imperial"])
        #expect(try offered("spacedash launches search --in") == ["--interactive"])
        #expect(try offered("spacedash mars-weather --sols ").isEmpty, "a free number: no files offered")
    }
}
