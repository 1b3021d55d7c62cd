import Foundation

/// How search compares text: ignoring case, diacritics and width, so "kourou",
/// "KOUROU", "Kouróu" and "ＫＯＵＲＯＵ" are the same word.
///
/// Text is folded one `Character` (grapheme cluster) at a time with
/// Foundation's `folding(options:locale:)`. Folding per character keeps a map
/// from every folded byte back to the character it came from, which is what
/// lets a match in folded text be highlighted in the original. Latin letters
/// that Unicode gives no decomposition, so Foundation leaves them alone
/// ("ø", "æ", "ł", "þ"...), are then spelt in plain letters as a reader would
/// type them ("andoya" finds "Andøya"); see `TextFolding.latinLetters`. ASCII takes a
/// fast path (lower-casing is all folding does to it), and the folds of other
/// characters are cached while an index is built.
public enum TextFolding {
    /// The options every searchable field and every query term is folded with.
    public static let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive, .widthInsensitive]

    /// Folds for Latin letters without a Unicode decomposition, applied after
    /// Foundation's folding (which leaves them unchanged). Both cases are
    /// listed because folding a lone character keeps some capitals ("ı" has
    /// no capital of its own; "İ" already folds to "i").
    static let latinLetters: [Unicode.Scalar: String] = [
        "ø": "o", "Ø": "o", "æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe",
        "ł": "l", "Ł": "l", "đ": "d", "Đ": "d", "ð": "d", "Ð": "d",
        "þ": "th", "Þ": "th", "ı": "i", "ħ": "h", "Ħ": "h", "ŧ": "t", "Ŧ": "t",
    ]

    /// `text` after Foundation's folding, with `latinLetters` spelt out.
    static func foldedWithLatinLetters(_ text: String) -> String {
        let folded = text.folding(options: options, locale: nil)
        guard folded.unicodeScalars.contains(where: { latinLetters[$0] != nil }) else { return folded }
        var spelt = ""
        spelt.unicodeScalars.reserveCapacity(folded.unicodeScalars.count)
        for scalar in folded.unicodeScalars {
            if let replacement = latinLetters[scalar] {
                spelt.unicodeScalars.append(contentsOf: replacement.unicodeScalars)
            } else {
                spelt.unicodeScalars.append(scalar)
            }
        }
        return spelt
    }

    /// The folded UTF-8 bytes of `text`.
    public static func fold(_ text: String) -> [UInt8] {
        var folder = TextFolder()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        _ = folder.append(text, to: &bytes)
        return bytes
    }

    /// The folded form of `text` as a string (for display and debugging).
    public static func folded(_ text: String) -> String {
        String(decoding: fold(text), as: UTF8.self)
    }
}

/// Where a run of folded bytes starts, and where its text starts in the
/// original string (both UTF-8 offsets within one field).
///
/// An exact anchor starts a run of characters whose folds have their
/// original's length and are single scalars, so offsets inside the run map
/// one to one. A non-exact anchor is one character whose fold changed length
/// ("ß" → "ss", "é" as e + U+0301 → "e", "Ｋ" → "k"): any offset inside it maps
/// to the whole character.
struct OffsetAnchor: Sendable, Equatable {
    /// The folded offset, with the top bit set when the anchor is not exact.
    private let foldedAndFlag: UInt32
    let original: UInt32

    init(folded: UInt32, original: UInt32, isExact: Bool) {
        foldedAndFlag = folded | (isExact ? 0 : 1 << 31)
        self.original = original
    }

    var folded: UInt32 { foldedAndFlag & ~(1 << 31) }
    var isExact: Bool { foldedAndFlag & (1 << 31) == 0 }
}

/// Folds text into a byte buffer, caching the fold of each non-ASCII character.
/// One folder serves one index build; it is not shared between threads.
struct TextFolder {
    private var cache: [Character: [UInt8]] = [:]

    /// Appends the folded bytes of `text` to `bytes`. Returns the anchors that
    /// map them back to `text` (the last one marks the end of both), or nil
    /// when every character folded to its own length, so offsets map one to one.
    mutating func append(_ text: String, to bytes: inout [UInt8]) -> [OffsetAnchor]? {
        let start = bytes.count
        // ASCII, nearly all text: copy the bytes in one go, then lower-case them in place.
        bytes.append(contentsOf: text.utf8)
        let isASCII = bytes.withUnsafeMutableBufferPointer { bytes in
            let appended = UnsafeMutableBufferPointer(rebasing: bytes[start...])
            guard !appended.contains(where: { $0 >= 0x80 }) else { return false }
            for index in appended.indices where appended[index] &- 0x41 < 26 { appended[index] |= 0x20 }
            return true
        }
        if isASCII { return nil }
        bytes.removeSubrange(start...)

        var anchors: [OffsetAnchor] = []
        var changedLength = false
        var original = 0
        for character in text {
            let originalUTF8 = character.utf8
            let foldedStart = bytes.count - start
            let exact: Bool
            if let ascii = character.asciiValue, originalUTF8.count == 1 {
                bytes.append(ascii &- 0x41 < 26 ? ascii | 0x20 : ascii)
                exact = true
            } else {
                let folded = fold(character)
                bytes.append(contentsOf: folded)
                exact = folded.elementsEqual(originalUTF8)
                    || (folded.count == originalUTF8.count
                        && character.unicodeScalars.count == 1
                        && String(decoding: folded, as: UTF8.self).unicodeScalars.count == 1)
            }
            if !exact { changedLength = true }
            // An exact character continues an exact run; anything else starts an anchor.
            if !(exact && anchors.last?.isExact == true) {
                anchors.append(OffsetAnchor(folded: UInt32(foldedStart), original: UInt32(original), isExact: exact))
            }
            original += originalUTF8.count
        }
        guard changedLength else { return nil }
        anchors.append(OffsetAnchor(folded: UInt32(bytes.count - start), original: UInt32(original), isExact: true))
        return anchors
    }

    private mutating func fold(_ character: Character) -> [UInt8] {
        if let cached = cache[character] { return cached }
        let folded = Array(TextFolding.foldedWithLatinLetters(String(character)).utf8)
        cache[character] = folded
        return folded
    }
}

/// Maps folded byte ranges back to original UTF-8 ranges with a field's anchors.
enum OffsetMapping {
    /// The original range of the folded range `folded`. A boundary inside a
    /// character whose fold changed length widens to the whole character.
    static func originalRange(of folded: Range<Int>, anchors: UnsafeBufferPointer<OffsetAnchor>) -> Range<Int> {
        guard !anchors.isEmpty else { return folded }
        let lower = originalOffset(ofStart: folded.lowerBound, anchors: anchors)
        let upper = folded.isEmpty ? lower : originalOffset(ofEnd: folded.upperBound, anchors: anchors)
        return lower ..< max(lower, upper)
    }

    /// The index of the last anchor starting at or before `offset` (anchors
    /// sorted by folded offset; the end marker is never returned for offsets
    /// inside the text).
    private static func anchorIndex(containing offset: Int, anchors: UnsafeBufferPointer<OffsetAnchor>) -> Int {
        var low = 0
        var high = anchors.count - 1  // anchors[high] is the end marker
        // Invariant: anchors[low].folded <= offset (anchors[0].folded == 0).
        while high - low > 1 {
            let middle = (low + high) / 2
            if Int(anchors[middle].folded) <= offset { low = middle } else { high = middle }
        }
        // Characters that fold to nothing share a folded offset with the next one.
        while low + 1 < anchors.count - 1 && Int(anchors[low + 1].folded) <= offset { low += 1 }
        return low
    }

    private static func originalOffset(ofStart offset: Int, anchors: UnsafeBufferPointer<OffsetAnchor>) -> Int {
        let last = anchors[anchors.count - 1]
        if offset >= Int(last.folded) { return Int(last.original) }
        let anchor = anchors[anchorIndex(containing: offset, anchors: anchors)]
        return anchor.isExact ? Int(anchor.original) + offset - Int(anchor.folded) : Int(anchor.original)
    }

    private static func originalOffset(ofEnd offset: Int, anchors: UnsafeBufferPointer<OffsetAnchor>) -> Int {
        if offset <= 0 { return 0 }
        let index = anchorIndex(containing: offset - 1, anchors: anchors)
        let anchor = anchors[index]
        return anchor.isExact ? Int(anchor.original) + offset - Int(anchor.folded) : Int(anchors[index + 1].original)
    }
}
