import Testing
@testable import SpaceData

@Suite struct JSONKeySetTests {
    private let keys = JSONKeySet(["id", "name", "window_start", "window_end", "launch_service_provider", "launch_service_providers", "", "abcdefgh"])

    private func index(_ key: String) -> Int? {
        Array(key.utf8).withUnsafeBufferPointer { keys.index(of: $0) }
    }

    @Test func findsEachKeyByItsBytesWhateverItsLength() {
        #expect(index("id") == 0)
        #expect(index("name") == 1)
        #expect(index("window_start") == 2)
        #expect(index("window_end") == 3)
        #expect(index("launch_service_provider") == 4)
        #expect(index("launch_service_providers") == 5)
        #expect(index("") == 6)
        #expect(index("abcdefgh") == 7)
    }

    /// Keys that share their first eight bytes, or a length, are still told apart.
    @Test func aKeyItDoesNotHoldIsNotFound() {
        for other in ["i", "ids", "Name", "window_stare", "window_starts", "launch_service_providex", "abcdefg", "abcdefghi", "nam\u{0}"] {
            #expect(index(other) == nil, "\(other)")
        }
    }

    /// Lengths from 63 bytes up share one bit of the length test; the lengths themselves still differ.
    @Test func longKeysAreToldApartByTheirLength() {
        let long = JSONKeySet(["short", String(repeating: "x", count: 70)])
        func index(_ key: String) -> Int? { Array(key.utf8).withUnsafeBufferPointer { long.index(of: $0) } }
        #expect(index(String(repeating: "x", count: 70)) == 1)
        #expect(index(String(repeating: "x", count: 63)) == nil)
        #expect(index(String(repeating: "x", count: 71)) == nil)
        #expect(index("short") == 0)
    }

    @Test func aDecodedKeyIsFoundByItsText() {
        #expect(keys.index(of: "window_end") == 3)
        #expect(keys.index(of: "nope") == nil)
    }
}
