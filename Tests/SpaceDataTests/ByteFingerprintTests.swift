@testable import SpaceData
import Testing

@Suite struct ByteFingerprintTests {
    private static func fingerprint(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { ByteFingerprint.of($0) }
    }

    /// Texts alike but for one byte, of every length around the eight-byte steps,
    /// get fingerprints of their own (the tables keyed by them stay spread out).
    @Test func textsThatDifferByOneByteDiffer() {
        var seen: Set<UInt64> = []
        for length in 0...40 {
            let base = [UInt8](repeating: UInt8(ascii: "x"), count: length)
            #expect(seen.insert(Self.fingerprint(base)).inserted, "length \(length)")
            for position in 0..<length {
                var changed = base
                changed[position] = UInt8(ascii: "y")
                #expect(seen.insert(Self.fingerprint(changed)).inserted, "length \(length), byte \(position)")
            }
        }
        // A zero byte counts: "" and "\0" and "\0\0" differ.
        #expect(Set([[], [0], [0, 0]].map(Self.fingerprint)).count == 3)
    }

    @Test func theSameBytesAnywhereInMemoryGiveTheSameFingerprintNeverZero() {
        let text = Array("Space Launch Complex 40".utf8)
        let expected = Self.fingerprint(text)
        for offset in 0..<8 {  // unaligned loads
            let shifted = [UInt8](repeating: 0, count: offset) + text
            let fingerprint = shifted.withUnsafeBytes { ByteFingerprint.of(UnsafeRawBufferPointer(rebasing: $0[offset...])) }
            #expect(fingerprint == expected)
        }
        #expect(!(0..<1_000).contains { Self.fingerprint(Array("\($0)".utf8)) == 0 })
    }
}
