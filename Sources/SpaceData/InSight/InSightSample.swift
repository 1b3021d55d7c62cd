import Foundation
import SpaceDataBundle

/// The weather compiled into the binary: InSight's measurements for sols
/// 675–681 (19–26 October 2020), in the feed's own schema, shown when neither
/// the live feed nor the cache has anything (InSight has been silent since 2022).
public enum InSightSample {
    /// The sample's bytes, exactly as in `Fixtures/bundled/insightSample.json`.
    public static var body: Data { Data(BundledFixtures.insightSample.utf8) }

    /// What the sample is, for notices and `--json`.
    public static let summary = "InSight's archived weather for sols 675–681 (October 2020)"

    /// The decoded sample. It cannot fail unless the compiled copy is broken,
    /// which a test rules out; the error is still typed rather than a crash.
    public static func feed() throws(InSightError) -> InSightFeed {
        try InSightDecoder.decode(body)
    }
}
