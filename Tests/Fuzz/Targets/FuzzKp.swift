// libFuzzer entry point for the Kp decoder, both products and both shapes (`make fuzz`).
// Every input must decode or throw a typed error; a decoded series must be in time order
// with each Kp within 0–9, and go through the chart, the page and the JSON without trapping.
import Foundation
@testable import SpaceData
@testable import SpaceDashCLI
import Terminal

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKp(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let body = Data(bytes: start, count: count)
    let product: SpaceWeatherProduct = (body.last ?? 0) % 2 == 0 ? .kpIndex : .kpForecast
    do {
        let series = try KpDecoder.decode(body, product: product)
        precondition(!series.readings.isEmpty)
        precondition(zip(series.readings, series.readings.dropFirst()).allSatisfy { $0.time < $1.time }, "readings out of order")
        precondition(series.readings.allSatisfy { (0...9).contains($0.kp) && (0...5).contains($0.stormLevel) })
        let now = series.readings.last!.time.addingTimeInterval(3600)
        let sourced = Sourced(series, origin: .sample)
        let report = SpaceWeatherReport(kpIndex: sourced, kpForecast: .success(sourced), scales: .failure(.nothingToShow("none")),
                                        alerts: .failure(.nothingToShow("none")), aurora: nil, now: now)
        for glyphs in [Glyphs.unicode, .ascii] {
            for width in [20, 80, 200] {
                _ = SpaceWeatherPage(report: report, glyphs: glyphs, style: .colour, width: width, fullAlerts: false).lines()
            }
        }
        let json = SpaceWeatherJSONDocument.document(report)
        precondition((try? JSONSerialization.jsonObject(with: Data(json.utf8))) != nil, "the JSON does not parse")
    } catch {
        _ = error.description
    }
    return 0
}
