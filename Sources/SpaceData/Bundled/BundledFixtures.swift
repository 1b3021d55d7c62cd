/// Sample data compiled into the binary, so an installed `spacedash` with
/// nothing beside it still has something true to show.
///
/// Each `Fixtures/bundled/NAME.json` becomes `BundledFixtures.NAME` in
/// `Bundled/BundledFixtures+NAME.swift`, written by `make fixtures`; a test
/// checks that the compiled copy equals the file in `Fixtures/`.
public enum BundledFixtures {}
