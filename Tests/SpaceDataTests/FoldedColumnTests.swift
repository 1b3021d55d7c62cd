import Testing
@testable import SpaceData

@Suite struct FoldedColumnTests {
    private func column(_ values: [String]) -> (FoldedColumn, [UInt32]) {
        var builder = FoldedColumnBuilder()
        let numbers = values.map { builder.number(of: $0) }
        return (builder.build(), numbers)
    }

    @Test func eachDistinctValueIsStoredOnce() {
        let (column, numbers) = column(["SpaceX", "Rocket Lab", "SpaceX", "", "Rocket Lab", ""])
        #expect(numbers == [0, 1, 0, 2, 1, 2])
        #expect(column.valueCount == 3)
        #expect(column.bytes == Array("spacexrocket lab".utf8))
    }

    @Test func repeatsInARowAndEquivalentSpellingsShareANumber() {
        // "Kourou" twice in a row, then a precomposed and a decomposed "é" (equal Strings).
        let (column, numbers) = column(["Kourou", "Kourou", "Élan", "E\u{301}lan", "Kourou", "ÉLAN", "Élan"])
        #expect(numbers == [0, 0, 1, 1, 0, 2, 1])
        #expect(column.valueCount == 3)
        #expect(column.bytes == Array("kourou".utf8) + TextFolding.fold("Élan") + TextFolding.fold("ÉLAN"))
    }

    @Test func anASCIIValueAfterAFoldedOneFoldsOnItsOwn() {
        let (column, numbers) = column(["Ærø", "ROCKET", "Ærø"])
        #expect(numbers == [0, 1, 0])
        #expect(column.bytes == Array("aerorocket".utf8))
        #expect(column.mappedValues == [0], "only the value whose folding changed lengths has anchors")
    }

    @Test func aScanMarksTheValuesContainingTheNeedle() {
        let values = ["ab", "", "cab", "b", "a", "bb", "ba", "abab"]
        let (column, _) = column(values)
        for needle in ["a", "b", "ab", "ba", "bab", "abc", "x", "aba"] {
            let found = column.values(containing: Array(needle.utf8))
            let expected = values.indices.filter { values[$0].contains(needle) }
            #expect((0 ..< column.valueCount).filter { found.contains($0) } == expected, "\(needle)")
        }
    }

    @Test func aMatchNeverSpansTwoValues() {
        let (column, _) = column(["falc", "on", "cape can", "averal"])
        #expect(column.values(containing: Array("falcon".utf8)).isEmpty)
        #expect(column.values(containing: Array("canaveral".utf8)).isEmpty)
    }

    @Test func checkingOneValue() {
        let (column, numbers) = column(["Falcon 9", "Électron"])
        let needle = TextFolding.fold("ELECTRON")
        needle.withUnsafeBufferPointer { needle in
            #expect(column.value(Int(numbers[1]), contains: needle))
            #expect(!column.value(Int(numbers[0]), contains: needle))
        }
    }

    @Test func rangesAreInTheOriginalText() {
        let (column, numbers) = column(["Straße | Straße", "plain strasse"])
        #expect(column.originalRanges(of: TextFolding.fold("strasse"), in: Int(numbers[0])) == [0 ..< 7, 10 ..< 17])
        #expect(column.originalRanges(of: TextFolding.fold("strasse"), in: Int(numbers[1])) == [6 ..< 13])
    }
}
