import HTTP
import Testing

/// Only `HTTPLog.enabled`'s rules; the lines themselves are checked against a
/// real transfer in `HTTPClientTests.debugLinesAreRedacted`.
@Suite struct HTTPLogTests {
    let sink = HTTPLog { _ in }

    @Test func isOffByDefault() {
        #expect(HTTPLog.enabled(verbose: false, environment: [:], sink: sink) == nil)
        #expect(HTTPLog.enabled(verbose: false, environment: ["SPACEDASH_DEBUG_HTTP": "0"], sink: sink) == nil)
        #expect(HTTPLog.enabled(verbose: false, environment: ["SPACEDASH_DEBUG_HTTP": ""], sink: sink) == nil)
    }

    @Test func isOnWithTheVariableOrVerbose() {
        #expect(HTTPLog.enabled(verbose: false, environment: ["SPACEDASH_DEBUG_HTTP": "1"], sink: sink) != nil)
        #expect(HTTPLog.enabled(verbose: true, environment: [:], sink: sink) != nil)
    }
}
