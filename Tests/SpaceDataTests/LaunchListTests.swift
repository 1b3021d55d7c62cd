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
}
