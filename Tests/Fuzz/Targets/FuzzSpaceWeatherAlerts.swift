// libFuzzer entry point for the alerts decoder (`make fuzz`): every input decodes or
// throws a typed error; the alerts come newest first, and the page, which prints their
// server text, never lets an escape sequence or a control character through.
import Foundation
@testable import SpaceData
@testable import SpaceDashCLI

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSpaceWeatherAlerts(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let body = Data(bytes: start, count: count)
    do {
        let alerts = try SpaceWeatherAlertDecoder.decode(body)
        precondition(zip(alerts, alerts.dropFirst()).allSatisfy { $0.issued >= $1.issued }, "not newest first")
        guard let newest = alerts.first else { return 0 }
        let now = newest.issued.addingTimeInterval(60)
        let kp = Sourced(KpSeries([KpReading(time: now, kp: 1, kind: .observed)]), origin: .sample)
        let report = SpaceWeatherReport(kpIndex: kp, kpForecast: .failure(.nothingToShow("none")), scales: .failure(.nothingToShow("none")),
                                        alerts: .success(Sourced(alerts, origin: .sample)), aurora: nil, now: now)
        let page = SpaceWeatherPage(report: report, glyphs: .unicode, style: .plain, width: 80, fullAlerts: true).lines()
        for line in page {
            precondition(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "a control character reached the page: \(line.debugDescription)")
        }
        _ = SpaceWeatherJSONDocument.document(report)
    } catch {
        _ = error.description
    }
    return 0
}
