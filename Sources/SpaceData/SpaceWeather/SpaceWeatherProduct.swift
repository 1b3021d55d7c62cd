import Foundation

/// The NOAA Space Weather Prediction Center products spacedash reads, each by
/// its path under `https://services.swpc.noaa.gov` (../shared/data/spaceweather/SOURCES.md).
public enum SpaceWeatherProduct: String, Sendable, CaseIterable {
    /// The observed planetary Kp, 3-hourly, about the last week.
    case kpIndex = "products/noaa-planetary-k-index.json"
    /// Observed, estimated and predicted Kp from a week back to 3 days ahead.
    case kpForecast = "products/noaa-planetary-k-index-forecast.json"
    /// NOAA's R, S and G scales: yesterday, now, and 3 days of probabilities.
    case scales = "products/noaa-scales.json"
    /// Watches, warnings, alerts and summaries of about the last month.
    case alerts = "products/alerts.json"
    /// The OVATION aurora nowcast: a probability for each 1° cell of the globe.
    case auroraGrid = "json/ovation_aurora_latest.json"

    public var path: String { rawValue }

    /// How notices and errors name it.
    public var name: String {
        switch self {
        case .kpIndex: return "planetary Kp index"
        case .kpForecast: return "Kp forecast"
        case .scales: return "NOAA space weather scales"
        case .alerts: return "space weather alerts"
        case .auroraGrid: return "aurora nowcast"
        }
    }

    public var cacheKey: String {
        switch self {
        case .kpIndex: return "swpc-kp-index"
        case .kpForecast: return "swpc-kp-forecast"
        case .scales: return "swpc-scales"
        case .alerts: return "swpc-alerts"
        case .auroraGrid: return "swpc-aurora-grid"
        }
    }

    /// How long a cached answer stands in for a request: SWPC updates the Kp
    /// products every few minutes to 3 hours, the nowcast every 5 minutes
    /// and it is good for about half an hour.
    public var freshness: TimeInterval {
        self == .auroraGrid ? 10 * 60 : 15 * 60
    }
}
