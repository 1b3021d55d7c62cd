import SpaceDataBundle

/// The Curiosity weather compiled into the binary: the last Mars year of the
/// REMS feed as mars.nasa.gov served it on 2026-02-11 (sols 4134–4801, Earth
/// dates 2024-03-23 to 2026-02-07). Shown when neither the live feed nor the
/// cache has anything; provenance in Fixtures/SOURCES.md.
///
/// The bundled file, `Fixtures/bundled/curiosityWeatherSampleSols.tsv`, holds
/// the sols in the cache's compact form, written from the feed's capture by
/// `Fixtures/curiosity/derive_curiosity_sample.py`, so showing the sample parses
/// no JSON: decoding the feed's 234 KB for that year was a third of
/// `mars-weather --offline`'s start-up. A test checks that the compiled sols are
/// what `CuriosityDecoder` makes of the capture, when `../shared/data` is present.
public enum CuriositySample {
    /// What the sample is, for notices and `--json`.
    public static let summary = "Curiosity's REMS weather for sols 4134–4801 as published on 2026-02-11"

    /// The decoded sample. It cannot fail unless the compiled copy is broken,
    /// which a test rules out; the error is still typed rather than a crash.
    public static func feed() throws(CuriosityCompactForm.Damaged) -> CuriosityFeed {
        var compactForm = BundledFixtures.curiosityWeatherSampleSols
        // A literal's bytes are contiguous UTF-8: read in place, never copied.
        let result: Result<CuriosityFeed, CuriosityCompactForm.Damaged> = compactForm.withUTF8 { bytes in
            do throws(CuriosityCompactForm.Damaged) {
                return .success(try CuriosityCompactForm.decode(bytes: bytes))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}
