import Foundation
import Testing
@testable import SpaceData

@Suite struct SpaceWeatherAlertDecoderTests {
    @Test(.enabled(if: SpaceWeatherCaptures.available))
    func theCaptureDecodesNewestFirstWithCorrectionsCancellationsAndExtensionsApplied() throws {
        let alerts = try SpaceWeatherAlertDecoder.decode(try SpaceWeatherCaptures.data(SpaceWeatherCaptures.alerts))
        let newest = try #require(alerts.first)
        #expect(newest.productID == "A20F")
        #expect(newest.code == "WATA20" && newest.serial == 1122)
        #expect(newest.issued == SpaceWeatherCaptures.utc("2026-09-06T12:12:15.890Z"))
        #expect(newest.headline == "WATCH: Geomagnetic Storm Category G1 Predicted")
        #expect(!newest.message.contains("\r"), "line ends are made \\n")
        #expect(newest.message.contains("www.swpc.noaa.gov/noaa-scales-explanation"), "\\/ is a slash")
        #expect(zip(alerts, alerts.dropFirst()).allSatisfy { $0.issued >= $1.issued })

        func serials(_ code: String) -> [Int] { alerts.filter { $0.code == code }.compactMap(\.serial) }
        // Corrected: one ALTK06 725 and one WATA30 280, the corrected copies.
        #expect(serials("ALTK06") == [725])
        #expect(alerts.first { $0.code == "ALTK06" }?.message.contains("CORRECTED") == true)
        #expect(serials("WATA30") == [280])
        #expect(alerts.first { $0.code == "WATA30" }?.message.contains("CORRECTED") == true)
        // Cancelled: WARPC0 123 gives way to its cancellation 124; WATA20 1119 to 1120.
        #expect(serials("WARPC0") == [124])
        #expect(!serials("WATA20").contains(1119) && serials("WATA20").contains(1120))
        // Extended: each extension replaces the warning it extends.
        #expect(serials("WARPX1") == [632])
        #expect(!serials("WARK04").contains(5409) && serials("WARK04").contains(5410))
        #expect(alerts.count < 77)
    }

    @Test func messagesOutsideTheWindowAreNotRecent() throws {
        let now = SpaceWeatherCaptures.utc("2026-09-06T18:04:33Z")
        let alerts = [
            SpaceWeatherAlert(productID: "A", issued: now.addingTimeInterval(-3600), code: "X", serial: 2, headline: "new", message: ""),
            SpaceWeatherAlert(productID: "A", issued: now.addingTimeInterval(-25 * 3600), code: "X", serial: 1, headline: "old", message: ""),
        ]
        #expect(SpaceWeatherAlert.recent(alerts, within: 86_400, of: now).map(\.headline) == ["new"])
    }

    @Test func anEmptyListIsAQuietMonthNotAnError() throws {
        #expect(try SpaceWeatherAlertDecoder.decode(Data("[]".utf8)).isEmpty)
    }

    @Test func entriesWithoutAMessageAreAChangedShape() {
        #expect(throws: SpaceWeatherError(.alerts, .unknownShape("an entry is an object without a message"))) {
            try SpaceWeatherAlertDecoder.decode(Data(#"[{"product_id":"A20F","text":"x"}]"#.utf8))
        }
    }
}
