import Foundation
import Testing
@testable import Streams

@Suite struct DemandTests {
    private struct Wrapper: Codable, Equatable { let value: Subscribers.Demand }

    // Combine's form: a single number (OpenCombine's SubscribersDemandTests.testEncodeDecodeJSON).
    @Test func encodesAsCombineDoes() throws {
        let encoder = JSONEncoder()
        #expect(String(decoding: try encoder.encode(Wrapper(value: .max(42))), as: UTF8.self) == #"{"value":42}"#)
        #expect(
            String(decoding: try encoder.encode(Wrapper(value: .unlimited)), as: UTF8.self)
                == #"{"value":\#(UInt(Int.max) + 1)}"#
        )
    }

    @Test func decodesCombinesForm() throws {
        let decoder = JSONDecoder()
        #expect(try decoder.decode(Wrapper.self, from: Data(#"{"value":42}"#.utf8)).value == .max(42))
        #expect(try decoder.decode(Wrapper.self, from: Data(#"{"value":\#(UInt(Int.max) + 1)}"#.utf8)).value == .unlimited)
        #expect(try decoder.decode(Wrapper.self, from: Data(#"{"value":\#(UInt(Int.max) + 2)}"#.utf8)).value == .unlimited)
        #expect(throws: DecodingError.self) { try decoder.decode(Wrapper.self, from: Data(#"{"value":-1}"#.utf8)) }
    }
}
