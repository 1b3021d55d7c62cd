import Foundation
import SpaceData

/// The words InSight's views share.
enum InSightWeatherText {
    /// Where the weather came from, for the "Source:" line and the JSON's description.
    static func source(_ origin: DataOrigin) -> String {
        switch origin {
        case .live(let fetched):
            return "live from NASA's InSight feed, fetched \(MarsWeatherFormat.minute(fetched))"
        case .cache(let saved, let age):
            return "cached \(AgeText.describe(age)) ago (fetched \(MarsWeatherFormat.minute(saved)))"
        case .sample:
            return "the bundled sample: \(InSightSample.summary)"
        }
    }
}
