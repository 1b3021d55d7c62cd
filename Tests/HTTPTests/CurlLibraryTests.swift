@testable import HTTP
import Testing

/// libcurl is loaded by the first request; a library that cannot serve is
/// reported in one line that names it (the installed binary's run without
/// libcurl is in `InstalledBinaryTests`).
@Suite struct CurlLibraryTests {
    @Test func aMissingLibraryIsReportedByName() throws {
        let problem = try #require(CurlLibrary.problem(with: "libcurl-spacedash-missing.so.4"))
        #expect(problem.contains("libcurl-spacedash-missing.so.4"))
        #expect(problem.contains("No such file"), "\(problem)")
        #expect(!problem.contains("\n"))
    }

    @Test func aLibraryWithoutCurlIsReportedByTheFunctionItLacks() {
        // The C library loads but has no curl_global_init.
        #expect(CurlLibrary.problem(with: "libc.so.6") == "libc.so.6 has no curl_global_init (libcurl 7.68 or later is needed)")
    }

    @Test func debiansLibcurlServes() {
        #expect(CurlLibrary.problem(with: CurlLibrary.name) == nil)
        #expect(CurlLibrary.load() == nil)
        #expect(CurlLibrary.load() == nil)  // once loaded, stays loaded
    }
}
