import Foundation
import SpaceData
import Streams

/// `mars-weather --station curiosity` (the default): Curiosity's REMS weather
/// at Gale crater, still reporting.
struct CuriosityStation: MarsWeatherStation {
    let fetchingMessage = "Fetching Curiosity's Mars weather…"
    let nothingToShow = "Curiosity's weather lists no sol with a measurement"

    func weather(_ services: Services, fetch: FetchOptions) throws(CommandError) -> AnyPublisher<Sourced<CuriosityFeed>, ServiceFailure> {
        try services.curiosity(timeout: fetch.timeout).weather(fetch.policy)
    }

    /// A feed more than a week behind says so, and why that happens.
    func notices(_ report: Sourced<CuriosityFeed>, now: Date) -> [String] {
        guard let latest = report.value.latest,
              let behind = CuriosityWeatherText.behindNotice(latest, origin: report.origin, now: now) else { return [] }
        return [behind]
    }

    func sol(_ number: Int, in report: Sourced<CuriosityFeed>) throws(CommandError) -> CuriositySol {
        guard let sol = report.value.sol(number) else { throw CommandError(Self.missingSolMessage(number, in: report)) }
        return sol
    }

    func recent(_ count: Int, in feed: CuriosityFeed) -> [CuriositySol] { feed.recent(count) }

    func lastMarsYear(_ feed: CuriosityFeed) -> [CuriositySol] { feed.lastMarsYear() }

    func json(_ report: Sourced<CuriosityFeed>, sols: [CuriositySol], units: MarsWeatherUnits, now: Date) -> String {
        CuriosityWeatherJSON.render(report, sols: sols, units: units, now: now)
    }

    func row(_ sol: CuriositySol, units: MarsWeatherUnits) -> String {
        MarsWeatherTabSeparatedRenderer.line(sol, units: units)
    }

    func lineSol(_ sol: CuriositySol) -> MarsWeatherLine.Sol { MarsWeatherLine.Sol(sol) }

    func page(_ view: MarsWeatherView, sols: [CuriositySol], report: Sourced<CuriosityFeed>, presentation: MarsWeatherPresentation) -> MarsWeatherPage {
        let (units, glyphs, style, width) = (presentation.units, presentation.glyphs, presentation.style, presentation.width)
        let source = MarsWeatherPage.source(CuriosityWeatherText.source(report.origin))
        if case .sol = view, let sol = sols.first {
            return MarsWeatherPage(sections: [CuriositySolDetail(units: units, glyphs: glyphs, style: style).lines(sol, width: width)], footer: [source])
        }
        // The latest sol, how old it is and the season lead the table and the charts.
        var header: [MarsWeatherPage.Prose] = []
        if let latest = report.value.latest {
            header = [
                .init(text: CuriosityWeatherText.headline(latest, glyphs: glyphs), bold: true),
                .init(text: CuriosityWeatherText.staleness(latest, now: presentation.now)),
                .init(text: CuriosityWeatherText.season(latest, glyphs: glyphs)),
            ]
        }
        if view == .year {
            return MarsWeatherPage(header: header, sections: [CuriosityYearChart(units: units, glyphs: glyphs, style: style).lines(sols, width: width)],
                                   footer: [source])
        }
        return MarsWeatherPage(header: header, sections: [CuriosityWeatherTable(units: units, glyphs: glyphs, style: style).lines(sols, width: width)],
                               footer: [.init(text: CuriosityWeatherText.noWindOrHumidity), source])
    }

    /// `--sol N` for a sol the data does not hold: which sols it has, and where it came from.
    static func missingSolMessage(_ number: Int, in report: Sourced<CuriosityFeed>) -> String {
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

    func originLine(_ report: Sourced<CuriosityFeed>) -> String {
        Self.originLine(solCount: report.value.sols.count, origin: report.origin, feed: "Curiosity's REMS feed",
                        cached: "Curiosity's Mars weather", freshness: CuriosityWeatherService.Configuration.freshness,
                        sample: CuriositySample.summary)
    }
}
