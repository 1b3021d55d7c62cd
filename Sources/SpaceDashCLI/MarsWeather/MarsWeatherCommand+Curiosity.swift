import Foundation
import SpaceData
import Streams

/// `mars-weather --station curiosity` (the default): Curiosity's REMS weather.
extension MarsWeatherCommand {
    func runCuriosity(_ context: CommandContext) async throws -> ExitCode {
        let services = Services(context: context, fetch: fetch)
        let weather = try services.curiosity(timeout: fetch.timeout).weather(fetch.policy)
        let glyphs = context.glyphs
        let spinner = context.showsProgress ? ProgressSpinner(output: context.stderr, message: "Fetching Curiosity's Mars weather…", unicode: glyphs.isUnicode,
                                                                 erasingOnInterruptOf: context.stderr.fileDescriptor) : nil
        spinner?.start(on: services.environment.scheduler)
        defer { spinner?.stop() }
        let report = try await weather.firstResult()
        spinner?.stop()

        let now = context.now
        if !quiet {
            for notice in report.notices {
                context.notice(glyphs.fit(APIText.display(notice.message)))
            }
            if let latest = report.value.latest, let behind = CuriosityWeatherText.behindNotice(latest, origin: report.origin, now: now) {
                context.notice(glyphs.fit(behind))
            }
        }
        if fetch.verbose { context.notice(glyphs.fit(Self.curiosityOriginLine(report))) }
        try showCuriosity(report, context: context, glyphs: glyphs)
        return .success
    }

    private func showCuriosity(_ report: Sourced<CuriosityFeed>, context: CommandContext, glyphs: Glyphs) throws {
        let feed = report.value
        let now = context.now
        let width = context.width
        let source = Self.wrapped("Source: \(glyphs.fit(CuriosityWeatherText.source(report.origin)))", width: width)
        if let solNumber {
            guard let sol = feed.sol(solNumber) else {
                throw CommandError(glyphs.fit(Self.missingCuriositySolMessage(solNumber, in: report)))
            }
            if json {
                try context.stdout.writeLine(CuriosityWeatherJSON.render(report, sols: [sol], units: units, now: now))
                return
            }
            let lines = CuriositySolDetail(units: units, glyphs: glyphs, style: context.styleMode).lines(sol, width: width) + [""] + source
            try context.stdout.write(glyphs.fit(lines.joined(separator: "\n")) + "\n")
            return
        }
        let shown = feed.recent(solCount)
        if json {
            try context.stdout.writeLine(CuriosityWeatherJSON.render(report, sols: shown, units: units, now: now))
            return
        }
        guard let latest = feed.latest else {
            throw CommandError("Curiosity's weather lists no sol with a measurement")
        }
        // Sentences wrap to the screen like the source line; the table drops columns instead.
        func wrapped(_ text: String) -> [String] { Self.wrapped(glyphs.fit(text), width: width, indent: 0) }
        var lines = wrapped(CuriosityWeatherText.headline(latest, glyphs: glyphs)).map { context.styled($0, .bold) }
        lines += wrapped(CuriosityWeatherText.staleness(latest, now: now))
        lines += wrapped(CuriosityWeatherText.season(latest, glyphs: glyphs))
        lines.append("")
        if showsYear {
            lines += CuriosityYearChart(units: units, glyphs: glyphs, style: context.styleMode).lines(feed.lastMarsYear(), width: width)
        } else {
            lines += CuriosityWeatherTable(units: units, glyphs: glyphs, style: context.styleMode).lines(shown, width: width)
            lines += [""] + wrapped(CuriosityWeatherText.noWindOrHumidity)
        }
        lines += [""] + source
        try context.stdout.write(glyphs.fit(lines.joined(separator: "\n")) + "\n")
    }

    /// `--sol N` for a sol the data does not hold: which sols it has, and where it came from.
    static func missingCuriositySolMessage(_ number: Int, in report: Sourced<CuriosityFeed>) -> String {
        let sols = report.value.sols
        let source: String
        switch report.origin {
        case .live: source = "Curiosity's live feed"
        case .cache: source = "the cached Curiosity weather"
        case .sample: source = "the bundled Curiosity sample"
        }
        guard let first = sols.first, let last = sols.last else { return "sol \(number) is not in \(source): it has no sols" }
        let absent = (first.sol...last.sol).contains(number) ? " (the feed never published that sol)" : ""
        return "sol \(number) is not in \(source)\(absent): it has sols \(first.sol)–\(last.sol)"
    }

    /// `--verbose`: where the weather came from.
    static func curiosityOriginLine(_ report: Sourced<CuriosityFeed>) -> String {
        let count = "\(report.value.sols.count) sols"
        switch report.origin {
        case .live:
            return "\(count) of Mars weather from Curiosity's REMS feed"
        case .cache(_, let age):
            let ago = age < 60 ? "less than a minute" : AgeText.describe(age)
            let freshness = CuriosityWeatherService.Configuration.freshness
            let fresh = age < freshness
                ? "; fresh for \(AgeText.describe(freshness - age)) more, no request made (--refresh to ask now)"
                : ""
            return "\(count) of Curiosity's Mars weather cached \(ago) ago\(fresh)"
        case .sample:
            return "\(count) of Mars weather from the bundled sample: \(CuriositySample.summary)"
        }
    }
}
