import Testing
@testable import Terminal

@Suite struct ZeroWidthRangesTests {
    @Test func rangesAreSortedAndDisjoint() {
        let bounds = ZeroWidthRanges.bounds
        #expect(bounds.count % 2 == 0)
        for index in stride(from: 0, to: bounds.count, by: 2) {
            #expect(bounds[index] <= bounds[index + 1])
            if index + 2 < bounds.count { #expect(bounds[index + 1] + 1 < bounds[index + 2]) }
        }
    }

    /// The table is the runtime's Unicode data, written down: every scalar agrees.
    @Test func matchesTheRuntimesGeneralCategories() {
        var disagreements: [String] = []
        for value in UInt32(0x300)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            var expected: Bool
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .format: expected = value != 0xAD
            default: expected = false
            }
            if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { expected = true }
            if ZeroWidthRanges.contains(value) != expected { disagreements.append(String(value, radix: 16)) }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(20))")
    }

    @Test func samples() {
        for zero: UInt32 in [0x301, 0x20DD, 0x200D, 0xFE0F, 0x202E, 0xE0041, 0x1160, 0x3099] {
            #expect(ZeroWidthRanges.contains(zero), "U+\(String(zero, radix: 16))")
        }
        for visible: UInt32 in [0x41, 0xAD, 0x2026, 0x4E00, 0x1F680, 0x903] {
            #expect(!ZeroWidthRanges.contains(visible), "U+\(String(visible, radix: 16))")
        }
    }
}
