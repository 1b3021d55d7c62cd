import Foundation
import SpaceDataBundle

/// The events compiled into the binary: Launch Library 2's upcoming events as
/// its development server listed them about 28 September 2026 (three: Juice's
/// Earth flyby, a station briefing, Crew-13's docking), shown when neither
/// Launch Library nor the cache answers. Whoever shows them leaves out those
/// whose date has passed, as for the bundled launches.
public enum BundledEvents {
    public static var body: Data { Data(BundledFixtures.eventsListing.utf8) }

    /// The newest `last_updated` of the listing: 2026-09-26T01:34:56Z (no fetch time was recorded).
    public static let listedAt = Date(timeIntervalSince1970: 1_790_386_496)

    public static let summary = "Launch Library 2's upcoming events of late September 2026 (its development server)"

    public static func events() throws(LaunchLibraryError) -> [SpaceEvent] {
        try SpaceEventDecoder.decode(body)
    }
}
