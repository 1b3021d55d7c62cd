import Foundation
import SpaceDataBundle

/// NOAA SWPC answers compiled into the binary, byte for byte as captured
/// (provenance in Fixtures/SOURCES.md): the Kp index of 2026-08-31, the Kp
/// forecast and alerts of 2026-09-06 and the scales of 2026-08-31, shown with
/// their dates when neither live data nor the cache has anything. No aurora
/// grid is bundled: a nowcast is good for half an hour, and an old one would
/// only mislead about tonight.
public enum SpaceWeatherSample {
    public static func summary(_ product: SpaceWeatherProduct) -> String {
        switch product {
        case .kpIndex: return "NOAA SWPC's planetary Kp of 2026-08-24 to 2026-08-31, fetched 2026-08-31"
        case .kpForecast: return "NOAA SWPC's Kp forecast fetched 2026-09-06 (its predictions long past)"
        case .scales: return "NOAA's scales of 2026-08-31"
        case .alerts: return "NOAA SWPC's alerts fetched 2026-09-06"
        case .auroraGrid: return "no aurora grid"
        }
    }

    /// The product's bundled answer; none for the aurora grid.
    public static func body(_ product: SpaceWeatherProduct) -> Data? {
        switch product {
        case .kpIndex: return Data(BundledFixtures.swpcKpIndex.utf8)
        case .kpForecast: return Data(BundledFixtures.swpcKpForecast.utf8)
        case .scales: return Data(BundledFixtures.swpcScales.utf8)
        case .alerts: return Data(BundledFixtures.swpcAlerts.utf8)
        case .auroraGrid: return nil
        }
    }
}
