import Foundation
import SpaceData

/// `launches search` printed once: a table on a terminal, tab-separated lines
/// into a pipe, JSON (`--json`) or a calendar (`--ics`).
struct LaunchListing: Sendable {
    var selection: LaunchSelection
    var ics = false
    /// The command the words may have meant (`launches nxt`: "spacedash launches next"),
    /// said when they match nothing.
    var meantCommand: String?

    /// A query longer than this is not echoed whole in "no match" (a pasted page of text).
    static let describedLimit = 120

    /// How many past launches a terminal's table shows without --limit: the history holds
    /// every orbital launch since 1957, and a table of thousands scrolls off the screen.
    /// Into a pipe, everything.
    static let pastOnTerminal = 50

    func run(_ context: CommandContext) async throws -> ExitCode {
        let output = selection.output
        // Only a request starts it: a fresh cache answers without one, spinner or delay.
        let spinner = context.networkSpinner("Fetching launches")
        defer { spinner?.stop() }
        let services = Services(context: context, fetch: selection.fetch, willRequest: spinner?.startOnRequest)
        let loaded = try await selection.load(services, context)
        spinner?.stop()
        let catalog = LaunchCatalog(launches: loaded.launches, timeframe: selection.timeframe,
                                    filter: selection.query.searchQuery, limit: selection.limit)
        var shown = LaunchSearch.rows(catalog.selected)
        let tableOnTerminal = context.stdout.isTerminal && !output.json && !ics
        if tableOnTerminal, selection.timeframe == .past, selection.limit == nil, shown.count > Self.pastOnTerminal {
            output.notice("showing the newest \(Self.pastOnTerminal) of \(shown.count) past launches: --limit N shows more, and a pipe gets them all (| less)", in: context)
            shown = Array(shown.prefix(Self.pastOnTerminal))
        }

        if shown.isEmpty {
            // A calendar must hold an event (RFC 5545 §3.4): with none, nothing is printed.
            if output.json { try context.stdout.writeLine(try LaunchSourceJSON.listing([], source: source(loaded, context))) }
            if !loaded.saidNothingAhead { output.notice(noMatchMessage(total: loaded.launches.count), in: context) }
            return .success
        }
        if ics {
            try context.stdout.write(calendar(shown.map(\.launch), endpoint: try services.launchLibraryEndpoint(), context))
        } else if output.json {
            try context.stdout.writeLine(try LaunchSourceJSON.listing(shown.map(\.launch), source: source(loaded, context)))
        } else if context.stdout.isTerminal {
            let renderer = LaunchTableRenderer(
                dates: LaunchDateText(zone: context.displayTimeZone, now: context.now),
                width: context.layoutWidth,
                mode: context.styleMode,
                showsCountdown: selection.timeframe == .upcoming,
                ellipsis: context.glyphs.ellipsis)
            for line in renderer.render(shown) { try context.stdout.writeLine(line) }
        } else {
            for row in shown { try context.stdout.writeLine(LaunchTabSeparatedRenderer.line(row, mode: context.styleMode)) }
        }
        return .success
    }

    /// --ics: the launches as a calendar stamped with the run's clock, each
    /// linked to its record at Launch Library (the bundled history's launches
    /// have none there).
    private func calendar(_ launches: [Launch], endpoint: LaunchLibraryEndpoint, _ context: CommandContext) -> String {
        let details = launches.map { launch in
            LaunchDetail(launch: launch, recordURL: LaunchHistory.isHistory(launch) ? nil : endpoint.record(id: launch.id).absoluteString)
        }
        let (text, undated) = LaunchCalendarWriter(stamp: context.now, version: SpaceDashVersion.current).calendar(details)
        if undated > 0 { selection.output.notice("left \(undated) launch\(undated == 1 ? "" : "es") without a date out of the calendar", in: context) }
        return text
    }

    private func source(_ loaded: LaunchSelection.Loaded, _ context: CommandContext) -> [String: Any] {
        if let sourced = loaded.sourced { return LaunchSourceJSON.object(sourced, now: context.now) }
        return LaunchSourceJSON.file(named: selection.file.map(LaunchFile.name(of:)) ?? "")
    }

    private func noMatchMessage(total: Int) -> String {
        let what = selection.timeframe == .upcoming ? "upcoming" : "past"
        var described = selection.query.description
        if described.isEmpty { return "no \(what) launches to show" }
        if described.count > Self.describedLimit { described = String(described.prefix(Self.describedLimit - 1)) + "…" }
        return "no \(what) launches match \(described) (searched \(total))" + (meantCommand.map { "; did you mean '\($0)'?" } ?? "")
    }
}
