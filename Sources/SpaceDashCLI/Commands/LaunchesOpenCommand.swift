import Foundation
import SpaceData
import Streams

/// `spacedash launches open ID|QUERY`: the launch's best webcast in the
/// browser, else its information page; `--print` prints the address instead.
struct LaunchesOpenCommand: Command {
    static let target = RepeatedPositional<String>(
        "ID|QUERY", help: "A launch's id (or its first 8 characters or more), or words that pick one launch as 'launches search' does",
        isRequired: true, acceptsDashPrefixedValues: true)
    static let print = Flag("print", help: "Print the address instead of opening it")

    static let configuration = CommandConfiguration(
        name: "open",
        abstract: "Open a launch's webcast (or its information page) in the browser.",
        discussion: """
            Picks the launch as 'launches show' does and opens its best webcast (Launch Library's \\
            priority: official first) with the program in BROWSER, else xdg-open, run without a \\
            shell and given the address as one argument. Without a webcast, it opens the launch's \\
            information page; without either, it says so and exits 1 (links often appear only a \\
            day before launch). Only http and https addresses are opened or printed, with any space or \
            other byte outside printable ASCII percent-encoded.
            """,
        arguments: [target, LaunchTimeframeOption.past, print],
        groups: [OutputOptions.group(OutputOptions.quiet), FetchOptions.group],
        examples: [
            Example("spacedash launches open starlink 17-39", "Watch the launch."),
            Example("spacedash launches open --print e1079d3a", "Print the webcast's address."),
        ])

    let reference: LaunchReference
    let printsAddress: Bool
    let output: OutputOptions
    let fetch: FetchOptions

    init(_ arguments: ParsedArguments) throws {
        reference = LaunchReference(words: arguments[Self.target], past: arguments[LaunchTimeframeOption.past])
        printsAddress = arguments[Self.print]
        output = OutputOptions(arguments)
        fetch = try FetchOptions(arguments)
        if reference.text.isEmpty { throw UsageError("open needs a launch's id or words naming it", hint: "spacedash launches open starlink") }
        if let unknown = reference.usageError { throw unknown }
    }

    func run(_ context: CommandContext) async throws -> ExitCode {
        let spinner = context.networkSpinner("Fetching the launch")
        defer { spinner?.stop() }
        let service = try Services(context: context, fetch: fetch, willRequest: spinner?.startOnRequest).launches()
        guard case .launch(let id, let listed) = try await reference.resolve(
            with: service, fetch: fetch, output: output, context: context, beforeNotices: { spinner?.stop() }) else { return .failure }
        let sourced = try await service.detail(id: id, listed: listed, policy: fetch.policy, timeout: fetch.timeout).firstResult()
        spinner?.stop()
        let detail = sourced.value
        guard let address = detail.bestWebcastAddress ?? detail.informationPageAddress else {
            throw CommandError("no webcast or information page for \(detail.launch.name) yet (links often appear only a day before launch)")
        }
        if printsAddress {
            try context.stdout.writeLine(address)
            return .success
        }
        let what = detail.bestWebcastAddress == nil ? "information page" : "webcast"
        output.notice("opening the \(what) of \(detail.launch.name): \(address)", in: context)
        do {
            try BrowserLauncher(environment: context.environment).open(address)
        } catch {
            throw CommandError(error.description)
        }
        return .success
    }
}
