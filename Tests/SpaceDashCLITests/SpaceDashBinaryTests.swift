import Foundation
import Glibc
import Testing
@testable import SpaceDashCLI
import TestSupport

/// End-to-end: the built `spacedash` executable, as a user runs it.
@Suite struct SpaceDashBinaryTests {
    /// A home and cache of the test's own, and a clean environment: no NO_COLOR
    /// or TERM leaking in from the developer's shell, no API reachable.
    private let sandbox = Sandbox()

    private func spacedash(_ arguments: [String], environment extra: [String: String] = [:],
                           stdout: ProcessRunner.StandardOutput = .capture) throws -> ProcessResult {
        try sandbox.run(arguments, server: nil, extra: extra, stdout: stdout, timeout: 60)
    }

    @Test func helpDescribesTheCommandsWithExamples() throws {
        let result = try spacedash(["--help"])
        #expect(result.exitCode == 0)
        #expect(result.stderrText == "")
        let help = result.stdoutText
        #expect(help.hasPrefix("spacedash \(SpaceDashVersion.current): Mars weather and rocket launches in your terminal.\n"))
        #expect(help.contains("\nUsage: spacedash [COMMAND] [--station curiosity|insight] [--limit N] [--json]\n                 [--units metric|imperial] [--utc] [--quiet] [--offline]\n"))
        #expect(help.contains("\nCommands:\n  help"))
        for heading in ["Options", "Output options", "Fetch options", "Watch options", "Global options"] {
            #expect(help.contains("\n\(heading):\n"), "\(heading)")
        }
        #expect(help.contains("\nExamples:\n  spacedash"))
        #expect(try spacedash(["-h"]).stdout == result.stdout)
    }

    @Test func version() throws {
        let result = try spacedash(["--version"])
        #expect(result.exitCode == 0)
        #expect(result.stdoutText == "spacedash \(SpaceDashVersion.current)\n")
        #expect(result.stderrText == "")
        // A lone --version is answered before the command line is parsed; with
        // other options it goes the whole way: the same answer either way.
        let parsed = try spacedash(["--color", "never", "--version"])
        #expect(parsed.exitCode == 0 && parsed.stdout == result.stdout && parsed.stderrText == "")
    }

    @Test func helpCommandMatchesTheCommandsHelpFlag() throws {
        let viaCommand = try spacedash(["help", "help"])
        #expect(viaCommand.exitCode == 0)
        #expect(viaCommand.stdoutText.hasPrefix("Show the help of a command.\n\nUsage: spacedash help "))
        #expect(try spacedash(["help", "--help"]).stdout == viaCommand.stdout)
    }

    @Test func everyRegisteredCommandAnswersHelp() throws {
        for command in SpaceDash.commands {
            let name = command.configuration.name
            let result = try spacedash([name, "--help"])
            #expect(result.exitCode == 0, "\(name)")
            #expect(result.stdoutText.hasPrefix(command.configuration.abstract), "\(name)")
            #expect(result.stdoutText.contains("Usage: spacedash \(name)"), "\(name)")
        }
    }

    @Test func anUnknownCommandIsOneLineWithAHintThenUsageAndExit64() throws {
        let result = try spacedash(["hepl"])
        #expect(result.exitCode == 64)
        #expect(result.stdoutText == "")
        #expect(result.stderrText == "spacedash: unknown command 'hepl'; did you mean 'help'?\n"
            + "Usage: spacedash [COMMAND] [options] (see --help)\n")
    }

    @Test func anUnknownFlagAndABadValueExit64() throws {
        let flag = try spacedash(["--verison"])
        #expect(flag.exitCode == 64)
        #expect(flag.stderrText.hasPrefix("spacedash: unknown option '--verison'; did you mean '--version'?\n"))
        let value = try spacedash(["--color", "sometimes"])
        #expect(value.exitCode == 64)
        #expect(value.stderrText.hasPrefix("spacedash: invalid value 'sometimes' for --color: expected auto, always or never\n"))
    }

    @Test func colourFollowsTheFlagAndNeverReachesAPipeByItself() throws {
        #expect(!(try spacedash(["--help"]).stdoutText.contains("\u{1B}[")), "a pipe is not a terminal")
        #expect(try spacedash(["--help", "--color", "always"]).stdoutText.contains("\u{1B}[1mUsage:\u{1B}[0m"))
        #expect(try spacedash(["--color=always", "--help"], environment: ["NO_COLOR": "1"]).stdoutText.contains("\u{1B}["),
                "an explicit --color always beats NO_COLOR")
        #expect(!(try spacedash(["--help", "--color", "never"]).stdoutText.contains("\u{1B}[")))
    }

    @Test func aClosedStdoutEndsQuietly() throws {
        let help = try spacedash(["--help"], stdout: .closedPipe)
        #expect(help.exitCode == 0)
        #expect(help.stderrText == "")
        // The dashboard still says on stderr where its data came from.
        let dashboard = try spacedash(["--offline"], stdout: .closedPipe)
        #expect(dashboard.exitCode == 0)
        #expect(!dashboard.stderrText.contains("cannot write"))
    }

    /// `spacedash launches --offline >&-`: stdout closed before the start. The
    /// error names what a closed descriptor is, and the run fails.
    @Test func aStdoutClosedAtStartIsABadFileDescriptor() throws {
        let result = try ProcessRunner.run(
            URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "exec \"$0\" launches --offline >&-", ProjectPaths.spacedashBinary.path],
            environment: sandbox.environment(server: nil, extra: ["SPACEDASH_NOW": "2026-07-20T14:38:00Z"]), timeout: 60)
        #expect(result.exitCode == 1)
        #expect(result.stderrText.hasSuffix("spacedash: cannot write to standard output: Bad file descriptor\n"), "\(result.stderrText)")
    }

    @Test func pipingIntoHeadEndsQuietly() throws {
        let script = "set -o pipefail; \"$0\" --help | head -1"
        let result = try ProcessRunner.run(URL(fileURLWithPath: "/bin/bash"), arguments: ["-c", script, ProjectPaths.spacedashBinary.path],
                                           environment: sandbox.environment(server: nil), timeout: 60)
        #expect(result.exitCode == 0)
        #expect(result.stdoutText == "spacedash \(SpaceDashVersion.current): Mars weather and rocket launches in your terminal.\n")
        #expect(result.stderrText == "")
    }

    @Test func garbageBytesInArgumentsAreAUsageErrorNotACrash() throws {
        let script = "\"$0\" \"$(printf '\\377\\376\\033[2J')\""
        let result = try ProcessRunner.run(URL(fileURLWithPath: "/bin/bash"), arguments: ["-c", script, ProjectPaths.spacedashBinary.path],
                                           environment: sandbox.environment(server: nil), timeout: 60)
        #expect(result.exitCode == 64)
        #expect(result.stderrText.hasPrefix("spacedash: unknown command '\u{FFFD}\u{FFFD}\\u{1B}[2J'\n"))
        #expect(result.stderrText.split(separator: "\n").count == 2)
    }

    @Test func hugeAndEmptyArgumentsAreUsageErrors() throws {
        let huge = try spacedash(["--" + String(repeating: "a", count: 100_000)])
        #expect(huge.exitCode == 64)
        #expect(huge.stderrText.split(separator: "\n").count == 2)
        #expect(huge.stderrText.count < 400)
        let empty = try spacedash([""])
        #expect(empty.exitCode == 64)
        #expect(empty.stderrText.hasPrefix("spacedash: unknown command '' (an empty word)\n"))
        let many = try spacedash(["help"] + Array(repeating: "x", count: 5_000))
        #expect(many.exitCode == 64)
    }

    @Test func theDashboardWithoutACommandGoesToStdout() throws {
        let result = try spacedash(["--offline"])
        #expect(result.exitCode == 0)
        #expect(result.stdoutText.contains("Next launches"))
        // The notices go to stderr; the panel's source line says why in its own words.
        #expect(!result.stdoutText.contains("spacedash: "))
        #expect(result.stderrText.contains("spacedash: launches: "))
        #expect(result.stdoutText.split(separator: "\n").joined(separator: " ")
                    .contains("Source: Launch Library 2's listing of 20 July 2026 (--offline: no request made)"))
    }
}
