/// Every distinct value of one searchable field, folded, back to back in one
/// UTF-8 buffer.
///
/// Launches repeat agencies, locations, mission types and statuses endlessly,
/// so each distinct original string is folded and stored once and a launch
/// holds only its value's number. A query term is found by scanning the whole
/// buffer once, which gives the set of matching values; deciding a launch is
/// then a bit test.
struct FoldedColumn: Sendable {
    /// The folded values, back to back.
    let bytes: [UInt8]
    /// Value `v` is `bytes[offsets[v] ..< offsets[v + 1]]`.
    let offsets: [UInt32]
    /// The values whose folding changed lengths, ascending, with their anchors
    /// at `anchors[anchorStarts[k] ..< anchorStarts[k + 1]]`.
    let mappedValues: [UInt32]
    let anchorStarts: [UInt32]
    let anchors: [OffsetAnchor]

    var valueCount: Int { offsets.count - 1 }

    /// Bytes held, for the memory report.
    var byteCount: Int {
        bytes.count + offsets.count * 4 + mappedValues.count * 4 + anchorStarts.count * 4
            + anchors.count * MemoryLayout<OffsetAnchor>.stride
    }

    @inline(__always)
    func range(of value: Int) -> Range<Int> {
        Int(offsets[value]) ..< Int(offsets[value + 1])
    }

    /// The values containing `needle` (folded bytes), found in one pass over the buffer.
    func values(containing needle: [UInt8]) -> BitSet {
        var found = BitSet(count: valueCount)
        guard valueCount > 0 else { return found }
        bytes.withUnsafeBufferPointer { haystack in
            needle.withUnsafeBufferPointer { needle in
                offsets.withUnsafeBufferPointer { offsets in
                    let end = haystack.count
                    var position = 0
                    var value = 0
                    while end - position >= needle.count,
                          let offset = ByteSearch.firstOffset(
                            of: needle, in: UnsafeBufferPointer(rebasing: haystack[position ..< end])) {
                        let hit = position + offset
                        value = Self.value(containing: hit, from: value, offsets: offsets)
                        let valueEnd = Int(offsets[value + 1])
                        if hit + needle.count <= valueEnd {
                            found.insert(value)
                            position = valueEnd  // one hit per value is enough
                        } else {
                            position = hit + 1  // the hit spans two values: not a match
                        }
                    }
                }
            }
        }
        return found
    }

    /// The values where `needle` occurs as a whole word: not inside a longer word,
    /// so "mars" is a word of "Mars 2020" and "Mars-Grunt" but not of "Inmarsat" or
    /// "Marshall". A needle that itself starts or ends inside a word ("mars 2") keeps
    /// that edge free.
    func values(containingWord needle: [UInt8]) -> BitSet {
        var found = BitSet(count: valueCount)
        guard valueCount > 0, let first = needle.first, let last = needle.last else { return found }
        let checksStart = Self.isWordByte(first)
        let checksEnd = Self.isWordByte(last)
        // One pass, as `values(containing:)` makes, checking each hit's edges.
        bytes.withUnsafeBufferPointer { haystack in
            needle.withUnsafeBufferPointer { needle in
                offsets.withUnsafeBufferPointer { offsets in
                    let end = haystack.count
                    var position = 0
                    var value = 0
                    while end - position >= needle.count,
                          let offset = ByteSearch.firstOffset(
                            of: needle, in: UnsafeBufferPointer(rebasing: haystack[position ..< end])) {
                        let hit = position + offset
                        value = Self.value(containing: hit, from: value, offsets: offsets)
                        let valueStart = Int(offsets[value])
                        let valueEnd = Int(offsets[value + 1])
                        let hitEnd = hit + needle.count
                        guard hitEnd <= valueEnd else {
                            position = hit + 1  // the hit spans two values: not a match
                            continue
                        }
                        if (!checksStart || hit == valueStart || !Self.isWordByte(haystack[hit - 1]))
                            && (!checksEnd || hitEnd == valueEnd || !Self.isWordByte(haystack[hitEnd])) {
                            found.insert(value)
                            position = valueEnd  // one word per value is enough
                        } else {
                            position = hit + 1
                        }
                    }
                }
            }
        }
        return found
    }

    /// Letters and digits of folded text: ASCII ones, and every byte of a character
    /// outside ASCII (folding leaves those only in scripts without case, all letters).
    @inline(__always)
    static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a") ... UInt8(ascii: "z"), UInt8(ascii: "0") ... UInt8(ascii: "9"), 0x80...: true
        default: false
        }
    }

    /// The value whose bytes hold offset `position`, searching forward from
    /// `start` (hits come in ascending order): a few steps, then bisection.
    @inline(__always)
    private static func value(containing position: Int, from start: Int, offsets: UnsafeBufferPointer<UInt32>) -> Int {
        var value = start
        for _ in 0 ..< 4 {
            if Int(offsets[value + 1]) > position { return value }
            value += 1
        }
        // offsets[value] <= position < offsets[high]; empty values share offsets.
        var high = offsets.count - 1
        while high - value > 1 {
            let middle = (value + high) / 2
            if Int(offsets[middle]) <= position { value = middle } else { high = middle }
        }
        return value
    }

    /// Whether value `value` contains `needle` (for checking a few launches).
    @inline(__always)
    func value(_ value: Int, contains needle: UnsafeBufferPointer<UInt8>) -> Bool {
        let range = range(of: value)
        guard range.count >= needle.count else { return false }
        return bytes.withUnsafeBufferPointer { haystack in
            ByteSearch.firstOffset(of: needle, in: UnsafeBufferPointer(rebasing: haystack[range])) != nil
        }
    }

    /// Where `needle` occurs in value `value`, as UTF-8 ranges of the original text.
    func originalRanges(of needle: [UInt8], in value: Int) -> [Range<Int>] {
        let range = range(of: value)
        let folded = bytes.withUnsafeBufferPointer { haystack in
            needle.withUnsafeBufferPointer { needle in
                ByteSearch.occurrences(of: needle, in: UnsafeBufferPointer(rebasing: haystack[range]))
            }
        }
        guard !folded.isEmpty, let mapped = mappedIndex(of: value) else { return folded }
        let anchorRange = Int(anchorStarts[mapped]) ..< Int(anchorStarts[mapped + 1])
        return anchors.withUnsafeBufferPointer { anchors in
            let valueAnchors = UnsafeBufferPointer(rebasing: anchors[anchorRange])
            return folded.map { OffsetMapping.originalRange(of: $0, anchors: valueAnchors) }
        }
    }

    private func mappedIndex(of value: Int) -> Int? {
        var low = 0
        var high = mappedValues.count
        while low < high {
            let middle = (low + high) / 2
            if Int(mappedValues[middle]) < value { low = middle + 1 } else { high = middle }
        }
        return low < mappedValues.count && Int(mappedValues[low]) == value ? low : nil
    }
}

/// Builds a `FoldedColumn`, giving each distinct original string a number.
struct FoldedColumnBuilder {
    private var numbers: [String: UInt32] = [:]
    private var bytes: [UInt8] = []
    private var offsets: [UInt32] = [0]
    private var mappedValues: [UInt32] = []
    private var anchorStarts: [UInt32] = [0]
    private var anchors: [OffsetAnchor] = []
    private var folder = TextFolder()

    /// The last value numbered: launches in a row often share a value (an
    /// agency, a site, a status), and comparing costs less than hashing.
    private var last: (text: String, number: UInt32)?

    /// The number of `text`'s value, folding and storing it the first time it is seen.
    mutating func number(of text: String) -> UInt32 {
        if let last, last.text == text { return last.number }
        let number = lookUpOrAdd(text)
        last = (text, number)
        return number
    }

    private mutating func lookUpOrAdd(_ text: String) -> UInt32 {
        // One hash: the defaulted subscript inserts the next number when `text` is new.
        let next = UInt32(offsets.count - 1)
        let number = Self.read(&numbers[text, default: next])
        if number != next { return number }
        if let valueAnchors = folder.append(text, to: &bytes) {
            mappedValues.append(number)
            anchors.append(contentsOf: valueAnchors)
            anchorStarts.append(UInt32(anchors.count))
        }
        precondition(bytes.count <= Int(UInt32.max), "a search column holds at most 4 GiB of text")
        offsets.append(UInt32(bytes.count))
        return number
    }

    private static func read(_ value: inout UInt32) -> UInt32 { value }

    func build() -> FoldedColumn {
        FoldedColumn(
            bytes: bytes, offsets: offsets, mappedValues: mappedValues,
            anchorStarts: anchorStarts, anchors: anchors)
    }
}

/// A fixed-size set of small integers.
struct BitSet: Sendable {
    private(set) var words: [UInt64]
    private(set) var isEmpty = true

    init(count: Int) {
        words = Array(repeating: 0, count: (count + 63) / 64)
    }

    @inline(__always)
    mutating func insert(_ member: Int) {
        words[member >> 6] |= 1 << UInt64(member & 63)
        isEmpty = false
    }

    @inline(__always)
    func contains(_ member: Int) -> Bool {
        words[member >> 6] & (1 << UInt64(member & 63)) != 0
    }

    mutating func formUnion(_ other: BitSet) {
        for index in words.indices { words[index] |= other.words[index] }
        isEmpty = isEmpty && other.isEmpty
    }
}
