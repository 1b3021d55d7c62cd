import Testing
@testable import SpaceData

@Suite struct LaunchListTests {
    @Test func pagesAreJoinedInOrderEachIdOnce() {
        let a = Launch(id: "a", name: "A"), b = Launch(id: "b", name: "B"), c = Launch(id: "c", name: "C")
        var bAgain = b
        bAgain.statusName = "changed between pages"
        let list = LaunchList(pages: [
            LaunchPage(count: 3, next: "n", launches: [a, b]),
            LaunchPage(count: 4, launches: [bAgain, c]),
        ], timeframe: .upcoming)
        #expect(list.launches == [a, b, c], "the first copy of a launch wins")
        #expect(list.pages == 2)
        #expect(list.totalCount == 4, "count can change while paging; the last page's is the newest")
    }

    /// A single page (a `--file` of any size) loses its repeated ids too, the
    /// first copy kept, wherever in the page the repeat falls.
    @Test(arguments: [1, 2, 4_999])
    func aSinglePageKeepsEachIdOnce(_ repeatAt: Int) {
        var launches = (0..<5_000).map { Launch(id: "launch-\($0)", name: "Launch \($0)") }
        var repeated = launches[repeatAt - 1]
        repeated.name = "the second copy"
        launches.insert(repeated, at: repeatAt + 1)
        let list = LaunchList(pages: [LaunchPage(launches: launches)], timeframe: .past)
        #expect(list.launches.count == 5_000)
        #expect(list.launches.map(\.id) == (0..<5_000).map { "launch-\($0)" })
        #expect(!list.launches.contains { $0.name == "the second copy" })
    }

    @Test func aSinglePageWithoutRepeatsIsKeptWhole() {
        let launches = (0..<5_000).map { Launch(id: "launch-\($0)", name: "Launch \($0)") }
        #expect(LaunchList(pages: [LaunchPage(launches: launches)], timeframe: .upcoming).launches == launches)
    }

    /// Ids are compared byte for byte, with or without repeats elsewhere:
    /// "é" and "e" with a combining accent are two launches.
    @Test func idsAreTheSameOnlyByteForByte() {
        let composed = Launch(id: "caf\u{E9}", name: "A"), decomposed = Launch(id: "cafe\u{301}", name: "B")
        let other = Launch(id: "x", name: "C")
        #expect(LaunchList(pages: [LaunchPage(launches: [composed, decomposed])], timeframe: .upcoming).launches == [composed, decomposed])
        #expect(LaunchList(pages: [LaunchPage(launches: [composed, decomposed, other, other])], timeframe: .upcoming).launches
            == [composed, decomposed, other])
        #expect(LaunchList(pages: [LaunchPage(launches: [composed]), LaunchPage(launches: [decomposed, composed])], timeframe: .past).launches
            == [composed, decomposed])
    }
}

