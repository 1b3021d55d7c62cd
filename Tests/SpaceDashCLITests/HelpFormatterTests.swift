import Testing
@testable import SpaceDashCLI
import Terminal

@Suite struct HelpFormatterTests {
    private func chain(_ path: String...) -> [any Command.Type] {
        SpaceDash.commandChain(for: path, root: TestRoot.self)
    }

    @Test func aCommandsHelpPage() {
        #expect(HelpFormatter.help(for: chain("mars-weather")) == """
            Mars weather.

            Usage: spacedash mars-weather [--sols N] [--sol SOL] [--units metric|imperial]
                                          [--timeout SECONDS] [--after DATE] [--name NAME]
                                          [--tag TAG] [--json] [--verbose] [--color WHEN]

            Sols are Martian days.

            Options:
              --sols N                 How many sols to show (default: 7)
              --sol SOL                One sol in detail
              --units metric|imperial  Units of the table (default: metric)
              --timeout SECONDS        Give up after this long (default: 10)
              --after DATE             Only sols after this date
              -n, --name NAME          A name
              -t, --tag TAG            A tag (repeatable)
              -j, --json               Print JSON
              -v, --verbose            Say more

            Global options:
              --color WHEN  Colour the output: auto (on a terminal, unless NO_COLOR is set
                            or TERM is dumb), always or never (default: auto)
              --no-config   Ignore the config file (its settings' environment variables
                            still apply)
              -h, --help    Show this help

            Examples:
              spacedash mars-weather --sols 3
                  The latest three sols.

            """)
    }

    @Test func aGroupListsItsCommandsAndMarksTheDefault() {
        let page = HelpFormatter.help(for: chain("launches"))
        #expect(page.hasPrefix("""
            Rocket launches.

            Usage: spacedash launches [COMMAND] [--interactive] [--limit LIMIT] [--verbose]
                                      [--color WHEN] [QUERY...]

            """), "the default subcommand's options and words work on the group")
        #expect(page.contains("Arguments:\n  QUERY...  Words that must all match\n"))
        #expect(page.contains("  -v, --verbose"))
        #expect(page.contains("Commands:\n  search  Search launches. (default)\n  next    The next launch.\n"))
        #expect(page.hasSuffix("Run 'spacedash launches COMMAND --help' for a command's options and examples.\n"))
    }

    @Test func positionalsAreListedAsArguments() {
        let page = HelpFormatter.help(for: chain("completion"))
        #expect(page.contains("Usage: spacedash completion [--color WHEN] SHELL [FILE]\n"))
        #expect(page.contains("Arguments:\n  SHELL  The shell (one of: bash, zsh, fish)\n  FILE   Where to write it\n"))
    }

    @Test func onlyTheRootListsVersion() {
        #expect(HelpFormatter.help(for: chain()).contains("--version"))
        #expect(!HelpFormatter.help(for: chain("mars-weather")).contains("--version"))
    }

    @Test func headingsAreBoldOnlyWithColour() {
        let coloured = HelpFormatter.help(for: chain("launches", "next"), mode: .colour)
        #expect(coloured.contains("\u{1B}[1mUsage:\u{1B}[0m spacedash launches next"))
        #expect(coloured.contains("\u{1B}[1mGlobal options:\u{1B}[0m"))
        #expect(HelpFormatter.help(for: chain("launches", "next"), mode: .attributes) == coloured)
        #expect(!HelpFormatter.help(for: chain("launches", "next")).contains("\u{1B}"))
    }

    @Test func everyLineFitsEightyColumns() {
        for path in [[], ["mars-weather"], ["launches"], ["launches", "search"], ["completion"]] {
            let page = HelpFormatter.help(for: SpaceDash.commandChain(for: path, root: TestRoot.self))
            for line in page.split(separator: "\n") {
                #expect(line.count <= 80, "\(path): \(line)")
            }
        }
        for line in HelpFormatter.help(for: [SpaceDash.self]).split(separator: "\n") {
            #expect(line.count <= 80, "\(line)")
        }
    }

    @Test func shortUsageKeepsAShortLineWhole() {
        #expect(HelpFormatter.shortUsage(for: chain("completion")) == "spacedash completion [--color WHEN] SHELL [FILE]")
        #expect(HelpFormatter.shortUsage(for: chain("launches", "search"))
            == "spacedash launches search [options] [QUERY...] (see --help)")
        #expect(HelpFormatter.usage(for: chain("launches", "search"))
            == "spacedash launches search [--interactive] [--limit LIMIT] [--verbose] [--color WHEN] [QUERY...]")
    }

    @Test func wrappingKeepsIndentedLinesAndParagraphs() {
        let text = "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen\n\n  kept as is"
        #expect(HelpFormatter.wrap(text, indent: 2) == [
            "  one two three four five six seven eight nine ten eleven twelve thirteen",
            "  fourteen fifteen",
            "",
            "    kept as is",
        ])
    }
}
