import Foundation

/// The strings that repeat from record to record of one read — an agency's, a
/// rocket's, a pad's, a site's name — each made once and shared, so a file of a
/// million launches holds a few thousand copies of them rather than millions
/// (a string longer than 15 bytes is an allocation of its own).
///
/// Keyed by the bytes' FNV-1a hash and checked byte for byte, so a collision only
/// makes a fresh string. It stops remembering after `capacity` strings, which
/// bounds it on a file whose names never repeat.
final class RepeatedText {
    static let capacity = 4096

    private var strings: [UInt64: String] = [:]

    /// The string of `bytes` (UTF-8; invalid bytes become U+FFFD, as `String(decoding:)` makes them).
    func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        // Up to 15 bytes a string is stored inline: nothing to share.
        guard bytes.count > 15 else { return String(decoding: bytes, as: UTF8.self) }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        if let known = strings[hash], Self.spells(known, bytes) { return known }
        let made = String(decoding: bytes, as: UTF8.self)
        if strings.count < Self.capacity && strings[hash] == nil { strings[hash] = made }
        return made
    }

    private static func spells(_ string: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var string = string
        return string.withUTF8 { utf8 in
            utf8.count == bytes.count && memcmp(utf8.baseAddress!, bytes.baseAddress!, bytes.count) == 0
        }
    }
}
