import Foundation
import SpaceDataBundle

/// The launches compiled into the binary: 46 upcoming launches (late 2026 to
/// 2027) by 16 providers from 18 sites, in Launch Library's 2.3.0 normal
/// schema, shown when neither Launch Library nor the cache has anything.
public enum LaunchesSample {
    /// The sample's bytes, exactly as in `Fixtures/bundled/launchesSample.json`
    /// without its final newline.
    public static var body: Data { Data(BundledFixtures.launchesSample.utf8) }

    /// What the sample is, for notices.
    public static let summary = "the bundled sample of upcoming launches (as listed on 20 November 2026)"

    /// The decoded sample. It cannot fail unless the compiled copy is broken,
    /// which a test rules out; the error is still typed rather than a crash.
    public static func launches() throws(LaunchLibraryError) -> [Launch] {
        try LaunchLibraryDecoder.decodePage(body).launches
    }
}
