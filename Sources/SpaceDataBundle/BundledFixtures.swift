/// Data compiled into the binary, so an installed `spacedash` with nothing
/// beside it still has something true to show: Launch Library 2's listing of
/// 20 July 2026, GCAT's launch history, and Curiosity's and InSight's weather.
///
/// Each `Fixtures/bundled/NAME.json` (or `.tsv`) becomes `BundledFixtures.NAME`,
/// a string literal holding the file's bytes, written into the build folder at
/// build time by the EmbedBundledFixtures plugin (`Plugins/`). Curiosity's
/// sample is kept in the cache's compact form (`curiosityWeatherSampleSols`), so
/// showing it parses no JSON. Where each file's facts come from is recorded in
/// `Fixtures/SOURCES.md`.
public enum BundledFixtures {}
