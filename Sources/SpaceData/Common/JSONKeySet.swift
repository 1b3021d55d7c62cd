/// The keys a reader wants from a JSON object, looked up by the bytes of a key
/// as it stands in the text, without making a `String` of it: each key is kept
/// as its length and its first eight bytes in one integer, so a single compare
/// of two integers tells nearly every pair of keys apart.
struct JSONKeySet: Sendable {
    private let names: [String]
    private let counts: [Int]
    private let heads: [UInt64]
    /// The bytes of each key past its first eight.
    private let tails: [[UInt8]]

    init(_ names: [String]) {
        precondition(names.count <= 64, "a reader marks the keys it has met in 64 bits")
        self.names = names
        counts = names.map(\.utf8.count)
        heads = names.map { Self.head(of: Array($0.utf8)) }
        tails = names.map { Array($0.utf8.dropFirst(8)) }
    }

    var count: Int { names.count }

    /// The index of the key whose bytes (without escapes) are `bytes`.
    func index(of bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let head = Self.head(of: bytes)
        for index in counts.indices where counts[index] == bytes.count && heads[index] == head {
            if bytes.count <= 8 || tails[index].elementsEqual(bytes[8...]) { return index }
        }
        return nil
    }

    /// The index of `key` (a key that had escapes, decoded).
    func index(of key: String) -> Int? {
        names.firstIndex(of: key)
    }

    private static func head<Bytes: Collection<UInt8>>(of bytes: Bytes) -> UInt64 {
        var head: UInt64 = 0
        for (index, byte) in bytes.prefix(8).enumerated() {
            head |= UInt64(byte) << (8 * index)
        }
        return head
    }
}
