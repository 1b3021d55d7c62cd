import Synchronization

/// A spacedash command. Adding one is one file and one line, as for a
/// `mars-pressure` that charts Curiosity's pressure:
///
///     struct MarsPressureCommand: Command {
///         static let sols = Option<Int>("sols", valueName: "N", default: 7,
///                                       help: "How many of the latest sols to show", check: .within(1...1000))
///         static let chart = Flag("chart", help: "Draw the pressure as a chart", config: .commandLineOnly)
///
///         static let configuration = CommandConfiguration(
///             name: "mars-pressure",
///             abstract: "Air pressure at Gale crater from Curiosity's REMS station.",
///             discussion: "A longer explanation, wrapped in help.",
///             arguments: [sols, chart],
///             // Options several commands take are declared once, in Options/, and
///             // listed under their own heading in help.
///             groups: [OutputOptions.group(OutputOptions.json, OutputOptions.quiet), FetchOptions.group],
///             examples: [Example("spacedash mars-pressure --sols 3", "Curiosity's latest three sols")])
///
///         let solCount: Int
///         let output: OutputOptions
///         let fetch: FetchOptions
///
///         init(_ arguments: ParsedArguments) throws {
///             solCount = arguments[Self.sols]
///             output = OutputOptions(arguments)    // a member the command did not take reads as its default
///             fetch = try FetchOptions(arguments)  // throws when --offline meets --refresh or --strict
///             // Checks across options throw UsageError naming the flags:
///             if arguments[Self.chart] && output.json {
///                 throw UsageError("--chart and --json cannot be combined", hint: "--json gives the numbers")
///             }
///         }
///
///         func run(_ context: CommandContext) async throws -> ExitCode {
///             // Services.swift builds every service; a ServiceFailure thrown here
///             // becomes its message and exit code in one place.
///             let services = Services(context: context, fetch: fetch)
///             let report = try await services.curiosity(timeout: fetch.timeout).weather(fetch.policy).firstResult()
///             for notice in report.notices { output.notice(notice.message, in: context) }  // stderr, unless --quiet
///             try context.stdout.writeLine("…")  // data on stdout
///             return .success
///         }
///     }
///
/// then add `MarsPressureCommand.self` to `SpaceDash.commands`. Nested commands
/// list theirs in `subcommands:` (and may name a `defaultSubcommand:`, which
/// then receives every word after the group's name that is not a subcommand).
/// `--help`, `-h` and `--color` are accepted by every command already; the
/// styling `--color` decided is `context.styleMode` / `context.styled(_:_:)`.
/// Declarations: `Option<T>` (with a default) or `Option<T?>` (without),
/// `RepeatedOption<T>`, `Flag`, `Positional<T>` / `Positional<T?>`,
/// `RepeatedPositional<T>`; T is Int, Double, String, Date, or any
/// `enum: String, CaseIterable, ArgumentValue`. `check:` adds a rule
/// (`.within(1...7)`, `.atLeast(1)`, `.nonEmpty`, or your own `ValueCheck`).
/// Each option and flag is also a config key (`[mars-pressure] sols = 3`, checked
/// by the same rule, `SPACEDASH_MARS_PRESSURE_SOLS` too): `config: .commandLineOnly`
/// for one that asks for one run's action or output, as `--chart` would.
///
/// `run` is async and runs off the main thread while the main queue keeps
/// turning, so `receive(on: DispatchQueue.main)` works; await a publisher's
/// `values` or a continuation rather than blocking a thread. A command that
/// declares its `run` `nonisolated(nonsending)`, as the requirement is, runs on
/// the main thread instead until it first waits: `launches next`, which a fresh
/// cache answers without waiting, so it starts no thread at all. Such a `run`
/// must not wait on the main queue's work.
/// Errors thrown from `init` or `run` end the run with one line on stderr:
/// `UsageError` exits 64, `CommandError` with its own code, any other 1.
protocol Command: SendableMetatype {
    static var configuration: CommandConfiguration { get }

    /// Builds the command from its parsed, already checked arguments.
    init(_ arguments: ParsedArguments) throws

    /// Does the work; the returned code becomes the process's exit status.
    nonisolated(nonsending) func run(_ context: CommandContext) async throws -> ExitCode
}

extension Command {
    /// A group of commands has nothing to do itself without a subcommand.
    nonisolated(nonsending) func run(_ context: CommandContext) async throws -> ExitCode {
        let names = Self.configuration.subcommands.map { $0.configuration.name }
        throw UsageError("'\(Self.configuration.name)' needs a command: \(Suggestion.list(names, conjunction: "or"))")
    }
}

/// What a command is called, what it does, and what it accepts.
///
/// The discussion, the arguments and the examples are built when first read:
/// parsing `launches next` reads the names of the commands on its way and the
/// arguments of `next` alone, and building every command's options and texts
/// cost more than the rest of a run from the cache (issue 16).
struct CommandConfiguration: Sendable {
    var name: String
    /// Other names the command answers to (`sw` for `space-weather`); help and completions use `name`.
    var aliases: [String]
    /// One line, shown in command lists and at the top of help.
    var abstract: String
    var subcommands: [any Command.Type]
    /// The subcommand run when none is named (`launches` = `launches search`).
    var defaultSubcommand: (any Command.Type)?
    /// Whether the config file is read and checked before the command runs
    /// (its settings applied, a broken file stopping it with exit 78): not for
    /// the commands that must work whatever the file holds (`help`, `config path`, `config edit`).
    var readsConfigFile: Bool
    private let parts: DeferredParts

    /// - Parameters:
    ///   - arguments: the command's own options, flags and positionals.
    ///   - groups: the shared option groups it takes, whole (`FetchOptions.group`).
    init(name: String, abstract: String, discussion: @escaping @autoclosure @Sendable () -> String = "",
         arguments: @escaping @autoclosure @Sendable () -> [any ArgumentDeclaration] = [],
         groups: @escaping @autoclosure @Sendable () -> [ArgumentGroup] = [],
         examples: @escaping @autoclosure @Sendable () -> [Example] = [],
         subcommands: [any Command.Type] = [], defaultSubcommand: (any Command.Type)? = nil, aliases: [String] = [],
         readsConfigFile: Bool = true) {
        self.name = name
        self.aliases = aliases
        self.readsConfigFile = readsConfigFile
        self.abstract = abstract
        self.subcommands = subcommands
        self.defaultSubcommand = defaultSubcommand
        parts = DeferredParts(discussion: discussion, arguments: {
            let own = ArgumentSection(title: "Options", arguments: arguments().map(\.info))
            return [own] + groups().map { ArgumentSection(title: $0.title, arguments: $0.declarations.map(\.info), sharesSettings: $0.sharesSettings) }
        }, examples: examples)
    }

    /// Paragraphs shown in the command's help.
    var discussion: String { parts.discussion }
    /// Options, flags and positionals: the command's own, then its groups'.
    var arguments: [ArgumentInfo] { parts.arguments }
    /// The arguments under their headings: "Options" (the command's own), then
    /// each group's title.
    var sections: [ArgumentSection] { parts.sections }
    var examples: [Example] { parts.examples }

    func subcommand(named name: String) -> (any Command.Type)? {
        subcommands.first { $0.configuration.name == name || $0.configuration.aliases.contains(name) }
    }

    var defaultSubcommandName: String? { defaultSubcommand?.configuration.name }
}

/// A configuration's parts built on first use, once, whichever thread reads them.
private final class DeferredParts: Sendable {
    private struct Built {
        var discussion: String?
        var sections: [ArgumentSection]?
        var arguments: [ArgumentInfo]?
        var examples: [Example]?
    }

    private let makeDiscussion: @Sendable () -> String
    private let makeSections: @Sendable () -> [ArgumentSection]
    private let makeExamples: @Sendable () -> [Example]
    private let built = Mutex(Built())

    init(discussion: @escaping @Sendable () -> String, arguments: @escaping @Sendable () -> [ArgumentSection],
         examples: @escaping @Sendable () -> [Example]) {
        makeDiscussion = discussion
        makeSections = arguments
        makeExamples = examples
    }

    var discussion: String { part({ $0.discussion }, { $0.discussion = $1 }, makeDiscussion) }
    var sections: [ArgumentSection] { part({ $0.sections }, { $0.sections = $1 }, makeSections) }
    /// The sections' arguments in one list, kept: the parser reads it on every run.
    var arguments: [ArgumentInfo] { part({ $0.arguments }, { $0.arguments = $1 }, { sections.flatMap(\.arguments) }) }
    var examples: [Example] { part({ $0.examples }, { $0.examples = $1 }, makeExamples) }

    /// The part `read` reads, made by `make` the first time. It is made outside
    /// the lock, since making one may read another command's configuration.
    private func part<Value: Sendable>(_ read: (Built) -> Value?, _ store: (inout Built, Value) -> Void,
                                       _ make: () -> Value) -> Value {
        if let made = built.withLock({ read($0) }) { return made }
        let made = make()
        return built.withLock { built in
            if let earlier = read(built) { return earlier }
            store(&built, made)
            return made
        }
    }
}

/// A command line shown in help, with what it does.
struct Example: Sendable, Equatable {
    var commandLine: String
    var explanation: String

    init(_ commandLine: String, _ explanation: String) {
        self.commandLine = commandLine
        self.explanation = explanation
    }
}
