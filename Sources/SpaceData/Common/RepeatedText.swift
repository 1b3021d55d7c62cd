import Foundation

/// The strings that repeat from record to record of one read — an agency's, a
/// rocket's, a pad's, a site's name — each made once and shared, so a file of a
/// million launches holds a few thousand copies of them rather than millions
/// (a string longer than 15 bytes is an allocation of its own).
///
/// Kept in a table of its own, open-addressed by the bytes' FNV-1a hash and
/// checked byte for byte, so a collision only makes a fresh string: a
/// `Dictionary` would hash the hash again, once per name of every launch. It
/// stops remembering after `capacity` strings, which bounds it on a file whose
/// names never repeat.
final class RepeatedText {
    static let capacity = 4096

    /// Twice the capacity, so a probe meets an empty slot soon.
    private var slots = [Slot](repeating: Slot(), count: 2 * RepeatedText.capacity)
    private var count = 0

    private struct Slot {
        var hash: UInt64 = 0
        var string: String?
    }

    /// The string of `bytes` (UTF-8; invalid bytes become U+FFFD, as `String(decoding:)` makes them).
    func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        // Up to 15 bytes a string is stored inline: nothing to share.
        guard bytes.count > 15 else { return String(decoding: bytes, as: UTF8.self) }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let mask = slots.count - 1
        var index = Int(truncatingIfNeeded: hash ^ hash >> 32) & mask
        while let known = slots[index].string {
            if slots[index].hash == hash {
                if Self.spells(known, bytes) { return known }
                break  // another text with the same hash: made afresh, not remembered
            }
            index = (index + 1) & mask
        }
        let made = String(decoding: bytes, as: UTF8.self)
        if count < Self.capacity && slots[index].string == nil {
            slots[index] = Slot(hash: hash, string: made)
            count += 1
        }
        return made
    }

    private static func spells(_ string: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var string = string
        return string.withUTF8 { utf8 in
            utf8.count == bytes.count && memcmp(utf8.baseAddress!, bytes.baseAddress!, bytes.count) == 0
        }
    }
}
