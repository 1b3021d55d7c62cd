import Foundation
import Testing
@testable import SpaceDashCLI

private func parse(_ words: [String]) throws -> Invocation {
    try CommandLineParser.parse(words, root: TestRoot.self)
}

private func names(_ invocation: Invocation) -> [String] { invocation.commandPath }

/// The one line the user would see, or nil when the words parse.
private func problem(_ words: [String]) -> String? {
    do {
        _ = try CommandLineParser.parse(words, root: TestRoot.self)
        return nil
    } catch {
        return error.description
    }
}

@Suite struct CommandLineParserTests {
    // MARK: Options

    @Test func optionValueAfterASpaceOrAnEqualsSign() throws {
        #expect(try parse(["mars-weather", "--sols", "3"]).arguments[TestWeather.sols] == 3)
        #expect(try parse(["mars-weather", "--sols=4"]).arguments[TestWeather.sols] == 4)
        #expect(try parse(["mars-weather", "--name=a=b"]).arguments[TestWeather.name] == "a=b")
    }

    @Test func defaultsApplyWhenAnOptionIsAbsent() throws {
        let arguments = try parse(["mars-weather"]).arguments
        #expect(arguments[TestWeather.sols] == 7)
        #expect(arguments[TestWeather.units] == .metric)
        #expect(arguments[TestWeather.timeout] == 10)
        #expect(arguments[TestWeather.sol] == nil)
        #expect(arguments[TestWeather.json] == false)
        #expect(arguments[TestWeather.tags] == [])
        #expect(!arguments.contains(TestWeather.sols))
    }

    @Test func typedValues() throws {
        let arguments = try parse(["mars-weather", "--units", "imperial", "--timeout", "2.5", "--sol", "1200",
                                   "--after", "2026-11-21"]).arguments
        #expect(arguments[TestWeather.units] == .imperial)
        #expect(arguments[TestWeather.timeout] == 2.5)
        #expect(arguments[TestWeather.sol] == 1200)
        #expect(arguments[TestWeather.after] == Date(timeIntervalSince1970: 1_795_219_200))
    }

    @Test func enumValuesIgnoreLetterCase() throws {
        #expect(try parse(["mars-weather", "--units", "Imperial"]).arguments[TestWeather.units] == .imperial)
    }

    @Test func theLastOfARepeatedSingleOptionWins() throws {
        #expect(try parse(["mars-weather", "--sols", "2", "--sols", "5"]).arguments[TestWeather.sols] == 5)
    }

    @Test func repeatedOptionsCollectEveryValueInOrder() throws {
        let arguments = try parse(["mars-weather", "--tag", "a", "-t", "b", "--tag=c", "-td"]).arguments
        #expect(arguments[TestWeather.tags] == ["a", "b", "c", "d"])
    }

    @Test func shortAliasesTakeValuesAttachedOrSeparate() throws {
        #expect(try parse(["mars-weather", "-n", "x"]).arguments[TestWeather.name] == "x")
        #expect(try parse(["mars-weather", "-ny"]).arguments[TestWeather.name] == "y")
        #expect(try parse(["mars-weather", "-n=z"]).arguments[TestWeather.name] == "z")
    }

    @Test func shortFlagsBundle() throws {
        let arguments = try parse(["mars-weather", "-jv"]).arguments
        #expect(arguments[TestWeather.json] && arguments[TestWeather.verbose])
    }

    @Test func aBundleMayEndWithAnOptionTakingAValue() throws {
        let separate = try parse(["mars-weather", "-jn", "x"]).arguments
        #expect(separate[TestWeather.json] && separate[TestWeather.name] == "x")
        let attached = try parse(["mars-weather", "-vnyz"]).arguments
        #expect(attached[TestWeather.verbose] && attached[TestWeather.name] == "yz")
        #expect(problem(["mars-weather", "-jn"]) == "-n needs a value: some text")
    }

    @Test func negativeNumbersAreValuesNotOptions() throws {
        #expect(problem(["mars-weather", "--sols", "-3"]) == "invalid value '-3' for --sols: must be between 1 and 7")
        #expect(try parse(["launches", "search", "-5"]).arguments[TestSearch.query] == ["-5"])
    }

    @Test func datesAcceptDaysAndISOTimesWithZones() throws {
        #expect(try Date.parse(argument: "2026-11-21T14:30:00Z") == Date(timeIntervalSince1970: 1_795_271_400))
        #expect(try Date.parse(argument: "2026-11-21T15:30+01:00") == Date(timeIntervalSince1970: 1_795_271_400))
        #expect(try Date.parse(argument: "2026-11-21T14:30:15-00:30") == Date(timeIntervalSince1970: 1_795_273_215))
        #expect(try Date.parse(argument: "1969") == Date(timeIntervalSince1970: -31_536_000), "a year is its first instant, UTC")
        #expect(try Date.parse(argument: "2026") == (try Date.parse(argument: "2026-01-01")))
        for bad in ["2026-02-30", "2026-13-01", "21/11/2026", "2026-11-21T25:00Z", "2026-11-21T", "tomorrow", "", "969", "19690", "196x"] {
            #expect(throws: InvalidArgumentValue.self, "\(bad)") { try Date.parse(argument: bad) }
        }
    }

    // MARK: Positionals and `--`

    @Test func repeatedPositionalsTakeEveryWord() throws {
        #expect(try parse(["launches", "search", "falcon", "9"]).arguments[TestSearch.query] == ["falcon", "9"])
    }

    @Test func dashWordsAreQueryTermsWhenTheCommandTakesThem() throws {
        let invocation = try parse(["launches", "search", "starlink", "-falcon", "-i"])
        #expect(invocation.arguments[TestSearch.query] == ["starlink", "-falcon"])
        #expect(invocation.arguments[TestSearch.interactive])
    }

    @Test func knownShortOptionsAndTheirBundlesAreOptionsAmongQueryWords() throws {
        for bundle in ["-iv", "-vi"] {
            let arguments = try parse(["launches", "search", bundle, "starlink"]).arguments
            #expect(arguments[TestSearch.interactive] && arguments[TestSearch.verbose], "\(bundle)")
            #expect(arguments[TestSearch.query] == ["starlink"])
        }
        #expect(try parse(["launches", "-v"]).arguments[TestSearch.verbose])
    }

    @Test func shortDashWordsThatAreNoOptionsFailSayingHowToExclude() throws {
        #expect(problem(["launches", "search", "-iq"])
            == "unknown option '-q' in '-iq' (to exclude 'iq', write it after --: spacedash launches search -- -iq)")
        #expect(problem(["launches", "search", "starlink", "-iq"])
            == "unknown option '-q' in '-iq' (to exclude 'iq', write it after --: spacedash launches search -- starlink -iq)")
        #expect(problem(["launches", "search", "-l", "3"])
            == "unknown option '-l' (to exclude 'l', write it after --: spacedash launches search -- -l)")
        #expect(problem(["launches", "-x"]) != nil, "the default subcommand judges dash-words the same way")
        #expect(try parse(["launches", "search", "--", "starlink", "-iq"]).arguments[TestSearch.query] == ["starlink", "-iq"])
        #expect(try parse(["launches", "search", "falcon", "-esa"]).arguments[TestSearch.query] == ["falcon", "-esa"],
                "three letters and more exclude")
    }

    @Test func doubleDashEndsOptions() throws {
        let arguments = try parse(["launches", "search", "--limit", "2", "--", "--limit", "-i", "--help"]).arguments
        #expect(arguments[TestSearch.query] == ["--limit", "-i", "--help"])
        #expect(arguments[TestSearch.limit] == 2)
        #expect(!arguments[TestSearch.interactive])
    }

    @Test func requiredAndOptionalPositionals() throws {
        let one = try parse(["completion", "zsh"]).arguments
        #expect(one[TestCompletion.shell] == .zsh)
        #expect(one[TestCompletion.output] == nil)
        #expect(try parse(["completion", "fish", "out.fish"]).arguments[TestCompletion.output] == "out.fish")
    }

    @Test func aLoneDashIsAValue() throws {
        #expect(try parse(["completion", "bash", "-"]).arguments[TestCompletion.output] == "-")
    }

    // MARK: Commands

    @Test func subcommandsAndNestedSubcommands() throws {
        #expect(names(try parse([])) == [])
        #expect(names(try parse(["mars-weather"])) == ["mars-weather"])
        #expect(names(try parse(["launches", "next"])) == ["launches", "next"])
        #expect(names(try parse(["launches", "search", "x"])) == ["launches", "search"])
    }

    @Test func aGroupRunsItsDefaultSubcommand() throws {
        #expect(names(try parse(["launches"])) == ["launches", "search"])
        let words = try parse(["launches", "starlink", "--limit", "3"])
        #expect(names(words) == ["launches", "search"])
        #expect(words.arguments[TestSearch.query] == ["starlink"])
        #expect(names(try parse(["launches", "-i"])) == ["launches", "search"])
    }

    @Test func aCommandsOwnOptionsMayComeBeforeItsName() throws {
        let json = try parse(["--json", "mars-weather"])
        #expect(names(json) == ["mars-weather"])
        #expect(json.arguments[TestWeather.json])
        let valued = try parse(["--sols", "3", "-jn", "x", "mars-weather", "--units", "imperial"])
        #expect(names(valued) == ["mars-weather"])
        #expect(valued.arguments[TestWeather.sols] == 3 && valued.arguments[TestWeather.name] == "x")
        #expect(valued.arguments[TestWeather.units] == .imperial)
        #expect(try parse(["--verbose", "--sols=2", "mars-weather"]).arguments[TestWeather.sols] == 2)
        // A group's default subcommand's options count as the group's.
        let launches = try parse(["--limit", "3", "launches", "starlink"])
        #expect(names(launches) == ["launches", "search"])
        #expect(launches.arguments[TestSearch.limit] == 3 && launches.arguments[TestSearch.query] == ["starlink"])
        #expect(names(try parse(["--limit", "3", "launches", "search"])) == ["launches", "search"])
    }

    @Test func optionsACommandLacksBeforeItsNameNameTheCommand() throws {
        #expect(problem(["--limit", "3", "mars-weather"])
            == "unknown option '--limit' for 'spacedash mars-weather' (see 'spacedash mars-weather --help')")
        #expect(problem(["--json", "-q", "mars-weather"])
            == "unknown option '-q' for 'spacedash mars-weather' (see 'spacedash mars-weather --help')")
        #expect(problem(["--bogus", "--help", "mars-weather"]) == "unknown option '--bogus' for 'spacedash mars-weather' (see 'spacedash mars-weather --help')",
                "an unknown word is answered as without --help")
    }

    @Test func theRealTreeTakesOptionsBeforeTheCommandThatHasThem() throws {
        func real(_ words: [String]) throws(UsageError) -> Invocation { try CommandLineParser.parse(words, root: SpaceDash.self) }
        let offline = try real(["--offline", "mars-weather"])
        #expect(offline.commandPath == ["mars-weather"] && offline.arguments[FetchOptions.offline])
        let json = try real(["--json", "launches"])
        #expect(json.commandPath == ["launches", "search"] && json.arguments[OutputOptions.json])
        #expect(try real(["--", "mars-weather"]).commandPath == ["mars-weather"])
        #expect(try real(["--json"]).arguments[OutputOptions.json], "the dashboard's own")
        do {
            _ = try real(["--json", "demo"])
            Issue.record("demo has no --json")
        } catch {
            #expect(error.description == "unknown option '--json' for 'spacedash demo' (see 'spacedash demo --help')")
            #expect(error.commandPath == ["demo"], "the usage line shown is demo's")
        }
    }

    @Test func doubleDashBeforeACommandEndsTheOptionsBeforeIt() throws {
        #expect(names(try parse(["--", "mars-weather"])) == ["mars-weather"])
        let own = try parse(["--color", "never", "--", "mars-weather", "--sols", "2"])
        #expect(names(own) == ["mars-weather"] && own.colorMode == .never)
        #expect(own.arguments[TestWeather.sols] == 2, "the command reads its own options as usual")
        let nested = try parse(["--", "launches", "search", "--limit", "2", "--", "-iq"])
        #expect(names(nested) == ["launches", "search"])
        #expect(nested.arguments[TestSearch.limit] == 2 && nested.arguments[TestSearch.query] == ["-iq"])
        // A command taking words of its own gets the word after --, even a command's name.
        let literal = try parse(["launches", "--", "next"])
        #expect(names(literal) == ["launches", "search"])
        #expect(literal.arguments[TestSearch.query] == ["next"])
        #expect(problem(["--", "dashboard"]) == "unknown command 'dashboard'")
    }

    @Test func helpAsAGroupsFirstWordShowsTheGroupsHelp() throws {
        let group = try parse(["launches", "help"])
        #expect(group.action == .help)
        #expect(group.helpTarget.map { $0.configuration.name } == ["spacedash", "launches"])
        #expect(try parse(["launches", "help", "next"]).helpTarget.map { $0.configuration.name } == ["spacedash", "launches", "next"])
        #expect(try parse(["launches", "--", "help"]).action == .run, "after -- it is a query word")
    }

    /// Review P3 #19: `mars-weather help` was a usage error while `launches help` showed help.
    @Test func helpAfterACommandThatTakesNoWordsShowsItsHelp() throws {
        let weather = try parse(["mars-weather", "help"])
        #expect(weather.action == .help)
        #expect(weather.helpTarget.map { $0.configuration.name } == ["spacedash", "mars-weather"])
        #expect(problem(["mars-weather", "help", "me"]) != nil, "more words are still a mistake")
        // A lone "help" is the help everywhere; the word itself goes after --.
        #expect(try parse(["launches", "search", "help"]).action == .help)
        #expect(try parse(["launches", "next", "help"]).helpTarget.map { $0.configuration.name } == ["spacedash", "launches", "next"])
        #expect(try parse(["launches", "search", "--", "help"]).action == .run, "a search's words are its query")
        #expect(try parse(["launches", "search", "help", "desk"]).action == .run)
    }

    @Test func aMisspelledSubcommandInAGroupWithADefaultIsAUsageError() throws {
        #expect(problem(["launches", "serch", "starlink"])
            == "unknown command 'serch' for 'spacedash launches'; did you mean 'search'? (for the word itself, write: spacedash launches -- serch)")
        #expect(problem(["launches", "--limit", "2", "Searhc"]) != nil)
        #expect(problem(["launches", "search", "serch"]) == nil, "a query word once the command is named")
        #expect(problem(["launches", "--", "serch"]) == nil)
        #expect(problem(["launches", "starlink", "serch"]) == nil, "only the first word can be a command")
        #expect(problem(["launches", "sea", "launch"]) == nil, "a short word is a query, though a prefix of search")
        #expect(problem(["launches", "research"]) == nil, "two edits away")
        #expect(problem(["launches", "serch", "--help"]) == problem(["launches", "serch"]), "--help does not hide the typo")
    }

    @Test func globalOptionsGoBeforeOrAfterTheCommand() throws {
        let before = try parse(["--color", "never", "mars-weather", "--sols", "2"])
        #expect(names(before) == ["mars-weather"])
        #expect(before.colorMode == .never)
        #expect(try parse(["mars-weather", "--color=always"]).colorMode == .always)
        #expect(try parse(["launches", "--color", "never", "search"]).commandPath == ["launches", "search"])
        #expect(try parse([]).colorMode == .auto)
    }

    // MARK: Help and version

    @Test func helpOnEveryCommand() throws {
        for words in [["--help"], ["-h"], ["mars-weather", "--help"], ["completion", "-h"], ["launches", "search", "--help"]] {
            let invocation = try parse(words)
            #expect(invocation.action == .help, "\(words)")
            #expect(invocation.helpTarget.map { $0.configuration.name } == ["spacedash"] + words.filter { !$0.hasPrefix("-") })
        }
    }

    @Test func helpOnAGroupShowsTheGroupUnlessItsDefaultWasAlreadyGivenWords() throws {
        #expect(try parse(["launches", "--help"]).helpTarget.map { $0.configuration.name } == ["spacedash", "launches"])
        #expect(try parse(["launches", "starlink", "--help"]).helpTarget.map { $0.configuration.name }
            == ["spacedash", "launches", "search"])
    }

    @Test func helpWinsOverMistakes() throws {
        let invocation = try parse(["mars-weather", "--sols", "abc", "--bogus", "--color", "never", "--help"])
        #expect(invocation.action == .help)
        #expect(invocation.colorMode == .never)
        #expect(invocation.helpTarget.last?.configuration.name == "mars-weather")
    }

    @Test func anUnknownWordIsAnErrorWithOrWithoutHelp() throws {
        // `spacedash launchs --help` used to print the root's help and exit 0.
        for words in [["lanches"], ["dashboard"], ["mars-weather", "foo"], ["mars-weather", "--bogus"], ["completion", "bash", "file", "extra"]] {
            let without = problem(words)
            #expect(without != nil, "\(words)")
            #expect(problem(words + ["--help"]) == without, "\(words) --help")
            #expect(problem(["--help"] + words) == without, "--help \(words)")
        }
        // A wrong value is not an unknown word: help shows how to give it.
        #expect(try parse(["mars-weather", "--sols", "99", "--help"]).action == .help)
        #expect(try parse(["completion", "--help"]).action == .help, "a missing argument neither")
    }

    @Test func anOptionOfAnotherCommandNamesItsCommands() {
        // One command tree: the parser knows who takes `--limit`.
        #expect(problem(["mars-weather", "--limit", "3"]) == "unknown option '--limit' (--limit is an option of 'spacedash launches search')")
        #expect(problem(["mars-weather", "--bogus"]) == "unknown option '--bogus'", "nobody's option: no hint")
    }

    @Test func version() throws {
        #expect(try parse(["--version"]).action == .version)
    }

    // MARK: Every error, word for word

    @Test func unknownCommandWithAHint() {
        #expect(problem(["mars-wether"]) == "unknown command 'mars-wether'; did you mean 'mars-weather'?")
        #expect(problem(["lanches"]) == "unknown command 'lanches'; did you mean 'launches'?")
        #expect(problem(["mars"]) == "unknown command 'mars'; did you mean 'mars-weather'?")
        #expect(problem(["launches", "nxt"]) == nil, "a group with a default takes unknown words as its default's")
    }

    @Test func unknownCommandWithoutAHint() {
        #expect(problem(["dashboard"]) == "unknown command 'dashboard'")
        #expect(problem([""]) == "unknown command '' (an empty word)")
    }

    @Test func unknownOptionWithAHint() {
        #expect(problem(["mars-weather", "--sosl", "3"]) == "unknown option '--sosl'; did you mean '--sols'?")
        #expect(problem(["mars-weather", "--unit=metric"]) == "unknown option '--unit'; did you mean '--units'?")
        #expect(problem(["--colour", "never"]) == "unknown option '--colour'; did you mean '--color'?")
        #expect(problem(["mars-weather", "-sols", "3"]) == "unknown option '-sols'; did you mean '--sols'?")
    }

    @Test func unknownOptionWithoutAHint() {
        #expect(problem(["mars-weather", "--everything"]) == "unknown option '--everything'")
        #expect(problem(["mars-weather", "-x"]) == "unknown option '-x'")
        #expect(problem(["mars-weather", "-jx"]) == "unknown option '-x' in '-jx'")
        #expect(problem(["launches", "search", "--bogus"]) == "unknown option '--bogus'")
    }

    @Test func missingValues() {
        #expect(problem(["mars-weather", "--sols"]) == "--sols needs a value: a whole number, e.g. --sols 7")
        #expect(problem(["mars-weather", "--sols", "--json"]) == "--sols needs a value: a whole number, e.g. --sols 7")
        #expect(problem(["mars-weather", "--units"]) == "--units needs a value: metric or imperial, e.g. --units metric")
        #expect(problem(["mars-weather", "-n"]) == "-n needs a value: some text")
        #expect(problem(["mars-weather", "--after"]) == "--after needs a value: a year like 1969, a date like 2026-11-21 or a time like 2026-11-21T14:30:00Z")
        #expect(problem(["--color"]) == "--color needs a value: auto, always or never, e.g. --color auto")
    }

    @Test func malformedValues() {
        #expect(problem(["mars-weather", "--sols", "abc"]) == "invalid value 'abc' for --sols: expected a whole number")
        #expect(problem(["mars-weather", "--sols=3.5"]) == "invalid value '3.5' for --sols: expected a whole number")
        #expect(problem(["mars-weather", "--sols", "99999999999999999999"])
            == "invalid value '99999999999999999999' for --sols: the number is too large")
        #expect(problem(["mars-weather", "--timeout", "soon"]) == "invalid value 'soon' for --timeout: expected a number")
        #expect(problem(["mars-weather", "--timeout", "nan"]) == "invalid value 'nan' for --timeout: expected a number")
        #expect(problem(["mars-weather", "--after", "2026-02-30"])
            == "invalid value '2026-02-30' for --after: expected a year like 1969, a date like 2026-11-21 or a time like 2026-11-21T14:30:00Z")
        #expect(problem(["mars-weather", "--name", ""]) == "invalid value '' for --name: must not be empty")
    }

    @Test func emptyValuesAreMalformedNotMissing() {
        #expect(problem(["mars-weather", "--sols="]) == "invalid value '' for --sols: expected a whole number")
        #expect(problem(["mars-weather", "--sols", ""]) == "invalid value '' for --sols: expected a whole number")
        #expect(problem(["--=x"]) == "unknown option '--'")
    }

    @Test func defaultsShowAsTheyAreTyped() {
        #expect(TestWeather.timeout.info.defaultDescription == "10")
        #expect(Option<Double>("x", default: 0.25, help: "").info.defaultDescription == "0.25")
        #expect(Option<String>("x", default: "", help: "").info.defaultDescription == nil)
        #expect(Option<String>("x", default: "DEMO_KEY", help: "").info.defaultDescription == "\"DEMO_KEY\"")
        #expect(Option<TestUnits>("x", default: .imperial, help: "").info.defaultDescription == "imperial")
        #expect(Option<Date>("x", default: Date(timeIntervalSince1970: 0), help: "").info.defaultDescription
            == "1970-01-01T00:00:00Z")
    }

    @Test func valuesOutsideTheirRange() {
        #expect(problem(["mars-weather", "--sols", "9"]) == "invalid value '9' for --sols: must be between 1 and 7")
        #expect(problem(["mars-weather", "--sols=0"]) == "invalid value '0' for --sols: must be between 1 and 7")
        #expect(problem(["mars-weather", "--timeout", "0.1"]) == "invalid value '0.1' for --timeout: must be at least 0.5")
        #expect(problem(["launches", "--limit", "0"]) == "invalid value '0' for --limit: must be at least 1")
    }

    @Test func badEnumValuesSuggestTheClosest() {
        #expect(problem(["mars-weather", "--units", "metrik"])
            == "invalid value 'metrik' for --units: expected metric or imperial; did you mean 'metric'?")
        #expect(problem(["mars-weather", "--units", "kelvin"]) == "invalid value 'kelvin' for --units: expected metric or imperial")
        #expect(problem(["--color", "allways"])
            == "invalid value 'allways' for --color: expected auto, always or never; did you mean 'always'?")
        #expect(problem(["completion", "zhs"]) == "invalid value 'zhs' for SHELL: expected bash, zsh or fish; did you mean 'zsh'?")
    }

    @Test func flagsTakeNoValue() {
        #expect(problem(["mars-weather", "--json=yes"]) == "--json takes no value (write --json alone)")
    }

    @Test func unexpectedAndMissingPositionals() {
        #expect(problem(["mars-weather", "extra"]) == "unexpected argument 'extra' ('mars-weather' takes no arguments)")
        #expect(problem(["completion", "bash", "out", "more"]) == "unexpected argument 'more'")
        #expect(problem(["completion"]) == "missing SHELL: expected bash, zsh or fish")
    }

    @Test func optionsBeforeTheirCommandNameSayWhereTheyGo() {
        #expect(problem(["launches", "--bogus", "next"]) == "unknown option '--bogus'",
                "a group with a default passes words on to it")
    }

    @Test func errorsKnowTheirCommandForTheUsageLine() {
        do {
            _ = try CommandLineParser.parse(["launches", "--limit", "x"], root: TestRoot.self)
            Issue.record("expected an error")
        } catch {
            #expect(error.commandPath == ["launches", "search"])
        }
    }

    // MARK: Hostile input

    @Test func controlCharactersAreEscapedInMessages() {
        #expect(problem(["\u{1B}[2J"]) == "unknown command '\\u{1B}[2J'")
        #expect(problem(["mars-weather", "--sols", "1\n2"]) == "invalid value '1\\u{A}2' for --sols: expected a whole number")
    }

    @Test func invalidUTF8ArrivesRepairedAndIsRejectedCleanly() {
        let garbage = String(decoding: [0xFF, 0xFE, 0x41, 0xC3], as: UTF8.self)
        #expect(problem([garbage]) == "unknown command '\u{FFFD}\u{FFFD}A\u{FFFD}'")
    }

    @Test func veryLongWordsAreCutInMessages() {
        // A million characters: a scan that is quadratic in a word's length would
        // not finish (no wall-clock bound here: on a loaded machine any bound is a guess).
        let long = String(repeating: "x", count: 1_000_000)
        #expect(problem(["--" + long]) == "unknown option '--" + String(repeating: "x", count: 58) + "…'")
        #expect(problem(["mars-weather", "--sols", long])?.hasPrefix("invalid value 'xxxx") == true)
    }

    /// Too short to refuse (`launches test` searches), but said when nothing matches.
    @Test func aShortWordOneEditFromACommandIsOnlyAHint() throws {
        let names = ["show", "next"]
        #expect(CommandLineParser.shortMisspelling("nxt", among: names) == "next")
        #expect(CommandLineParser.shortMisspelling("shwo", among: names) == "show")
        #expect(CommandLineParser.shortMisspelling("shw", among: names) == "show")
        #expect(CommandLineParser.shortMisspelling("iss", among: names) == nil)
        #expect(CommandLineParser.shortMisspelling("next", among: names) == nil)
        #expect(CommandLineParser.shortMisspelling("nexts", among: names) == nil, "five letters: the parser refuses it")
        #expect(try parse(["launches", "nxt"]).action == .run)
    }
}

