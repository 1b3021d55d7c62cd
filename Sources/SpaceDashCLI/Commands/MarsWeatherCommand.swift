import Foundation
import SpaceData
import Streams

/// `spacedash mars-weather`: Mars surface weather from Curiosity's REMS
/// station at Gale crater (still reporting), or InSight's archive
/// (`--station insight`), as a table, one sol in detail, a year of charts, or
/// JSON; live, cached or the bundled sample, saying which.
struct MarsWeatherCommand: Command {
    static let sols = Option<Int>("sols", valueName: "N", default: 7, help: "How many of the latest sols to show", check: .within(1...1000))
    static let sol = Option<Int?>("sol", valueName: "SOL", help: "Show one sol in detail (InSight: with its wind rose)",
                                  check: ValueCheck { $0 >= 0 ? nil : "sols count from 0, the day of landing" }, config: .commandLineOnly)
    static let year = Flag("year", help: "Curiosity: the last Mars year (668 sols) as charts of air temperature and pressure",
                           config: .commandLineOnly)

    static let configuration = CommandConfiguration(
        name: "mars-weather",
        abstract: "Mars weather from Curiosity (live) or InSight (archive).",
        discussion: """
            --station curiosity (the default): the Rover Environmental Monitoring Station on \
            Curiosity, at Gale crater (4.6° S), the one Mars weather station still reporting. Each \
            sol shows air and ground temperature lows and highs, pressure, UV index, sunrise and \
            sunset; REMS reports no wind or humidity and no daily average. New sols reach the feed \
            days after they are measured (weeks around a solar conjunction), so the age of the \
            latest sol is always shown. Data comes from mars.nasa.gov, else its upstream at CAB \
            (SPACEDASH_CURIOSITY_URL replaces them), is cached for 6 hours, and falls back to the \
            cache and then to a bundled sample (sols 4134–4801, to 2026-02-07), saying why on stderr.

            --station insight: NASA InSight's archive at Elysium Planitia (4.5° N): temperature \
            low, average and high, pressure, wind speed and direction. Data comes from \
            api.nasa.gov (key from NASA_API_KEY, else DEMO_KEY; SPACEDASH_INSIGHT_URL replaces \
            the address), is cached for an hour, and falls back to a bundled sample (sols \
            675–681, October 2020). InSight stopped reporting in 2022.

            Sol numbers count from each mission's landing: the two stations' sols are never mixed.

            Into a pipe, as with launches: one sol a line, the table's columns separated by tabs \
            (Curiosity: sol, Earth date, Mars month, Ls, air low, air high, ground low, ground high, \
            pressure, UV, sunrise, sunset; InSight: sol, Earth date, season, low, average, high, \
            pressure, wind, gust, wind direction), no header, nothing rounded, a value not measured \
            an empty field; --sol gives its one row, --year a row for each sol of the year. The \
            lines around the table go to stderr (-q leaves them out).

            On a terminal a line says what it is on Mars now, whatever the feed last said: the \
            station's sol in its mission's count, the local mean solar time there, Ls and the \
            season, and how long light takes from Earth (NASA GISS's Mars24 algorithm); --json \
            gives it as "today".

            --format TEMPLATE prints the latest sol (or --sol's) as one line for a status bar, as \
            wttr.in's format=3 does. Placeholders of --format:
            \(MarsWeatherLine.Placeholder.helpLines)
            """,
        arguments: [StationOption.station, sols, sol, year],
        groups: [OutputOptions.group(OutputOptions.units, OutputOptions.json, OutputOptions.format, OutputOptions.quiet), FetchOptions.group],
        examples: [
            Example("spacedash mars-weather", "Curiosity's latest seven sols, and how old they are"),
            Example("spacedash mars-weather --year", "The last Mars year as charts: the seasons in temperature and pressure"),
            Example("spacedash mars-weather --sol 4801 --units imperial", "One sol in detail, in °F"),
            Example("spacedash mars-weather --station insight --sol 678", "InSight's archive: one sol with its wind rose"),
            Example("spacedash mars-weather --json --offline", "JSON from the cache or the sample, no network"),
            Example("spacedash mars-weather --format '{site} sol {sol}: {temperature}, {pressure}, UV {uv} ({age})'",
                    "One line for a status bar: Gale sol 4801: -67/2 °C, 807 Pa, UV moderate (293 d old)"),
        ])

    let station: MarsStation
    let solCount: Int
    /// `--sols` was given: fewer sols than it asks for are worth a word.
    let solCountAsked: Bool
    let solNumber: Int?
    let showsYear: Bool
    let output: OutputOptions
    var units: MarsWeatherUnits { output.units }
    var json: Bool { output.json }
    /// `--format`: one line instead of the page.
    let line: MarsWeatherLine?
    let fetch: FetchOptions

    init(_ arguments: ParsedArguments) throws {
        station = StationOption.station(arguments)
        solCount = arguments[Self.sols]
        solCountAsked = arguments.contains(Self.sols)
        solNumber = arguments[Self.sol]
        showsYear = arguments[Self.year]
        output = OutputOptions(arguments)
        line = try output.format.map { text throws(UsageError) in try MarsWeatherLine(text) }
        fetch = try FetchOptions(arguments)
        if line != nil && json { throw UsageError("--format and --json contradict each other: choose one output") }
        if line != nil && (showsYear || arguments.contains(Self.sols)) {
            throw UsageError("--format prints one sol's line: it cannot be combined with --year or --sols", hint: "--sol SOL picks the sol; the latest is the default")
        }
        if solNumber != nil && arguments.contains(Self.sols) {
            throw UsageError("--sol and --sols cannot be combined", hint: "--sol shows one sol, --sols the latest N")
        }
        if showsYear && station == .insight {
            throw UsageError("--year is for --station curiosity: InSight's bundled archive holds 7 sols", hint: "drop --station insight")
        }
        if showsYear && (solNumber != nil || arguments.contains(Self.sols) || json) {
            throw UsageError("--year cannot be combined with --sol, --sols or --json", hint: "--year charts the last Mars year; --json --sols 668 gives its numbers")
        }
    }

    /// What the options ask to see.
    var view: MarsWeatherView {
        if let solNumber { return .sol(solNumber) }
        return showsYear ? .year : .recent(solCount)
    }

    func run(_ context: CommandContext) async throws -> ExitCode {
        switch station {
        case .curiosity: try await run(CuriosityStation(), context)
        case .insight: try await run(InSightStation(), context)
        }
    }

    /// Every station's run: fetch (a spinner after 100 ms), the notices, then
    /// the sols asked for as JSON, drawn on a terminal, or as tab-separated
    /// rows into a pipe with the prose around them on stderr.
    func run<Station: MarsWeatherStation>(_ station: Station, _ context: CommandContext) async throws -> ExitCode {
        let services = Services(context: context, fetch: fetch)
        let weather = try station.weather(services, fetch: fetch)
        let glyphs = context.glyphs
        let spinner = context.showsProgress ? ProgressSpinner(output: context.stderr, message: station.fetchingMessage, unicode: glyphs.isUnicode,
                                                                 erasingOnInterruptOf: context.stderr.fileDescriptor) : nil
        spinner?.start(on: services.environment.scheduler)
        defer { spinner?.stop() }
        let report = try await weather.firstResult()
        spinner?.stop()

        let now = context.now
        func notice(_ text: String) {
            output.notice(glyphs.fit(text), in: context)
        }
        for chainNotice in report.notices { notice(APIText.display(chainNotice.message)) }
        for line in station.notices(report, now: now) { notice(line) }
        if fetch.verbose { context.notice(glyphs.fit(station.originLine(report))) }

        let sols: [Station.Sol]
        switch view {
        case .sol(let number):
            do { sols = [try station.sol(number, in: report)] } catch { throw CommandError(glyphs.fit(error.message)) }
        case .recent(let count):
            sols = station.recent(count, in: report.value)
            if solCountAsked && !sols.isEmpty && sols.count < count { notice("--sols \(count): only \(sols.count) sols available, showing all \(sols.count)") }
        case .year:
            sols = station.lastMarsYear(report.value)
        }
        if json {
            try context.stdout.writeLine(try station.json(report, sols: sols, units: units, now: now))
            return .success
        }
        guard !sols.isEmpty else { throw CommandError(station.nothingToShow) }
        if let line, let sol = sols.last {
            try context.stdout.writeLine(line.render(station.lineSol(sol), station: self.station, today: MarsToday(self.station, now: now),
                                                     units: units, glyphs: glyphs))
            return .success
        }
        let presentation = MarsWeatherPresentation(units: units, glyphs: glyphs, style: context.styleMode, width: context.width, now: now)
        var page = station.page(view, sols: sols, report: report, presentation: presentation)
        if context.stdout.isTerminal {
            // Above the latest sols: whatever the feed last said, what it is on Mars now
            // (one sol in detail is about that sol; a pipe gets the data alone).
            if solNumber == nil { page.header.append(.init(text: MarsToday(self.station, now: now).line(glyphs: glyphs))) }
            try context.stdout.write(glyphs.fit(page.lines(presentation).joined(separator: "\n")) + "\n")
            return .success
        }
        // A pipe gets the data alone, as `launches` gives it; the words around it go to stderr.
        for prose in page.header { notice(prose.text) }
        for sol in sols { try context.stdout.writeLine(station.row(sol, units: units)) }
        for prose in page.footer { notice(prose.text) }
        return .success
    }
}

extension MarsWeatherUnits: ArgumentValue {}
