import Foundation
import SpaceData
import Streams

/// `spacedash space-weather` (`sw`): the planetary Kp now and over 3 days,
/// NOAA's forecast, scales and alerts, and with `--at` the chance of aurora
/// and darkness there; live from NOAA SWPC, cached, or the bundled captures,
/// saying which and how old.
struct SpaceWeatherCommand: Command {
    static let alerts = Flag("alerts", help: "Print each alert of the last 24 hours in full, not its headline alone")
    static let quietBelow = Option<Double?>("quiet-below", valueName: "KP",
                                            help: "With --format: print nothing (and exit 0) while the latest Kp is below KP",
                                            check: .within(0...9))

    static let configuration = CommandConfiguration(
        name: "space-weather",
        abstract: "The Kp index, NOAA's scales and alerts, aurora where you are.",
        discussion: """
            Kp now: the latest planetary Kp (0–9, in thirds) with its time, its age and NOAA's \
            geomagnetic storm level (G1 from Kp 5-, that is 4.67, to G5 from 9-), and a chart of the \
            last 3 days, one bar per 3-hour interval coloured by G level, with a legend in words. Then \
            NOAA's 3-day forecast (the highest predicted Kp of each UTC day), the R, S and G scales \
            (radio blackouts, solar radiation storms, geomagnetic storms) now and their chances for the \
            next days, and the watches, warnings and alerts of the last 24 hours, one line each \
            (--alerts: their whole text). A corrected, cancelled or extended message replaces the one it \
            names.

            --at LAT,LON adds the aurora where you are: the chance of aurora overhead from NOAA's \
            OVATION nowcast (1° cells) at that place and the time it is for, whether it is dark there \
            (the Sun 12° below the horizon) and when darkness starts and ends.

            Data comes from NOAA's Space Weather Prediction Center (services.swpc.noaa.gov; \
            SPACEDASH_SWPC_URL replaces the address), each product cached for 15 minutes (the aurora \
            grid for 10), and falls back to the cache and then to captures bundled with spacedash (Kp of \
            2026-08-31, forecast and alerts of 2026-09-06), which always show their date and age: a \
            forecast for a time already past is never shown as a forecast, and alerts older than a day \
            are not listed. No aurora grid is bundled. Both of NOAA's Kp formats (before and after 31 \
            March 2026) are read.

            Into a pipe: one Kp interval a line, tab-separated (time, Kp, G level, observed, estimated \
            or predicted), the prose on stderr. --format TEMPLATE prints the latest Kp as one line for \
            a status bar; with --quiet-below KP it prints nothing (and exits 0) while the Kp is lower. \
            Placeholders of --format:
            \(SpaceWeatherLine.Placeholder.helpLines)
            """,
        arguments: [CoordinateAtOption.at, alerts, quietBelow],
        groups: [OutputOptions.group(OutputOptions.json, OutputOptions.format, OutputOptions.quiet), FetchOptions.group],
        examples: [
            Example("spacedash space-weather", "Kp now, the 3-day chart, the forecast, NOAA's scales and the day's alerts"),
            Example("spacedash sw --at 64.15,-21.94", "The same, and the chance of aurora and the darkness in Reykjavík"),
            Example("spacedash sw --alerts", "The alerts of the last 24 hours in full"),
            Example("spacedash sw --json | jq .kp.latest", "The latest Kp and its G level for a script"),
            Example("spacedash sw --format 'Kp {kp} {g}' --quiet-below 5", "A status bar line only during a storm: Kp 5.33 G1"),
        ],
        aliases: ["sw"])

    let place: GeographicCoordinate?
    let fullAlerts: Bool
    let output: OutputOptions
    let line: SpaceWeatherLine?
    let quietBelow: Double?
    let fetch: FetchOptions

    init(_ arguments: ParsedArguments) throws {
        place = CoordinateAtOption.place(arguments)
        fullAlerts = arguments[Self.alerts]
        quietBelow = arguments[Self.quietBelow]
        output = OutputOptions(arguments)
        fetch = try FetchOptions(arguments)
        line = try output.format.map { text throws(UsageError) in try SpaceWeatherLine(text) }
        if line != nil && output.json { throw UsageError("--format and --json contradict each other: choose one output") }
        if quietBelow != nil && line == nil {
            throw UsageError("--quiet-below is for --format: it silences the one-line output while the Kp is low", hint: "add --format 'Kp {kp} {g}'")
        }
        if fullAlerts && (line != nil || output.json) {
            throw UsageError("--alerts prints the alerts' text on the page: it cannot be combined with --format or --json", hint: "--json holds each alert's whole message")
        }
    }

    func run(_ context: CommandContext) async throws -> ExitCode {
        let services = Services(context: context, fetch: fetch)
        let service = try services.spaceWeather(timeout: fetch.timeout)
        let glyphs = context.glyphs
        let spinner = context.showsProgress && line == nil
            ? ProgressSpinner(output: context.stderr, message: "Asking NOAA SWPC…", unicode: glyphs.isUnicode,
                              erasingOnInterruptOf: context.stderr.fileDescriptor) : nil
        spinner?.start(on: services.environment.scheduler)
        defer { spinner?.stop() }
        let report: SpaceWeatherReport
        do {
            report = try await SpaceWeatherReport.fetch(service, policy: fetch.policy, place: place, now: context.now, kpOnly: line != nil)
        } catch let failure as ServiceFailure {
            throw failure.commandError
        }
        spinner?.stop()

        for notice in report.notices { output.notice(glyphs.fit(APIText.display(notice.message)), in: context) }
        if output.json {
            try context.stdout.writeLine(SpaceWeatherJSONDocument.document(report))
            return .success
        }
        if let line {
            guard let latest = report.latest else { throw CommandError("NOAA's Kp answer holds no observed value") }
            if let quietBelow, latest.kp < quietBelow { return .success }
            try context.stdout.writeLine(glyphs.fit(line.render(latest, now: report.now)))
            return .success
        }
        let page = SpaceWeatherPage(report: report, glyphs: glyphs, style: context.styleMode, width: context.layoutWidth, fullAlerts: fullAlerts)
        if context.stdout.isTerminal {
            try context.stdout.write(glyphs.fit(page.lines().joined(separator: "\n")) + "\n")
            return .success
        }
        // A pipe gets the data alone, one Kp interval a line; the Kp now line goes to stderr.
        for reading in SpaceWeatherRows.readings(report) { try context.stdout.writeLine(SpaceWeatherRows.row(reading)) }
        if let kpNow = page.kpNow().first { output.notice(glyphs.fit(kpNow), in: context) }
        return .success
    }
}
