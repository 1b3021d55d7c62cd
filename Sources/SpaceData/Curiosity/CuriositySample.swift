import Foundation

/// The Curiosity weather compiled into the binary: the last Mars year of the
/// REMS feed as mars.nasa.gov served it on 2026-02-11 (sols 4134–4801, Earth
/// dates 2024-03-23 to 2026-02-07), in the feed's own schema. Shown when
/// neither the live feed nor the cache has anything; provenance in
/// Fixtures/SOURCES.md.
public enum CuriositySample {
    /// The sample's bytes, exactly as in `Fixtures/bundled/curiosityWeatherSample.json`
    /// without its final newline.
    public static var body: Data { Data(BundledFixtures.curiosityWeatherSample.utf8) }

    /// What the sample is, for notices and `--json`.
    public static let summary = "Curiosity's REMS weather for sols 4134–4801 as published on 2026-02-11"

    /// The decoded sample. It cannot fail unless the compiled copy is broken,
    /// which a test rules out; the error is still typed rather than a crash.
    public static func feed() throws(CuriosityWeatherError) -> CuriosityFeed {
        try CuriosityDecoder.decode(body)
    }
}
