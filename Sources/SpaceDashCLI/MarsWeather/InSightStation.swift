import Foundation
import SpaceData
import Streams

/// `mars-weather --station insight`: NASA InSight's archive at Elysium
/// Planitia (2018–2022), with wind.
struct InSightStation: MarsWeatherStation {
    let fetchingMessage = "Fetching Mars weather…"
    let nothingToShow = "NASA's InSight weather lists no sol"

    func weather(_ services: Services, fetch: FetchOptions) throws(CommandError) -> AnyPublisher<Sourced<InSightFeed>, ServiceFailure> {
        try services.insight(timeout: fetch.timeout).weather(fetch.policy)
    }

    /// The fallback chain's notices say all there is to say.
    func notices(_ report: Sourced<InSightFeed>, now: Date) -> [String] { [] }

    func sol(_ number: Int, in report: Sourced<InSightFeed>) throws(CommandError) -> InSightSol {
        guard let sol = report.value.sols.first(where: { $0.sol == number }) else {
            throw CommandError(Self.missingSolMessage(number, in: report))
        }
        return sol
    }

    func recent(_ count: Int, in feed: InSightFeed) -> [InSightSol] { Array(feed.sols.suffix(count)) }

    /// Never asked: `--year` is refused for InSight, whose archive is a week of sols.
    func lastMarsYear(_ feed: InSightFeed) -> [InSightSol] { feed.sols }

    func json(_ report: Sourced<InSightFeed>, sols: [InSightSol], units: MarsWeatherUnits, now: Date) throws -> String {
        InSightWeatherJSON.render(report, sols: sols, units: units, now: now)
    }

    func row(_ sol: InSightSol, units: MarsWeatherUnits) -> String {
        MarsWeatherTabSeparatedRenderer.line(sol, units: units)
    }

    func lineSol(_ sol: InSightSol) -> MarsWeatherLine.Sol { MarsWeatherLine.Sol(sol) }

    /// One sol with its wind rose, or the table with a temperature chart under it.
    func page(_ view: MarsWeatherView, sols: [InSightSol], report: Sourced<InSightFeed>, presentation: MarsWeatherPresentation) -> MarsWeatherPage {
        let (units, glyphs, style, width) = (presentation.units, presentation.glyphs, presentation.style, presentation.width)
        let source = MarsWeatherPage.source(InSightWeatherText.source(report.origin))
        if case .sol = view {
            return MarsWeatherPage(sections: sols.map(InSightSolDetail(units: units, glyphs: glyphs, style: style).lines), footer: [source])
        }
        var header: [MarsWeatherPage.Prose] = []
        if let latest = report.value.sols.max(by: { $0.sol < $1.sol }) {
            header = [.init(text: InSightWeatherText.headline(latest, glyphs: glyphs), bold: true),
                      .init(text: InSightWeatherText.age(latest, now: presentation.now))]
        }
        return MarsWeatherPage(header: header, sections: [
            InSightWeatherTable(units: units, glyphs: glyphs, style: style).lines(sols, width: width),
            InSightTemperatureChart.fitting(width, sols: sols, units: units, glyphs: glyphs, style: style).lines(sols),
        ], footer: [source])
    }

    /// `--sol N` for a sol the data does not hold, in one line: where the data
    /// came from (the notices above already said why) and which sols it has.
    static func missingSolMessage(_ number: Int, in report: Sourced<InSightFeed>) -> String {
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
        let otherMission = number > InSightWeatherText.lastWeatherSol ? " (\(number) is a Curiosity sol: --station curiosity)" : ""
        return "sol \(number) is not in \(source): \(has)\(otherMission)"
    }

    func originLine(_ report: Sourced<InSightFeed>) -> String {
        Self.originLine(solCount: report.value.sols.count, origin: report.origin, feed: "NASA's InSight feed",
                        cached: "Mars weather", freshness: InSightService.Configuration.freshness,
                        sample: InSightSample.summary)
    }
}
