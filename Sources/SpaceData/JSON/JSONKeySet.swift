/// The keys a reader wants from a JSON object, looked up by the bytes of a key
/// as it stands in the text, without making a `String` of it: each key is kept
/// as its length and its first eight bytes in one integer, so a single compare
/// of two integers tells nearly every pair of keys apart.
///
/// Most keys of a Launch Library record are not wanted (`url`, `slug`, `image`…),
/// so a key whose length no wanted key has is turned away by one bit test first.
struct JSONKeySet: Sendable {
    /// One wanted key: its length, its first eight bytes (little-endian, zero
    /// past the end) and its bytes past those eight.
    private struct Entry: Sendable {
        var count: Int
        var head: UInt64
        var tail: [UInt8]
    }

    private let names: [String]
    private let entries: [Entry]
    /// Bit n is set when some key is n bytes long (keys of 64 bytes or more set bit 63).
    private let lengths: UInt64

    init(_ names: [String]) {
        precondition(names.count <= 64, "a reader marks the keys it has met in 64 bits")
        self.names = names
        entries = names.map { name in
            let bytes = Array(name.utf8)
            return Entry(count: bytes.count, head: bytes.withUnsafeBufferPointer(Self.head), tail: Array(bytes.dropFirst(8)))
        }
        lengths = entries.reduce(0) { $0 | Self.lengthBit($1.count) }
    }

    var count: Int { names.count }

    /// The index of the key whose bytes (without escapes) are `bytes`.
    @inline(__always)
    func index(of bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard lengths & Self.lengthBit(bytes.count) != 0 else { return nil }
        let head = Self.head(of: bytes)
        return entries.withUnsafeBufferPointer { entries -> Int? in
            for index in entries.indices where entries[index].head == head && entries[index].count == bytes.count {
                if bytes.count <= 8 || entries[index].tail.elementsEqual(bytes[8...]) { return index }
            }
            return nil
        }
    }

    /// The index of `key` (a key that had escapes, decoded).
    func index(of key: String) -> Int? {
        names.firstIndex(of: key)
    }

    @inline(__always)
    private static func lengthBit(_ count: Int) -> UInt64 {
        1 << UInt64(min(count, 63))
    }

    /// The first eight bytes as one integer: one unaligned load when there are
    /// eight, else the few there are.
    @inline(__always)
    private static func head(of bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard let base = bytes.baseAddress else { return 0 }
        if bytes.count >= 8 {
            return UInt64(littleEndian: UnsafeRawPointer(base).loadUnaligned(as: UInt64.self))
        }
        var head: UInt64 = 0
        for index in 0..<bytes.count {
            head |= UInt64(base[index]) << (8 * UInt64(index))
        }
        return head
    }
}
