import Foundation
import SpaceDataBundle

/// The launches compiled into the binary: Launch Library 2's listing of
/// upcoming launches of 20 July 2026 (ten launches, 2.2.0 detailed mode),
/// shown when neither Launch Library nor the cache has anything.
///
/// Its facts (ids, names, times, statuses, providers, pads, `last_updated`,
/// and the detail `launches show` gives: webcasts, boosters, updates…) are
/// those of the listing as fetched; `Fixtures/SOURCES.md` says where the
/// capture came from. It is a listing of one day, so whoever shows it leaves
/// out the launches whose time has passed and says when it was listed.
public enum BundledLaunchListing {
    /// The listing's bytes, exactly as in `Fixtures/bundled/launchesListing.json`.
    public static var body: Data { Data(BundledFixtures.launchesListing.utf8) }

    /// When Launch Library served the listing: 2026-07-20T14:38:00Z.
    public static let listedAt = Date(timeIntervalSince1970: 1_784_558_280)

    /// What the listing is, for notices and sources: it always says when it was listed.
    public static let summary = "Launch Library 2's listing of 20 July 2026"

    /// The decoded listing. It cannot fail unless the compiled copy is broken,
    /// which a test rules out; the error is still typed rather than a crash.
    public static func launches() throws(LaunchLibraryError) -> [Launch] {
        try LaunchLibraryDecoder.decodePage(body).launches
    }

    /// The detailed record of launch `id` as the listing holds it (webcasts,
    /// boosters, updates… as of 20 July 2026), nil when it holds no such launch.
    public static func detail(id: String) -> LaunchDetail? {
        guard body.range(of: Data(id.lowercased().utf8)) != nil else { return nil }
        return (try? LaunchDetailDecoder.decode(body))?.first { $0.launch.id.lowercased() == id.lowercased() }
    }
}
