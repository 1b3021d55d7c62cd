/// Data compiled into the binary, so an installed `spacedash` with nothing
/// beside it still has something true to show: Launch Library 2's listing of
/// 20 July 2026, GCAT's launch history and InSight's archived weather.
///
/// Each `Fixtures/bundled/NAME.json` (or `.tsv`) becomes `BundledFixtures.NAME`
/// in `BundledFixtures+NAME.swift`, written by `make fixtures`; a test checks
/// that the compiled copy equals the file in `Fixtures/`. Curiosity's sample is
/// the exception: its sols are compiled in the cache's compact form
/// (`curiosityWeatherSampleSols`), so showing it parses no JSON. Where each file's
/// facts come from is recorded in `Fixtures/SOURCES.md`. This target holds
/// generated code only, apart from SpaceData's hand-written sources.
public enum BundledFixtures {}
