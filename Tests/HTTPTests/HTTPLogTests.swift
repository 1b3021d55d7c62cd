import Foundation
import Synchronization
import Testing
@testable import HTTP

/// The lines of one request; `HTTPClientTests.debugLinesAreRedacted` checks
/// them against a real transfer.
@Suite struct HTTPLogTests {
    @Test func aRequestLineNamesTheMethodAndTheURLWithoutItsKey() {
        let lines = Mutex<[String]>([])
        let log = HTTPLog { line in lines.withLock { $0.append(line) } }
        log.started(HTTPRequest(url: URL(string: "https://api.nasa.gov/insight_weather/?api_key=abc123&feedtype=json")!))
        let written = lines.withLock { $0 }
        #expect(written.count == 1)
        #expect(written.first?.hasPrefix("http: GET https://api.nasa.gov/insight_weather/?api_key=") == true)
        #expect(written.first?.contains("abc123") == false)
    }
}
