/// A 64-bit hash of bytes, eight at a time, never zero: for the tables that
/// `--file` fills once per launch (`LaunchIDFingerprints`, `RepeatedText`),
/// where `Hasher`'s SipHash and a byte-at-a-time FNV-1a cost a few percent of a load.
/// It need not resist an adversary: every table using it checks a match by the
/// bytes themselves, or takes a collision for a maybe.
enum ByteFingerprint {
    static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        var offset = 0
        while offset + 8 <= bytes.count {
            hash = mix(hash ^ UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            offset += 8
        }
        if offset < bytes.count {
            var tail: UInt64 = 0
            for index in offset..<bytes.count { tail |= UInt64(bytes[index]) << (8 * (index - offset)) }
            hash = mix(hash ^ tail)
        }
        hash = mix(hash)
        return hash == 0 ? 1 : hash
    }

    /// MurmurHash3's 64-bit finaliser, after a multiply: every input bit reaches every output bit.
    @inline(__always)
    private static func mix(_ value: UInt64) -> UInt64 {
        var x = value &* 0xFF51_AFD7_ED55_8CCD
        x ^= x >> 33
        x = x &* 0xC4CE_B9FE_1A85_EC53
        x ^= x >> 33
        return x
    }
}
