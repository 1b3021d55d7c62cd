import Foundation

/// The strings that repeat from record to record of one read — an agency's, a
/// rocket's, a pad's, a site's name — each made once and shared, so a file of a
/// million launches holds a few thousand copies of them rather than millions
/// (a string longer than 15 bytes is an allocation of its own).
///
/// Kept in a table of its own, open-addressed by the bytes' `ByteFingerprint` and
/// checked byte for byte, so a collision only makes a fresh string: a
/// `Dictionary` would hash the hash again, once per name of every launch. It
/// stops remembering after `capacity` strings, which bounds it on a file whose
/// names never repeat.
final class RepeatedText {
    static let capacity = 4096

    /// Twice the capacity, so a probe meets an empty slot soon. Not an array:
    /// a class's `var` is checked for exclusive access at every use.
    private let slots: UnsafeMutableBufferPointer<Slot>
    private var count = 0

    init() {
        slots = .allocate(capacity: 2 * Self.capacity)
        slots.initialize(repeating: Slot())
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    private struct Slot {
        var hash: UInt64 = 0
        var string: String?
    }

    /// The string of `bytes` (UTF-8; invalid bytes become U+FFFD, as `String(decoding:)` makes them).
    func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        // Up to 15 bytes a string is stored inline: nothing to share (and
        // looking it up here costs more than making it again).
        guard bytes.count > 15 else { return String(decoding: bytes, as: UTF8.self) }
        let hash = ByteFingerprint.of(UnsafeRawBufferPointer(bytes))
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
