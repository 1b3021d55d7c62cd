// libFuzzer entry point for the InSight decoder (`make fuzz`). Compiled only by the
// fuzz build: every input must decode or throw a typed error; a decoded feed must
// hold only plausible readings and go through every renderer (table, chart, sol
// detail, dashboard panel, JSON; metric and imperial; Unicode and ASCII) without
// trapping, and always serialize as JSON.
import Foundation
@testable import SpaceData
@testable import SpaceDashCLI
import Terminal

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInSight(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let body = Data(bytes: start, count: count)
    // A body that starts like JSON is a 200 answer, so the seeds (feeds) reach the
    // sol decoding; any other first byte picks the status, to reach error bodies too.
    let statuses = [200, 200, 200, 429, 403, 404, 500, 503]
    let first = body.first ?? 0
    let looksLikeJSON = first == UInt8(ascii: "{") || first == UInt8(ascii: "[") || InSightDecoder.isJSONWhitespace(first)
    let status = looksLikeJSON ? 200 : statuses[Int(first) % statuses.count]
    do {
        let feed = try InSightDecoder.decode(body, status: status, retryAfter: nil)
        for sol in feed.sols {
            _ = String(describing: sol)
            checkPlausible(sol)
        }
        render(feed)
    } catch {
        _ = error.description
    }
    return 0
}

/// The decoder's promise: only readings Mars allows come out.
func checkPlausible(_ sol: InSightSol) {
    for (summary, range) in [(sol.temperature, PlausibleReading.temperature), (sol.pressure, PlausibleReading.pressure),
                             (sol.windSpeed, PlausibleReading.windSpeed)] {
        guard let summary else { continue }
        precondition([summary.minimum, summary.average, summary.maximum].allSatisfy(range.contains), "implausible reading decoded: \(summary)")
        precondition(summary.sampleCount >= 0)
    }
    for sector in (sol.wind?.sectors ?? []) + [sol.wind?.mostCommon].compactMap({ $0 }) {
        precondition((0..<16).contains(sector.index) && PlausibleReading.compassDegrees.contains(sector.degrees) && sector.sampleCount >= 0,
                     "implausible sector decoded: \(sector)")
    }
}

/// Every way a decoded feed reaches a terminal or a script.
func render(_ feed: InSightFeed) {
    let now = Date(timeIntervalSince1970: 1_700_000_000)
    let report = Sourced<InSightFeed>(feed, origin: .cache(savedAt: now.addingTimeInterval(-7200), age: 7200))
    let sols = Array(feed.sols.suffix(20))
    for units in MarsWeatherUnits.allCases {
        for glyphs in [Glyphs.unicode, .ascii] {
            _ = InSightWeatherTable(units: units, glyphs: glyphs, style: .plain).lines(sols, width: 80)
            _ = InSightTemperatureChart.fitting(80, sols: sols, units: units, glyphs: glyphs, style: .plain).lines(sols)
            _ = InSightTemperatureChart(units: units, glyphs: glyphs, style: .plain).lines(sols)
            _ = MarsPanel(units: units, glyphs: glyphs, style: .plain, now: now, width: 80).lines(.loaded(report))
            for sol in sols.suffix(3) { _ = InSightSolDetail(units: units, glyphs: glyphs, style: .plain).lines(sol) }
        }
        // Written by hand, it cannot fail; a reader must take what it wrote.
        let json = InSightWeatherJSON.render(report, sols: sols, units: units, now: now)
        guard (try? JSONSerialization.jsonObject(with: Data(json.utf8))) != nil else {
            fatalError("a decoded feed's JSON did not parse: \(json)")
        }
    }
}
