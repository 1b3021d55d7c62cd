/// Whether any two launches of a list may share an id, told from 64-bit
/// fingerprints of the ids in an open-addressed table: for `--file`'s one page
/// of a million launches, where a `Set<String>` of the ids (SipHash over each,
/// and a 32 MB table) took a twentieth of the load. A fingerprint met twice is
/// only a maybe (two ids can share one, one time in 2^64 per pair): the caller
/// then removes repeats by the ids themselves.
enum LaunchIDFingerprints {
    static func mayRepeat(_ launches: [Launch]) -> Bool {
        guard launches.count > 1 else { return false }
        // At most half full, so a probe meets an empty slot soon. Zero marks an empty slot.
        var capacity = 4
        while capacity < 2 * launches.count { capacity <<= 1 }
        let mask = capacity - 1
        var slots = [UInt64](repeating: 0, count: capacity)
        for launch in launches {
            var id = launch.id
            let fingerprint = id.withUTF8 { Self.fingerprint(of: UnsafeRawBufferPointer($0)) }
            var index = Int(truncatingIfNeeded: fingerprint) & mask
            while slots[index] != 0 {
                if slots[index] == fingerprint { return true }
                index = (index + 1) & mask
            }
            slots[index] = fingerprint
        }
        return false
    }

    /// A 64-bit hash of `bytes`, eight at a time, never zero. It need not resist
    /// an adversary: a collision only sends the list down the exact path.
    static func fingerprint(of bytes: UnsafeRawBufferPointer) -> UInt64 {
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
