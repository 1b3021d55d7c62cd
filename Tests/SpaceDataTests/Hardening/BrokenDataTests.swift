import Foundation
import Testing
@testable import SpaceData

/// Broken and hostile API bodies through both decoders: each is a typed error
/// with a one-line message or a tolerated value, never a crash or a hang.
@Suite struct BrokenDataTests {
    /// Decodes with both decoders and returns, per decoder, a one-line summary.
    static func outcomes(_ body: Data) -> (insight: String, launches: String) {
        let insight: String
        do { insight = "ok \(try InSightDecoder.decode(body).sols.count)" } catch { insight = error.description }
        let launches: String
        do { launches = "ok \(try LaunchLibraryDecoder.decodePage(body).launches.count)" } catch { launches = error.description }
        return (insight, launches)
    }

    static func expectOneLine(_ text: String, _ comment: Comment? = nil) {
        #expect(!text.isEmpty, comment)
        #expect(!text.contains("\n"), comment)
        #expect(text.count < 600, comment)
    }

    static let hostileBodies: [(name: String, body: Data)] = [
        ("nested arrays 100k deep", Data(String(repeating: "[", count: 100_000).utf8)),
        ("nested objects 100k deep", Data(String(repeating: "{\"a\":", count: 100_000).utf8)),
        ("closed nesting 5k deep", Data((String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000)).utf8)),
        ("an HTML page with status 200", Data("<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body>\u{1B}[2J</body></html>".utf8)),
        ("empty", Data()),
        ("whitespace", Data("  \n\t ".utf8)),
        ("bare null", Data("null".utf8)),
        ("a number", Data("1e999".utf8)),
        ("binary", Data((0..<512).map { UInt8(truncatingIfNeeded: $0 &* 37) })),
        ("invalid UTF-8 in a string", Data([0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xFF, 0xFE, 0x22, 0x7D])),
        ("a lone surrogate escape", Data(#"{"results": [{"id": "x", "name": "\ud800"}]}"#.utf8)),
        ("truncated", Data(#"{"results": [{"id": "x", "name": "Fal"#.utf8)),
    ]

    @Test(arguments: hostileBodies.indices)
    func aHostileBodyIsATypedErrorOrAValue(index: Int) {
        let (name, body) = Self.hostileBodies[index]
        let (insight, launches) = Self.outcomes(body)
        Self.expectOneLine(insight, "InSight, \(name)")
        Self.expectOneLine(launches, "Launch Library, \(name)")
    }

    @Test func anHTMLPageWithStatus200SaysItIsNotJSON() {
        let page = Data("<html><body>Service Unavailable</body></html>".utf8)
        #expect(throws: InSightError.self) { try InSightDecoder.decode(page) }
        #expect(Self.outcomes(page).launches.lowercased().contains("json"))
    }

    @Test func aHugeBodyDecodesWhole() throws {
        // 20 000 launches, about 5 MB: decoded, not refused (its speed is measured in `make bench`).
        let one = #"{"id": "ID", "name": "Falcon 9 Block 5 | Starlink Group 6-66", "net": "2026-12-01T20:25:00Z", "status": {"name": "Go for Launch", "abbrev": "Go"}, "mission": {"description": "DESCRIPTION"}}"#
        let description = String(repeating: "x", count: 100)
        let results = (0..<20_000).map { one.replacingOccurrences(of: "ID", with: "id-\($0)").replacingOccurrences(of: "DESCRIPTION", with: description) }
        let body = Data(("{\"count\": 20000, \"results\": [" + results.joined(separator: ",") + "]}").utf8)
        let page = try LaunchLibraryDecoder.decodePage(body)
        #expect(page.launches.count == 20_000)
        #expect(page.launches.last?.id == "id-19999")
    }

    @Test func aHugeStringIsKept() throws {
        let name = String(repeating: "🚀", count: 1_000_000)
        let page = try LaunchLibraryDecoder.decodePage(Data(#"{"results": [{"id": "x", "name": "\#(name)"}]}"#.utf8))
        #expect(page.launches.first?.name.count == 1_000_000)
    }

    // MARK: Numbers out of range

    @Test(arguments: ["1e999", "-1e999", "99999999999999999999999999", "1.7976931348623157e309", "-0", "1e-400", "NaN", "\"Infinity\""])
    func launchNumbersOutOfRangeAreAbsentOrKept(_ number: String) {
        let body = #"{"count": \#(number), "results": [{"id": "x", "name": "N", "pad": {"latitude": \#(number), "longitude": \#(number), "location": {"name": "L"}}}]}"#
        let outcome = Self.outcomes(Data(body.utf8)).launches
        Self.expectOneLine(outcome, "\(number)")
        if outcome.hasPrefix("ok") {
            let launch = try? LaunchLibraryDecoder.decodePage(Data(body.utf8)).launches.first
            #expect(launch?.latitude.map { $0.isFinite } ?? true, "a latitude is a finite number or absent")
        }
    }

    @Test(arguments: ["1e999", "-1e999", "99999999999999999999999999", "1e308"])
    func insightNumbersOutOfRangeAreTypedErrorsOrValues(_ number: String) {
        let sol = FeedJSON.sol([#""AT": {"av": \#(number), "ct": \#(number), "mn": \#(number), "mx": \#(number)}"#])
        let outcome = Self.outcomes(FeedJSON.feed([("675", sol)])).insight
        Self.expectOneLine(outcome, "\(number)")
    }

    @Test func aSolKeyBeyondIntIsATypedErrorOrIgnored() {
        let sol = FeedJSON.sol([FeedJSON.temperature])
        Self.expectOneLine(Self.outcomes(FeedJSON.feed([("99999999999999999999999", sol)])).insight)
        Self.expectOneLine(Self.outcomes(FeedJSON.feed([("-5", sol)])).insight)
    }

    // MARK: Dates

    @Test(arguments: ["2026-13-45T99:99:99Z", "yesterday", "", "2026-12-01", "2026-12-01T20:25:00+14:00",
                      "2026-12-01T20:25:00.123456789Z", "+275760-09-13T00:00:00Z", "0000-01-01T00:00:00Z", "12345"])
    func unexpectedLaunchDatesAreTolerated(_ date: String) throws {
        let body = #"{"results": [{"id": "x", "name": "N", "net": "\#(date)", "window_start": "\#(date)"}]}"#
        let page = try LaunchLibraryDecoder.decodePage(Data(body.utf8))
        #expect(page.launches.count == 1, "the launch stays even when its date cannot be read")
    }

    @Test func aNumericLaunchDateIsTolerated() throws {
        let page = try LaunchLibraryDecoder.decodePage(Data(#"{"results": [{"id": "x", "name": "N", "net": 1700000000}]}"#.utf8))
        #expect(page.launches.first?.net == nil)
    }

    @Test(arguments: ["yesterday", "2020-10-19", "2020-19-45T99:00:00Z", ""])
    func unexpectedSolDatesAreTypedErrorsOrValues(_ date: String) {
        let sol = FeedJSON.sol([FeedJSON.temperature], first: date, last: date)
        Self.expectOneLine(Self.outcomes(FeedJSON.feed([("675", sol)])).insight, "\(date)")
    }

    // MARK: Duplicate keys

    @Test func duplicateKeysAreTolerated() {
        let launches = #"{"results": [{"id": "a", "name": "First"}], "results": [{"id": "b", "name": "Second", "name": "Third"}]}"#
        Self.expectOneLine(Self.outcomes(Data(launches.utf8)).launches)
        let sol = FeedJSON.sol([FeedJSON.temperature, FeedJSON.temperature])
        Self.expectOneLine(Self.outcomes(FeedJSON.feed([("675", sol), ("675", sol)])).insight)
    }

    // MARK: Secrets echoed by a server

    // Regression (hardening, found by SecretsTests): a non-JSON body echoing the
    // request's api_key was quoted verbatim in the "not JSON" error.
    @Test(arguments: ["api_key=SECRETkey123", "Error: token=SECRETkey123 rejected", "<p>Authorization: Token SECRETkey123</p>"])
    func aNonJSONBodyEchoingACredentialIsQuotedRedacted(_ body: String) {
        let (insight, launches) = Self.outcomes(Data(body.utf8))
        #expect(!insight.contains("SECRETkey123"), "\(insight)")
        #expect(!launches.contains("SECRETkey123"), "\(launches)")
    }
}
