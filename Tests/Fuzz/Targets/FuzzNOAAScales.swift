// libFuzzer entry point for the NOAA scales decoder (`make fuzz`): every input decodes
// or throws a typed error; decoded levels are 0–5, chances 0–100, and the page draws.
import Foundation
@testable import SpaceData
@testable import SpaceDashCLI

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNOAAScales(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let body = Data(bytes: start, count: count)
    do {
        let scales = try NOAAScalesDecoder.decode(body)
        precondition(scales.current != nil)
        for day in scales.days {
            precondition((-7...7).contains(day.offset))
            for level in [day.radioBlackout, day.solarRadiationStorm, day.geomagneticStorm] { precondition(level.map { (0...5).contains($0) } ?? true) }
            for chance in [day.minorRadioBlackoutChance, day.majorRadioBlackoutChance, day.solarRadiationStormChance] {
                precondition(chance.map { (0...100).contains($0) } ?? true)
            }
        }
        let now = Date(timeIntervalSince1970: Double(scales.current!.date.daysSince1970) * 86_400)
        let kp = Sourced(KpSeries([KpReading(time: now, kp: 1, kind: .observed)]), origin: .sample)
        let report = SpaceWeatherReport(kpIndex: kp, kpForecast: .failure(.nothingToShow("none")), scales: .success(Sourced(scales, origin: .sample)),
                                        alerts: .failure(.nothingToShow("none")), aurora: nil, now: now)
        _ = SpaceWeatherPage(report: report, glyphs: .unicode, style: .plain, width: 80, fullAlerts: false).lines()
        _ = SpaceWeatherJSONDocument.document(report)
    } catch {
        _ = error.description
    }
    return 0
}
