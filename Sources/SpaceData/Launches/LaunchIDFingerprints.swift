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
            let fingerprint = id.withUTF8 { ByteFingerprint.of(UnsafeRawBufferPointer($0)) }
            var index = Int(truncatingIfNeeded: fingerprint) & mask
            while slots[index] != 0 {
                if slots[index] == fingerprint { return true }
                index = (index + 1) & mask
            }
            slots[index] = fingerprint
        }
        return false
    }
}
