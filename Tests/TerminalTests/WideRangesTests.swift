import Testing
@testable import Terminal

@Suite struct WideRangesTests {
    @Test func rangesAreSortedDisjointAndWellFormed() {
        let bounds = WideRanges.bounds
        #expect(bounds.count % 2 == 0)
        for index in stride(from: 0, to: bounds.count, by: 2) {
            #expect(bounds[index] <= bounds[index + 1])
            if index + 2 < bounds.count { #expect(bounds[index + 1] < bounds[index + 2]) }
        }
    }

    @Test func everyBoundaryIsFoundAndItsNeighboursAreNot() {
        let bounds = WideRanges.bounds
        for index in stride(from: 0, to: bounds.count, by: 2) {
            let first = bounds[index], last = bounds[index + 1]
            #expect(WideRanges.contains(first))
            #expect(WideRanges.contains(last))
            #expect(WideRanges.contains(first + (last - first) / 2))
            if index == 0 || bounds[index - 1] < first - 1 { #expect(!WideRanges.contains(first - 1)) }
            if index + 2 == bounds.count || bounds[index + 2] > last + 1 { #expect(!WideRanges.contains(last + 1)) }
        }
    }

    @Test func samplesFromEastAsianWidth() {
        for wide: UInt32 in [0x4E00, 0x9FFF, 0xAC00, 0xD7A3, 0x3042, 0xFF21, 0x1F600, 0x1F680, 0x231A, 0x2B50, 0x1F9D1, 0x1FAE8] {
            #expect(WideRanges.contains(wide), "U+\(String(wide, radix: 16))")
        }
        for narrow: UInt32 in [0x41, 0xE9, 0x3A9, 0x416, 0x5D0, 0x627, 0x2026, 0x2600, 0x2764, 0xFF61, 0x1F1E6, 0x1F3FB - 0x100] {
            #expect(!WideRanges.contains(narrow), "U+\(String(narrow, radix: 16))")
        }
    }

    /// Every scalar with the Emoji_Presentation property is drawn wide.
    @Test func emojiPresentationIsWide() {
        var missing: [String] = []
        for value in UInt32(0x2000)...0x1FAFF {
            guard let scalar = Unicode.Scalar(value), scalar.properties.isEmojiPresentation else { continue }
            if (0x1F1E6...0x1F1FF).contains(value) || (0x1F3FB...0x1F3FF).contains(value) { continue }
            if !WideRanges.contains(value) { missing.append(String(value, radix: 16)) }
        }
        #expect(missing.isEmpty, "\(missing)")
    }
}
