import Foundation
@testable import SpaceDashCLI

// A command tree shaped like spacedash's, for parser and run tests: options
// of every kind, a group with a default subcommand, a required positional.

enum TestUnits: String, CaseIterable, ArgumentValue { case metric, imperial }
enum TestShell: String, CaseIterable, ArgumentValue { case bash, zsh, fish }

struct TestRoot: Command {
    static let configuration = CommandConfiguration(
        name: "spacedash", abstract: "The test root.",
        subcommands: [TestWeather.self, TestLaunches.self, TestCompletion.self, TestFailing.self])

    init(_ arguments: ParsedArguments) {}

    func run(_ context: CommandContext) async throws -> ExitCode {
        try context.stdout.writeLine("root ran, styles: \(context.styleMode), on stderr: \(context.errorStyleMode)")
        return .success
    }
}

struct TestWeather: Command {
    static let sols = Option<Int>("sols", valueName: "N", default: 7, help: "How many sols to show", check: .within(1...7))
    static let sol = Option<Int?>("sol", help: "One sol in detail")
    static let units = Option<TestUnits>("units", default: .metric, help: "Units of the table")
    static let timeout = Option<Double>("timeout", valueName: "SECONDS", default: 10, help: "Give up after this long",
                                        check: .atLeast(0.5))
    static let after = Option<Date?>("after", valueName: "DATE", help: "Only sols after this date")
    static let name = Option<String?>("name", short: "n", help: "A name", check: .nonEmpty)
    static let tags = RepeatedOption<String>("tag", short: "t", help: "A tag")
    static let json = Flag("json", short: "j", help: "Print JSON")
    static let verbose = Flag("verbose", short: "v", help: "Say more")

    static let configuration = CommandConfiguration(
        name: "mars-weather", abstract: "Mars weather.", discussion: "Sols are Martian days.",
        arguments: [sols, sol, units, timeout, after, name, tags, json, verbose],
        examples: [Example("spacedash mars-weather --sols 3", "The latest three sols.")])

    let arguments: ParsedArguments

    init(_ arguments: ParsedArguments) throws {
        self.arguments = arguments
        if arguments[Self.sol] != nil && arguments.contains(Self.sols) {
            throw UsageError("--sol and --sols cannot be combined", hint: "drop --sols to see one sol")
        }
    }

    func run(_ context: CommandContext) async throws -> ExitCode {
        try context.stdout.writeLine("sols=\(arguments[Self.sols]) units=\(arguments[Self.units]) json=\(arguments[Self.json])")
        return .success
    }
}

struct TestLaunches: Command {
    static let configuration = CommandConfiguration(
        name: "launches", abstract: "Rocket launches.",
        subcommands: [TestSearch.self, TestNext.self], defaultSubcommand: TestSearch.self)

    init(_ arguments: ParsedArguments) {}
}

struct TestSearch: Command {
    static let query = RepeatedPositional<String>("QUERY", help: "Words that must all match",
                                                  acceptsDashPrefixedValues: true)
    static let interactive = Flag("interactive", short: "i", help: "Search as you type")
    static let limit = Option<Int?>("limit", help: "At most this many", check: .atLeast(1))
    static let verbose = Flag("verbose", short: "v", help: "Say more")

    static let configuration = CommandConfiguration(
        name: "search", abstract: "Search launches.", arguments: [query, interactive, limit, verbose],
        examples: [Example("spacedash launches search starlink -falcon", "Starlink launches not on a Falcon.")])

    let query: [String]

    init(_ arguments: ParsedArguments) { query = arguments[Self.query] }

    func run(_ context: CommandContext) async throws -> ExitCode {
        try context.stdout.writeLine("query=\(query)")
        return .success
    }
}

struct TestNext: Command {
    static let configuration = CommandConfiguration(name: "next", abstract: "The next launch.")
    init(_ arguments: ParsedArguments) {}
    func run(_ context: CommandContext) async throws -> ExitCode { .success }
}

struct TestCompletion: Command {
    static let shell = Positional<TestShell>("SHELL", help: "The shell")
    static let output = Positional<String?>("FILE", help: "Where to write it")
    static let configuration = CommandConfiguration(name: "completion", abstract: "A completion script.",
                                                    arguments: [shell, output])
    let shell: TestShell
    let output: String?

    init(_ arguments: ParsedArguments) {
        shell = arguments[Self.shell]
        output = arguments[Self.output]
    }

    func run(_ context: CommandContext) async throws -> ExitCode {
        try context.stdout.writeLine("shell=\(shell) file=\(output ?? "-")")
        return .success
    }
}

/// Fails in the way its argument says, to test how `run` reports errors.
struct TestFailing: Command {
    enum Failure: String, CaseIterable, ArgumentValue {
        case unavailable, generic, multiline, closed, cancelled, usage, localized
    }

    struct Plain: Error {}
    struct Described: LocalizedError { var errorDescription: String? { "the feed said no" } }

    static let how = Positional<Failure>("HOW", help: "How to fail")
    static let configuration = CommandConfiguration(name: "fail", abstract: "Fails.", arguments: [how])
    let how: Failure

    init(_ arguments: ParsedArguments) { how = arguments[Self.how] }

    func run(_ context: CommandContext) async throws -> ExitCode {
        try context.stdout.write("partial ")
        switch how {
        case .unavailable: throw CommandError("no live data (--strict)", exitCode: .unavailable)
        case .generic: throw Plain()
        case .multiline: throw CommandError("first line\nsecond line")
        case .closed: throw OutputError.closed
        case .cancelled: throw CancellationError()
        case .usage: throw UsageError("--after must come before --before")
        case .localized: throw Described()
        }
    }
}

/// Runs a command line against the test tree with memory outputs.
func runTest(_ arguments: [String], environment: [String: String] = [:], stdoutIsTerminal: Bool = false,
             root: any Command.Type = TestRoot.self) async -> (code: Int32, stdout: String, stderr: String) {
    let streams = OutputStreams.memory(stdoutIsTerminal: stdoutIsTerminal)
    let code = await SpaceDash.run(arguments: arguments, environment: environment, streams: streams, root: root)
    return (code, streams.stdout.text, streams.stderr.text)
}
