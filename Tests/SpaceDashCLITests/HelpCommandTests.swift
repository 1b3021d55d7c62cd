import Testing
@testable import SpaceDashCLI

@Suite struct HelpCommandTests {
    private func run(_ arguments: [String]) async -> (code: Int32, stdout: String, stderr: String) {
        await runTest(arguments, root: SpaceDash.self)
    }

    @Test func helpWithoutACommandIsTheTopLevelHelp() async {
        let help = await run(["help"])
        let flag = await run(["--help"])
        #expect(help.code == 0)
        #expect(help.stdout == flag.stdout)
        #expect(help.stdout.contains("Usage: spacedash [COMMAND]"))
    }

    @Test func helpCommandIsTheCommandsHelpFlag() async {
        let help = await run(["help", "help"])
        let flag = await run(["help", "--help"])
        #expect(help.code == 0)
        #expect(help.stdout == flag.stdout)
        #expect(help.stdout.hasPrefix("Show the help of a command.\n\nUsage: spacedash help"))
    }

    @Test func anUnknownCommandIsAUsageErrorWithAHint() async {
        let result = await run(["help", "hepl"])
        #expect(result.code == 64)
        #expect(result.stderr == "spacedash: unknown command 'hepl'; did you mean 'help'?\n"
            + "Usage: spacedash help [--man] [--color WHEN] [COMMAND...]\n")
    }

    @Test func aWordBelowACommandWithoutSubcommandsIsUnknown() async {
        let result = await run(["help", "help", "extra"])
        #expect(result.code == 64)
        #expect(result.stderr.hasPrefix("spacedash: unknown command 'help extra'\n"))
    }
}
