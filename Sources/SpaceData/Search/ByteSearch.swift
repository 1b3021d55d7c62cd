#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Substring search over raw bytes, the inner loop of every query.
///
/// glibc's `memmem` is a GNU extension Swift's Glibc module does not show, so
/// this is a rare-byte scan: `memchr` (vectorised) for the needle's least
/// common byte, then `memcmp` around each hit. In launch text the rare byte
/// of "cape canaveral" is "v" and of "spacex starlink" is "x", so most of the
/// haystack is skipped at `memchr` speed. (`package`: the bench's linear scan,
/// the search's baseline, compares with it too.)
package enum ByteSearch {
    /// The offset of the first occurrence of `needle` in `haystack`, or nil.
    /// An empty needle is found at offset 0.
    @inline(__always)
    package static func firstOffset(
        of needle: UnsafeBufferPointer<UInt8>,
        in haystack: UnsafeBufferPointer<UInt8>
    ) -> Int? {
        guard let needleBase = needle.baseAddress, needle.count > 0 else { return 0 }
        guard let base = haystack.baseAddress, haystack.count >= needle.count else { return nil }
        let anchor = rarestByteOffset(in: needle)
        let anchorByte = Int32(needle[anchor])
        // The anchor byte of a match lies in [anchor, haystack.count - needle.count + anchor].
        var position = anchor
        let lastAnchorPosition = haystack.count - needle.count + anchor
        while position <= lastAnchorPosition {
            guard let hit = memchr(base + position, anchorByte, lastAnchorPosition - position + 1) else { return nil }
            let hitOffset = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
            let start = hitOffset - anchor
            if needle.count == 1 || memcmp(base + start, needleBase, needle.count) == 0 { return start }
            position = hitOffset + 1
        }
        return nil
    }

    /// Every non-overlapping occurrence of `needle` in `haystack`, as byte ranges.
    static func occurrences(
        of needle: UnsafeBufferPointer<UInt8>,
        in haystack: UnsafeBufferPointer<UInt8>
    ) -> [Range<Int>] {
        guard needle.count > 0 else { return [] }
        var ranges: [Range<Int>] = []
        var start = 0
        while start + needle.count <= haystack.count,
              let offset = firstOffset(of: needle, in: UnsafeBufferPointer(rebasing: haystack[start...])) {
            ranges.append(start + offset ..< start + offset + needle.count)
            start += offset + needle.count
        }
        return ranges
    }

    /// The offset of the needle's least common byte in launch text (the first if tied).
    @inline(__always)
    static func rarestByteOffset(in needle: UnsafeBufferPointer<UInt8>) -> Int {
        var best = 0
        var bestCommonness = UInt8.max
        for offset in 0 ..< needle.count {
            let commonness = byteCommonness[Int(needle[offset])]
            if commonness < bestCommonness {
                best = offset
                bestCommonness = commonness
            }
        }
        return best
    }

    /// How common each byte is in folded launch text, roughly: English letter
    /// frequencies, spaces and digits common, punctuation rare.
    static let byteCommonness: [UInt8] = {
        var table = [UInt8](repeating: 2, count: 256)
        // Most common first.
        let letters = Array("etaoinsrhlcdumpfgybwvkxjqz".utf8)
        for (rank, letter) in letters.enumerated() {
            table[Int(letter)] = UInt8(60 - rank * 2)
        }
        for digit in UInt8(ascii: "0") ... UInt8(ascii: "9") { table[Int(digit)] = 30 }
        table[Int(UInt8(ascii: " "))] = 70
        for punctuation in ["|", "-", ",", "."] { table[Int(Character(punctuation).asciiValue!)] = 20 }
        for byte in 0x80 ... 0xFF { table[byte] = byte < 0xC0 ? 40 : 25 }  // continuation bytes are everywhere in non-Latin text
        return table
    }()
}
