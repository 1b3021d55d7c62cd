import Foundation
import SpaceData
import Streams
import Synchronization
import Terminal
import Testing
@testable import SpaceDashCLI

@Suite struct LaunchSearchViewModelTests {
    static let launches = [
        Launch(id: "a", name: "Falcon 9 Block 5 | Starlink Group 10-12", agencyName: "SpaceX"),
        Launch(id: "b", name: "Electron | Kinéis 1", agencyName: "Rocket Lab"),
        Launch(id: "c", name: "Falcon Heavy | USSF-52", agencyName: "SpaceX"),
        Launch(id: "d", name: "Long March 5 | Chang'e 7", agencyName: "CASC"),
        Launch(id: "e", name: "Falcon 9 Block 5 | Crew-12", agencyName: "SpaceX"),
    ]

    /// A view model on test schedulers, with the launches already delivered.
    struct Harness {
        let main = DispatchQueue.test
        let background = DispatchQueue.test
        let data = PassthroughSubject<LaunchSearchData, Never>()
        let searched = LaunchSearchRecorded()
        let model: LaunchSearchViewModel

        init(debounce: Duration = .milliseconds(300), initialQuery: String = "") {
            let searched = self.searched
            model = LaunchSearchViewModel(
                initialQuery: initialQuery, data: data, debounce: debounce,
                scheduler: main.eraseToAnyScheduler(), searchScheduler: background.eraseToAnyScheduler(),
                searcher: { text, catalog in
                    searched.append(text)
                    return catalog.search(text)
                })
        }

        func deliver(_ launches: [Launch], origin: DataOrigin = .sample) {
            data.send(LaunchSearchData(launches: launches, origin: origin))
            settle()
        }

        /// Runs what is due now on both schedulers, as the queues would.
        func settle() {
            main.advance()
            background.advance()
            main.advance()
        }

        var searches: [String] { searched.values }
        var shownNames: [String] {
            guard let matches = model.state.matches else { return [] }
            return (0 ..< matches.count).map { matches.launch(at: $0).name }
        }
    }

    @Test func typingOneKeyPer50msSearchesOnce300msAfterTheLastKey() {
        let harness = Harness()
        harness.deliver(Self.launches)
        #expect(harness.searches == [""])
        #expect(harness.shownNames.count == 5)

        for character in "falcon" {
            harness.model.type(String(character))
            #expect(harness.model.state.query.last == character, "the prompt shows the key at once")
            harness.main.advance(by: .milliseconds(50))
            harness.background.advance()
        }
        #expect(harness.searches == [""])
        harness.main.advance(by: .milliseconds(249))
        harness.background.advance()
        #expect(harness.searches == [""], "250 ms after the last key: still waiting")
        harness.main.advance(by: .milliseconds(1))
        harness.settle()
        #expect(harness.searches == ["", "falcon"])
        #expect(harness.model.searchesStarted == 2)
        #expect(harness.shownNames == [
            "Falcon 9 Block 5 | Starlink Group 10-12", "Falcon Heavy | USSF-52", "Falcon 9 Block 5 | Crew-12",
        ])
        #expect(harness.model.state.statusText(now: Date()) == "3 / 5 launches · bundled listing of 20 July 2026")
    }

    @Test func typingAndDeletingBackToThePreviousQueryStartsNoSearch() {
        let harness = Harness(initialQuery: "falcon")
        harness.deliver(Self.launches)
        #expect(harness.searches == ["falcon"])
        harness.model.type(" 9")
        harness.main.advance(by: .milliseconds(100))
        harness.model.handle(KeyPress(.backspace))
        harness.model.handle(KeyPress(.backspace))
        #expect(harness.model.state.query == "falcon")
        harness.main.advance(by: .seconds(1))
        harness.settle()
        #expect(harness.searches == ["falcon"])
    }

    @Test func aSlowSearchOvertakenByANewerQueryNeverShowsItsResults() {
        let harness = Harness()
        harness.deliver(Self.launches)
        let shown = LaunchSearchRecorded()
        harness.model.onChange = { state in
            if let query = state.matches?.query { shown.append(query) }
        }
        harness.model.setQuery("electron")
        harness.main.advance(by: .milliseconds(300))
        // The "electron" search is scheduled on the background queue but has not run yet...
        harness.model.setQuery("falcon")
        harness.main.advance(by: .milliseconds(300))
        // ...and finishes only after "falcon" was asked for.
        harness.background.run()
        harness.main.run()
        #expect(harness.searches.contains("falcon"))
        #expect(!shown.values.contains("electron"))
        #expect(harness.model.state.matches?.query == "falcon")
        #expect(harness.shownNames.allSatisfy { $0.hasPrefix("Falcon") })
    }

    @Test func liveDataArrivingReappliesTheCurrentQuery() {
        let harness = Harness(initialQuery: "falcon")
        harness.deliver(Self.launches, origin: .cache(savedAt: Date(timeIntervalSinceNow: -2400), age: 2400))
        #expect(harness.shownNames.count == 3)
        #expect(harness.model.state.statusText(now: Date()) == "3 / 5 launches · cache, 40 min old")

        let live = Self.launches + [Launch(id: "f", name: "Falcon 9 Block 5 | Transporter-16")]
        harness.deliver(live, origin: .live(fetchedAt: Date()))
        #expect(harness.searches == ["falcon", "falcon"])
        #expect(harness.shownNames.count == 4)
        #expect(harness.shownNames.last == "Falcon 9 Block 5 | Transporter-16")
        #expect(harness.model.state.statusText(now: Date()) == "4 / 6 launches · live, fetched just now")
    }

    @Test func withDebounceZeroEveryKeySearches() {
        let harness = Harness(debounce: .zero)
        harness.deliver(Self.launches)
        for character in "lon" {
            harness.model.type(String(character))
            harness.settle()
        }
        #expect(harness.searches == ["", "l", "lo", "lon"])
        #expect(harness.shownNames == ["Long March 5 | Chang'e 7"])
    }

    @Test func theSelectionStaysOnTheSameLaunchWhenResultsChange() {
        let harness = Harness()
        harness.deliver(Self.launches)
        harness.model.handle(KeyPress(.down))
        harness.model.handle(KeyPress(.down))
        #expect(harness.model.state.selectedLaunch?.id == "c")

        harness.model.setQuery("spacex")
        harness.main.advance(by: .milliseconds(300))
        harness.settle()
        #expect(harness.shownNames.count == 3)
        #expect(harness.model.state.selectedIndex == 1)
        #expect(harness.model.state.selectedLaunch?.id == "c")

        // New data (a different engine): still found by id.
        harness.deliver(Array(Self.launches.reversed()), origin: .live(fetchedAt: Date()))
        #expect(harness.model.state.selectedLaunch?.id == "c")

        // Gone from the results: the first row is selected.
        harness.model.setQuery("electron")
        harness.main.advance(by: .milliseconds(300))
        harness.settle()
        #expect(harness.model.state.selectedLaunch?.id == "b")
    }

    @Test func keysMoveTheSelectionWithinTheResultsAndAnswerTheRunner() {
        let harness = Harness()
        harness.deliver(Self.launches)
        harness.model.pageSize = 3
        harness.model.handle(KeyPress(.up))
        #expect(harness.model.state.selectedIndex == 0)
        harness.model.handle(KeyPress(.pageDown))
        #expect(harness.model.state.selectedIndex == 3)
        harness.model.handle(KeyPress(.control("n")))
        harness.model.handle(KeyPress(.control("n")))
        #expect(harness.model.state.selectedIndex == 4)
        harness.model.handle(KeyPress(.control("p")))
        #expect(harness.model.handle(KeyPress(.enter)) == .accept(Self.launches[3]))
        #expect(harness.model.handle(KeyPress(.tab)) == .none)
        #expect(!harness.model.state.showsDetails, "Tab hides the details")
        harness.model.handle(KeyPress(.tab))
        #expect(harness.model.state.showsDetails, "and shows them again")
        #expect(harness.model.handle(KeyPress(.escape)) == .cancel)
        #expect(harness.model.handle(KeyPress(.control("c"))) == .interrupt, "Ctrl-C interrupts; it does not only leave the search")
        #expect(harness.model.handle(KeyPress(.control("d"))) == .cancel)
        harness.model.type("x")
        #expect(harness.model.handle(KeyPress(.control("d"))) == .none, "Ctrl-D edits a non-empty query")
    }

    // MARK: Enter acts on the results of the query on the prompt

    @Test func enterWithinTheDebounceSearchesTheQueryAtOnceAndAcceptsAmongItsResults() {
        let harness = Harness()
        harness.deliver(Self.launches)
        harness.model.type("crew")
        #expect(harness.model.state.selectedLaunch?.id == "a", "the rows on screen are still the empty query's")
        #expect(harness.model.handle(KeyPress(.enter)) == .none, "the results on screen are not crew's")
        #expect(harness.model.state.isAccepting)
        harness.settle()
        #expect(harness.searches == ["", "crew"], "searched at once, not 300 ms later")
        #expect(harness.model.state.acceptedLaunch?.name == "Falcon 9 Block 5 | Crew-12")
        #expect(!harness.model.state.isAccepting)
        // The debounce then ends with the same query: removeDuplicates starts no second search.
        harness.main.advance(by: .milliseconds(300))
        harness.settle()
        #expect(harness.searches == ["", "crew"])
    }

    @Test func movingDuringTheDebounceThenEnterKeepsTheSelectionOnlyWhenItMatches() {
        // Down moved to a launch that does not match: the first match is chosen.
        let first = Harness()
        first.deliver(Self.launches)
        first.model.type("crew")
        first.model.handle(KeyPress(.down))
        #expect(first.model.state.selectedLaunch?.id == "b", "movement works on the rows shown")
        #expect(first.model.handle(KeyPress(.enter)) == .none)
        first.settle()
        #expect(first.model.state.acceptedLaunch?.id == "e")

        // Down, Down moved to a launch that matches: it stays chosen.
        let second = Harness()
        second.deliver(Self.launches)
        second.model.type("falcon")
        second.model.handle(KeyPress(.down))
        second.model.handle(KeyPress(.down))
        #expect(second.model.state.selectedLaunch?.id == "c")
        second.model.handle(KeyPress(.enter))
        second.settle()
        #expect(second.model.state.acceptedLaunch?.id == "c")
        #expect(second.model.state.selectedIndex == 1)
    }

    @Test func enterOnAQueryWithNoMatchesDoesNothing() {
        let harness = Harness()
        harness.deliver(Self.launches)
        harness.model.type("zzz")
        #expect(harness.model.handle(KeyPress(.enter)) == .none)
        harness.settle()
        #expect(harness.shownNames.isEmpty)
        #expect(harness.model.state.acceptedLaunch == nil)
        #expect(!harness.model.state.isAccepting, "nothing left waiting: a later result accepts nothing")
        harness.model.handle(KeyPress(.backspace))
        harness.main.advance(by: .milliseconds(300))
        harness.settle()
        #expect(harness.model.state.acceptedLaunch == nil)
    }

    @Test func enterBeforeTheFirstDataWaitsForItsSearch() {
        let harness = Harness()
        harness.model.type("crew")
        #expect(harness.model.handle(KeyPress(.enter)) == .none)
        harness.settle()
        #expect(harness.searches.isEmpty)
        harness.deliver(Self.launches)
        #expect(harness.searches == ["crew"])
        #expect(harness.model.state.acceptedLaunch?.id == "e")
    }

    @Test func enterWhileTheQuerysSearchRunsWaitsForItWithoutASecondSearch() {
        let harness = Harness()
        harness.deliver(Self.launches)
        harness.model.type("crew")
        harness.main.advance(by: .milliseconds(300))
        // The search for "crew" is scheduled on the background queue, not run yet.
        #expect(harness.model.state.isSearching)
        harness.model.handle(KeyPress(.enter))
        harness.settle()
        #expect(harness.searches == ["", "crew"])
        #expect(harness.model.state.acceptedLaunch?.id == "e")
    }

    @Test func enterWhileNewDataIsSearchedWaitsForItsResults() {
        let harness = Harness(initialQuery: "falcon")
        harness.deliver(Self.launches)
        harness.data.send(LaunchSearchData(launches: [Launch(id: "f", name: "Falcon 9 Block 5 | Transporter-16")],
                                           origin: .live(fetchedAt: Date())))
        harness.main.advance()
        #expect(harness.model.state.selectedLaunch?.id == "a", "the old data's results still shown")
        #expect(harness.model.handle(KeyPress(.enter)) == .none)
        harness.settle()
        #expect(harness.model.state.acceptedLaunch?.id == "f")
    }

    @Test func anEditAfterEnterCallsTheChoiceOff() {
        let harness = Harness()
        harness.deliver(Self.launches)
        harness.model.type("crew")
        harness.model.handle(KeyPress(.enter))
        harness.model.type("x")
        #expect(!harness.model.state.isAccepting)
        harness.main.advance(by: .milliseconds(300))
        harness.settle()
        #expect(harness.model.state.acceptedLaunch == nil)
    }

    @Test func enterOnTheQuerysOwnResultsAcceptsAtOnce() {
        let harness = Harness(debounce: .zero)
        harness.deliver(Self.launches)
        harness.model.type("crew")
        harness.settle()
        #expect(harness.model.handle(KeyPress(.enter)) == .accept(Self.launches[4]))
    }

    @Test func beforeAnyDataTheStatusSaysLoadingAndEnterDoesNothing() {
        let harness = Harness()
        #expect(harness.model.state.isLoading)
        #expect(harness.model.state.statusText(now: Date()) == "loading launches…")
        #expect(harness.model.handle(KeyPress(.enter)) == .none)
    }

    @Test func theListScrollsOnlyWhenTheSelectionLeavesTheVisibleRows() {
        let harness = Harness()
        harness.deliver((0 ..< 30).map { Launch(id: "\($0)", name: "Launch \($0)") })
        harness.model.pageSize = 5
        func position() -> [Int] { [harness.model.state.selectedIndex ?? -1, harness.model.state.scrollOffset] }
        for _ in 0 ..< 4 { harness.model.moveSelection(by: 1) }
        #expect(position() == [4, 0], "down to the last visible row: the list stays")
        harness.model.moveSelection(by: 3)
        #expect(position() == [7, 3], "past the bottom edge it scrolls just enough")
        harness.model.moveSelection(by: -2)
        #expect(position() == [5, 3], "back up within the rows: the list stays")
        harness.model.moveSelection(by: -4)
        #expect(position() == [1, 1], "past the top edge it scrolls back")
        harness.model.pageSize = 3
        harness.model.moveSelection(by: 3)
        #expect(position() == [4, 2], "fewer rows: the selection stays in view")
        harness.model.setQuery("launch 2")
        harness.main.advance(by: .milliseconds(300))
        harness.settle()
        #expect(position() == [0, 0], "new results start at the top")
    }
}

/// Strings recorded from any thread.
final class LaunchSearchRecorded: Sendable {
    private let list = Mutex<[String]>([])
    func append(_ value: String) { list.withLock { $0.append(value) } }
    var values: [String] { list.withLock { $0 } }
}
