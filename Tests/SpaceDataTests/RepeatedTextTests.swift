@testable import SpaceData
import Testing

@Suite struct RepeatedTextTests {
    private static func string(_ text: String, from table: RepeatedText) -> String {
        Array(text.utf8).withUnsafeBufferPointer { table.string($0) }
    }

    private static func storage(_ text: String) -> UnsafeRawPointer? {
        text.utf8.withContiguousStorageIfAvailable { UnsafeRawPointer($0.baseAddress) } ?? nil
    }

    @Test func aNameReadTwiceIsStoredOnce() {
        let table = RepeatedText()
        let first = Self.string("Space Launch Complex 40", from: table)
        let second = Self.string("Space Launch Complex 40", from: table)
        #expect(first == "Space Launch Complex 40" && second == first)
        #expect(Self.storage(first) != nil && Self.storage(first) == Self.storage(second))
    }

    @Test func differentNamesStayDifferent() {
        let table = RepeatedText()
        #expect(Self.string("Cape Canaveral SFS, FL, USA", from: table) == "Cape Canaveral SFS, FL, USA")
        #expect(Self.string("Vandenberg SFB, CA, USA (west)", from: table) == "Vandenberg SFB, CA, USA (west)")
        #expect(Self.string("Cape Canaveral SFS, FL, USA", from: table) == "Cape Canaveral SFS, FL, USA")
    }

    @Test func shortNamesAndBrokenUTF8ReadAsStringDecodingReadsThem() {
        let table = RepeatedText()
        #expect(Self.string("SpaceX", from: table) == "SpaceX")
        let broken: [UInt8] = Array("Rocket Lab Launch Complex ".utf8) + [0xFF, 0xC3]
        let read = broken.withUnsafeBufferPointer { table.string($0) }
        #expect(read == String(decoding: broken, as: UTF8.self))
        #expect(broken.withUnsafeBufferPointer { table.string($0) } == read)
    }

    @Test func stopsRememberingAtItsCapacityAndStillReadsEveryName() {
        let table = RepeatedText()
        for number in 0 ..< RepeatedText.capacity + 10 {
            let name = "Launch Complex number \(number)"
            #expect(Self.string(name, from: table) == name)
        }
        let late = "Launch Complex number \(RepeatedText.capacity + 5)"
        #expect(Self.string(late, from: table) == late)
    }
}
