import Foundation
import SpaceData
import TestSupport

/// Sols for renderer tests: the bundled sample, and sols with sensors missing.
enum MarsWeatherFixtures {
    static var sample: InSightFeed { try! InSightSample.feed() }

    static let day = Date(timeIntervalSince1970: 1_610_000_000)

    /// Pressure only, no wind direction data (as in early 2021).
    static let pressureOnly = InSightSol(
        sol: 751, firstUTC: day, lastUTC: day.addingTimeInterval(88_775), season: "winter",
        pressure: SensorSummary(average: 714.567, minimum: 690.6448, maximum: 734.9172, sampleCount: 88775),
        wind: WindRose(sectors: [], mostCommon: nil)
    )

    /// Temperature and wind but no pressure (sol 755).
    static let noPressure = InSightSol(
        sol: 755, firstUTC: day, lastUTC: day.addingTimeInterval(88_775), season: "winter",
        temperature: SensorSummary(average: -56.191, minimum: -94.77, maximum: -7.478, sampleCount: 128649),
        windSpeed: SensorSummary(average: 4.064, minimum: 0.164, maximum: 13.146, sampleCount: 71398),
        wind: WindRose(
            sectors: [WindSector(index: 10, point: "SW", degrees: 225, sampleCount: 900), WindSector(index: 2, point: "NE", degrees: 45, sampleCount: 100)],
            mostCommon: WindSector(index: 10, point: "SW", degrees: 225, sampleCount: 900)
        )
    )

    /// `HostileInSight.everything` through the decoder: sols 677–681, the
    /// impossible readings missing.
    static func hostile() throws -> InSightFeed {
        try InSightDecoder.decode(Data(HostileInSight.everything.utf8))
    }

    /// A sol as no decoder makes it now (the renderers' own guards): this
    /// temperature summary and wind rose, and a plausible pressure.
    static func raw(_ number: Int = 700, temperature: SensorSummary?, pressure: SensorSummary? = nil, wind: WindRose? = nil) -> InSightSol {
        InSightSol(sol: number, firstUTC: day, lastUTC: day.addingTimeInterval(88_775), season: "winter",
                temperature: temperature, pressure: pressure ?? SensorSummary(average: 714.567, minimum: 690.6448, maximum: 734.9172, sampleCount: 10),
                wind: wind)
    }

    static func temperature(_ low: Double, _ average: Double, _ high: Double) -> SensorSummary {
        SensorSummary(average: average, minimum: low, maximum: high, sampleCount: 10)
    }
}
