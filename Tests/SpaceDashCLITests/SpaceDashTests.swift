import Foundation
import Testing
@testable import SpaceDashCLI
import Terminal

@Suite struct SpaceDashTests {
    @Test func theProgramReadsTheEnvironmentAsFoundationDoes() {
        // TZ, NO_COLOR, SPACEDASH_*…: every variable, its value whole (even with an '=' in it).
        #expect(SpaceDash.processEnvironment() == ProcessInfo.processInfo.environment)
        #expect(!SpaceDash.processEnvironment().isEmpty)
    }

    // MARK: Usage errors: one line, the usage line, 64

    @Test func unknownCommandPrintsOneLineAndTheUsageThenExits64() async {
        let result = await runTest(["mars-wether"])
        #expect(result.code == 64)
        #expect(result.stdout == "")
        #expect(result.stderr == """
            spacedash: unknown command 'mars-wether'; did you mean 'mars-weather'?
            Usage: spacedash [COMMAND] [--color WHEN] [--version]

            """)
    }

    @Test func anOptionErrorShowsTheCommandsOwnUsage() async {
        let result = await runTest(["completion", "zhs"])
        #expect(result.code == 64)
        #expect(result.stderr == """
            spacedash: invalid value 'zhs' for SHELL: expected bash, zsh or fish; did you mean 'zsh'?
            Usage: spacedash completion [--color WHEN] SHELL [FILE]

            """)
    }

    @Test func aLongUsageLineIsFoldedInErrors() async {
        let result = await runTest(["mars-weather", "--sols", "8"])
        #expect(result.code == 64)
        #expect(result.stderr == """
            spacedash: invalid value '8' for --sols: must be between 1 and 7
            Usage: spacedash mars-weather [options] (see --help)

            """)
    }

    @Test func aUsageErrorFromACommandsOwnChecksNamesItsCommand() async {
        let result = await runTest(["mars-weather", "--sol", "3", "--sols", "2"])
        #expect(result.code == 64)
        #expect(result.stderr.hasPrefix("spacedash: --sol and --sols cannot be combined (drop --sols to see one sol)\n"
                                        + "Usage: spacedash mars-weather "))
    }

    @Test func aUsageErrorThrownWhileRunningExits64() async {
        let result = await runTest(["fail", "usage"])
        #expect(result.code == 64)
        #expect(result.stderr == "spacedash: --after must come before --before\nUsage: spacedash fail [--color WHEN] HOW\n")
    }

    // MARK: Failures while running

    @Test func aCommandErrorEndsWithItsOwnCode() async {
        let result = await runTest(["fail", "unavailable"])
        #expect(result.code == 69)
        #expect(result.stdout == "partial ", "what was written before the failure still arrives")
        #expect(result.stderr == "spacedash: no live data (--strict)\n")
    }

    @Test func anyOtherErrorIsOneLineAndExits1() async {
        let plain = await runTest(["fail", "generic"])
        #expect(plain.code == 1)
        #expect(plain.stderr == "spacedash: Plain()\n")
        let localized = await runTest(["fail", "localized"])
        #expect(localized.code == 1)
        #expect(localized.stderr == "spacedash: the feed said no\n")
    }

    @Test func aMultiLineMessageBecomesOneLine() async {
        let result = await runTest(["fail", "multiline"])
        #expect(result.code == 1)
        #expect(result.stderr == "spacedash: first line second line\n")
    }

    @Test func aClosedOutputEndsQuietly() async {
        let result = await runTest(["fail", "closed"])
        #expect(result.code == 0)
        #expect(result.stderr == "")
    }

    @Test func cancellationExits130Quietly() async {
        let result = await runTest(["fail", "cancelled"])
        #expect(result.code == 130)
        #expect(result.stderr == "")
    }

    @Test func aMalformedSpacedashNowIsOneConfigurationLineAndExits78() async {
        let result = await runTest(["mars-weather", "--offline"], environment: ["SPACEDASH_NOW": "next tuesday"], root: SpaceDash.self)
        #expect(result.code == 78, "sysexits' EX_CONFIG: the command line is right, a setting is not")
        #expect(result.stdout == "")
        #expect(result.stderr == "spacedash: SPACEDASH_NOW is not an ISO-8601 UTC time: \"next tuesday\" (set it like 2026-07-20T12:00:00Z, or unset it for the real clock)\n")
        let help = await runTest(["mars-weather", "--help"], environment: ["SPACEDASH_NOW": "next tuesday"], root: SpaceDash.self)
        #expect(help.code == 0, "help needs no clock")
    }

    // MARK: Running commands

    @Test func theRootRunsWithoutACommand() async {
        let result = await runTest([])
        #expect(result.code == 0)
        #expect(result.stdout == "root ran, styles: plain, on stderr: plain\n")
    }

    @Test func theDefaultSubcommandRuns() async {
        let result = await runTest(["launches", "starlink", "-falcon"])
        #expect(result.code == 0)
        #expect(result.stdout == "query=[\"starlink\", \"-falcon\"]\n")
    }

    @Test func commandsReadTheirTypedArguments() async {
        let result = await runTest(["mars-weather", "--sols=3", "--units", "imperial", "-j"])
        #expect(result.stdout == "sols=3 units=imperial json=true\n")
        #expect(result.stderr == "")
    }

    // MARK: Help and version

    @Test func versionPrintsTheOneVersionString() async {
        let result = await runTest(["--version"])
        #expect(result.code == 0)
        #expect(result.stdout == "spacedash \(SpaceDashVersion.current)\n")
        #expect(SpaceDashVersion.userAgent == "spacedash/\(SpaceDashVersion.current)")
    }

    @Test func helpGoesToStdoutAndExits0() async {
        let result = await runTest(["mars-weather", "--help"])
        #expect(result.code == 0)
        #expect(result.stderr == "")
        #expect(result.stdout.hasPrefix("Mars weather.\n\nUsage: spacedash mars-weather [--sols N]"))
    }

    // MARK: The real command tree

    @Test func spacedashHelpListsItsCommands() async {
        let streams = OutputStreams.memory()
        let code = await SpaceDash.run(arguments: ["--help"], environment: [:], streams: streams)
        #expect(code == 0)
        #expect(streams.stdout.text.contains("\nCommands:\n  help"))
        #expect(streams.stdout.text.contains("  -h, --help"))
        #expect(streams.stdout.text.contains("  --version"))
    }

    @Test func spacedashHelpGivesEachCommandOneLine() async throws {
        let streams = OutputStreams.memory()
        _ = await SpaceDash.run(arguments: ["--help"], environment: [:], streams: streams)
        let text = streams.stdout.text
        let start = try #require(text.range(of: "\nCommands:\n"))
        let list = text[start.upperBound...].prefix { _ in true }.split(separator: "\n\n", maxSplits: 1)[0]
        let lines = list.split(separator: "\n")
        #expect(lines.count == SpaceDash.configuration.subcommands.count, "\(lines)")
        for command in SpaceDash.configuration.subcommands {
            #expect(lines.contains { $0.hasPrefix("  \(command.configuration.name) ") && $0.hasSuffix(command.configuration.abstract) },
                    "\(command.configuration.name) on one line")
        }
    }

    @Test func spacedashAloneShowsTheDashboardOnStdout() async {
        let streams = OutputStreams.memory()
        let code = await SpaceDash.run(arguments: ["--offline"], environment: ["SPACEDASH_CACHE_DIR": "/nonexistent/spacedash-test",
                                                                             "SPACEDASH_NOW": "2026-07-20T14:38:00Z"],
                                       streams: streams)
        #expect(code == 0)
        #expect(streams.stdout.text.contains("Mars weather"))
        #expect(streams.stdout.text.contains("Next launches"))
        // Each panel's one step down, once: nothing cached, so the bundled data.
        #expect(streams.stderr.text.contains("spacedash: launches: no launches cached yet; showing Launch Library 2's listing of 20 July 2026"))
        #expect(streams.stderr.text.contains("spacedash: mars-weather: no cached Mars weather from Curiosity yet; showing the bundled sample"))
        #expect(streams.stderr.text.split(separator: "\n").count == 2)
    }

    @Test func everyRegisteredCommandHasAnAbstractAndUniqueNames() {
        func visit(_ command: any Command.Type, path: [String]) {
            let configuration = command.configuration
            #expect(!configuration.abstract.isEmpty, "\(path)")
            let options = configuration.arguments.filter { $0.kind != .positional } + GlobalOptions.all
            let longNames = options.map(\.name)
            #expect(Set(longNames).count == longNames.count, "duplicate option in \(path): \(longNames)")
            let shortNames = options.compactMap(\.short)
            #expect(Set(shortNames).count == shortNames.count, "duplicate short option in \(path)")
            let positionals = configuration.arguments.filter { $0.kind == .positional }
            #expect(positionals.dropLast().allSatisfy { !$0.isRepeatable }, "only the last positional may repeat: \(path)")
            let subcommandNames = configuration.subcommands.map { $0.configuration.name }
            #expect(Set(subcommandNames).count == subcommandNames.count, "\(path)")
            for subcommand in configuration.subcommands {
                visit(subcommand, path: path + [subcommand.configuration.name])
            }
        }
        visit(SpaceDash.self, path: ["spacedash"])
        visit(TestRoot.self, path: ["test"])
    }

    @Test func everySpacedashCommandShowsAnExampleInItsHelp() {
        func visit(_ command: any Command.Type, path: [String]) {
            #expect(!command.configuration.examples.isEmpty, "\(path) needs an example for its --help")
            for example in command.configuration.examples {
                #expect(example.commandLine.hasPrefix("spacedash"), "\(path): \(example.commandLine)")
            }
            for subcommand in command.configuration.subcommands {
                visit(subcommand, path: path + [subcommand.configuration.name])
            }
        }
        visit(SpaceDash.self, path: ["spacedash"])
    }

    // MARK: Styling decided once, from --color, the terminal and the environment

    @Test(arguments: [
        ([String](), true, [String: String](), StyleMode.colour),
        ([], false, [:], .plain),
        ([], true, ["NO_COLOR": "1"], .attributes),
        ([], true, ["NO_COLOR": ""], .colour),
        ([], true, ["TERM": "dumb"], .plain),
        (["--color", "never"], true, [:], .plain),
        (["--color", "always"], false, ["NO_COLOR": "1", "TERM": "dumb"], .colour),
        (["--color=always"], false, [:], .colour),
    ])
    func stylingOfStdout(arguments: [String], isTerminal: Bool, environment: [String: String], expected: StyleMode) async {
        let result = await runTest(arguments, environment: environment, stdoutIsTerminal: isTerminal)
        #expect(result.code == 0)
        #expect(result.stdout == "root ran, styles: \(expected), on stderr: \(arguments.contains { $0.contains("always") } ? "colour" : "plain")\n")
    }

    @Test func helpIsStyledOnlyWhenStylesAreOn() async {
        let styled = await runTest(["--help"], stdoutIsTerminal: true, root: SpaceDash.self)
        #expect(styled.stdout.contains("\u{1B}[1mUsage:\u{1B}[0m"))
        let plain = await runTest(["--help"], stdoutIsTerminal: false, root: SpaceDash.self)
        #expect(!plain.stdout.contains("\u{1B}"))
    }
}
