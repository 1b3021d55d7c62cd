import Foundation
import SpaceData
import Streams
import Terminal

/// `spacedash mars-weather`: InSight's weather as a table, a chart, one sol in
/// detail, or JSON; live, cached or the bundled sample, saying which.
struct MarsWeatherCommand: Command {
    static let sols = Option<Int>("sols", valueName: "N", default: 7, help: "How many of the latest sols to show", check: .within(1...1000))
    static let sol = Option<Int?>("sol", valueName: "SOL", help: "Show one sol in detail, with its wind rose")

    static let configuration = CommandConfiguration(
        name: "mars-weather",
        abstract: "NASA InSight's Mars weather: temperature, pressure, wind.",
        discussion: """
            Shows the latest sols (Martian days) InSight reported: temperature low, average and \
            high, pressure, wind speed and the most common wind direction. A sensor without valid \
            data that sol shows as "—". On a terminal a chart of each sol's temperature range follows.

            Data comes live from api.nasa.gov (key from NASA_API_KEY, else DEMO_KEY; \
            SPACEDASH_INSIGHT_URL replaces the address), is cached for an hour, and falls back to \
            the cache and then to a bundled sample (sols 675–681, October 2020), saying why on \
            stderr. InSight stopped reporting in 2022, so today's feed is empty.
            """,
        arguments: [sols, sol, OutputOptions.units, OutputOptions.json] + FetchOptions.all,
        examples: [
            Example("spacedash mars-weather", "The latest seven sols"),
            Example("spacedash mars-weather --sol 678 --units imperial", "One sol in detail, in °F and mph"),
            Example("spacedash mars-weather --json --offline", "JSON from the cache or the sample, no network"),
        ])

    let solCount: Int
    let solNumber: Int?
    let output: OutputOptions
    let fetch: FetchOptions

    init(_ arguments: ParsedArguments) throws {
        solCount = arguments[Self.sols]
        solNumber = arguments[Self.sol]
        output = OutputOptions(arguments)
        fetch = try FetchOptions(arguments)
        if solNumber != nil && arguments.contains(Self.sols) {
            throw UsageError("--sol and --sols cannot be combined", hint: "--sol shows one sol, --sols the latest N")
        }
    }

    func run(_ context: CommandContext) async throws -> ExitCode {
        let services = Services(context: context, fetch: fetch)
        let weather = try services.insight(timeout: fetch.timeout).weather(fetch.policy)
        let glyphs = context.glyphs
        let spinner = context.showsProgress ? ProgressSpinner(output: context.stderr, message: "Fetching Mars weather…", unicode: glyphs.isUnicode,
                                                                 erasingOnInterruptOf: context.stderr.fileDescriptor) : nil
        spinner?.start(on: services.environment.scheduler)
        defer { spinner?.stop() }
        let report = try await weather.firstResult()
        spinner?.stop()

        for notice in report.notices {
            context.notice(glyphs.fit(APIText.display(notice.message)))
        }
        if fetch.verbose { context.notice(glyphs.fit(Self.originLine(report))) }
        try show(report, context: context, glyphs: glyphs)
        return .success
    }

    private func show(_ report: InSightReport, context: CommandContext, glyphs: Glyphs) throws {
        let all = report.value.sols
        let now = context.now
        if let solNumber {
            guard let sol = all.first(where: { $0.sol == solNumber }) else {
                throw CommandError(glyphs.fit(Self.missingSolMessage(solNumber, in: report)))
            }
            if output.json {
                try context.stdout.writeLine(MarsWeatherJSON.render(report, sols: [sol], units: output.units, now: now))
            } else {
                let lines = SolDetail(units: output.units, glyphs: glyphs, style: context.styleMode).lines(sol)
                let source = "Source: \(MarsWeatherSource.describe(report.origin, now: now))"
                try context.stdout.write(glyphs.fit((lines + ["", source]).joined(separator: "\n")) + "\n")
            }
            return
        }
        let shown = Array(all.suffix(solCount))
        if output.json {
            try context.stdout.writeLine(MarsWeatherJSON.render(report, sols: shown, units: output.units, now: now))
            return
        }
        let width = context.width
        var lines = MarsWeatherTable(units: output.units, glyphs: glyphs, style: context.styleMode).lines(shown, width: width)
        if context.stdout.isTerminal {
            let chart = TemperatureChart.fitting(width, sols: shown, units: output.units, glyphs: glyphs, style: context.styleMode).lines(shown)
            if !chart.isEmpty { lines += [""] + chart }
        }
        lines += [""] + Self.wrapped("Source: \(glyphs.fit(MarsWeatherSource.describe(report.origin, now: now)))", width: width)
        try context.stdout.write(glyphs.fit(lines.joined(separator: "\n")) + "\n")
    }

    /// A line of prose broken at spaces to fit `width`, later lines indented
    /// under the text after "Source: ".
    static func wrapped(_ text: String, width: Int?, indent: Int = 8) -> [String] {
        guard let width, DisplayWidth.of(text) > width, width > indent + 10 else { return [text] }
        let lines = DisplayWidth.wrap(text, toWidth: width)
        guard lines.count > 1 else { return lines }
        let rest = DisplayWidth.wrap(lines.dropFirst().joined(separator: " "), toWidth: width - indent)
        return [lines[0]] + rest.map { String(repeating: " ", count: indent) + $0 }
    }

    /// `--sol N` for a sol the data does not hold, in one line: where the data
    /// came from (the notices above already said why) and which sols it has.
    static func missingSolMessage(_ number: Int, in report: InSightReport) -> String {
        let sols = report.value.sols
        let source: String
        switch report.origin {
        case .live: source = "NASA's live feed"
        case .cache: source = "the cached weather"
        case .sample: source = "the bundled sample"
        }
        let has: String
        switch sols.count {
        case 0: has = "it has no sols"
        case 1: has = "it has sol \(sols[0].sol) only"
        default: has = "it has sols \(sols.first!.sol)–\(sols.last!.sol)"
        }
        return "sol \(number) is not in \(source): \(has)"
    }

    /// `--verbose`: where the weather came from, worded like `launches --verbose`.
    static func originLine(_ report: InSightReport) -> String {
        let count = report.value.sols.count == 1 ? "1 sol" : "\(report.value.sols.count) sols"
        switch report.origin {
        case .live:
            return "\(count) of Mars weather from NASA's InSight feed"
        case .cache(_, let age):
            let ago = age < 60 ? "less than a minute" : AgeText.describe(age)
            let freshness = InSightService.Configuration.freshness
            let fresh = age < freshness
                ? "; fresh for \(AgeText.describe(freshness - age)) more, no request made (--refresh to ask now)"
                : ""
            return "\(count) of Mars weather cached \(ago) ago\(fresh)"
        case .sample:
            return "\(count) of Mars weather from the bundled sample: \(InSightSample.summary)"
        }
    }
}

extension MarsWeatherUnits: ArgumentValue {}
