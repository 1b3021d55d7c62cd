import Foundation
import SpaceData
import Streams
import Synchronization
import Terminal
import Testing
@testable import SpaceDashCLI

/// The interactive search's data stream, from service updates (or a file) to the
/// view model, on test schedulers: the indexing queue, the main queue and the search queue.
@Suite struct LaunchSearchFeedTests {
    static func date(_ day: Int) -> Date { Date(timeIntervalSince1970: 1_893_456_000 + Double(day) * 86_400) } // 2030-01-01 + day

    static let launches = [
        Launch(id: "c", name: "Falcon Heavy | USSF-52", agencyName: "SpaceX", missionType: "Government/Top Secret", net: date(3)),
        Launch(id: "a", name: "Falcon 9 | Starlink 10-12", agencyName: "SpaceX", missionType: "Communications", net: date(1)),
        Launch(id: "b", name: "Electron | Kinéis 1", agencyName: "Rocket Lab", missionType: "Communications", net: date(2)),
        Launch(id: "e", name: "Falcon 9 | Crew-12", agencyName: "SpaceX", missionType: "Human Exploration", net: date(5)),
        Launch(id: "d", name: "Long March 5 | Chang'e 7", agencyName: "CASC", missionType: "Planetary Science", net: date(4)),
    ]

    static func feed(agencies: [String] = [], missionTypes: [String] = [], after: Date? = nil, before: Date? = nil,
                     limit: Int? = nil, timeframe: LaunchTimeframe = .upcoming) -> LaunchSearchFeed {
        LaunchSearchFeed(timeframe: timeframe,
                         filters: LaunchSearchQuery(words: [], agencies: agencies, missionTypes: missionTypes, after: after, before: before),
                         limit: limit)
    }

    static func update(_ launches: [Launch], _ origin: DataOrigin, loading: Bool = false, failure: Notice? = nil) -> LaunchUpdate {
        LaunchUpdate(sourced: Sourced(LaunchList(launches: launches, timeframe: .upcoming, totalCount: launches.count), origin: origin),
                     isLoading: loading, liveFailure: failure)
    }

    // MARK: Filters

    @Test func theFieldOptionsNarrowTheLaunchesInDateOrder() {
        #expect(Self.feed().data(Self.launches, source: .unavailable).catalog.selected.map(\.id) == ["a", "b", "c", "d", "e"])
        #expect(Self.feed(timeframe: .past).data(Self.launches, source: .unavailable).catalog.selected.map(\.id) == ["e", "d", "c", "b", "a"])
        #expect(Self.feed(agencies: ["spacex"]).data(Self.launches, source: .unavailable).catalog.selected.map(\.id) == ["a", "c", "e"])
        #expect(Self.feed(missionTypes: ["communications"]).data(Self.launches, source: .unavailable).catalog.selected.map(\.id) == ["a", "b"])
        #expect(Self.feed(after: Self.date(2), before: Self.date(4)).data(Self.launches, source: .unavailable).catalog.selected.map(\.id) == ["b", "c"])
    }

    @Test func limitKeepsTheFirstLaunchesAfterTheFilters() {
        #expect(Self.feed(limit: 2).data(Self.launches, source: .unavailable).catalog.selected.map(\.id) == ["a", "b"])
        #expect(Self.feed(agencies: ["spacex"], limit: 2).data(Self.launches, source: .unavailable).catalog.selected.map(\.id) == ["a", "c"])
        #expect(Self.feed(limit: 50).data(Self.launches, source: .unavailable).catalog.count == 5)
    }

    // MARK: The stream, through the view model

    /// The feed into a view model, every queue a test scheduler.
    struct Harness {
        let indexing = DispatchQueue.test
        let main = DispatchQueue.test
        let search = DispatchQueue.test
        let updates = PassthroughSubject<LaunchUpdate, ServiceFailure>()
        let model: LaunchSearchViewModel

        init(_ feed: LaunchSearchFeed, initialQuery: String = "") {
            model = LaunchSearchViewModel(
                initialQuery: initialQuery, data: feed.publisher(updates, indexing: indexing.eraseToAnyScheduler()),
                debounce: .milliseconds(300), scheduler: main.eraseToAnyScheduler(), searchScheduler: search.eraseToAnyScheduler())
        }

        func settle() {
            for _ in 0 ..< 3 {
                indexing.advance()
                main.advance()
                search.advance()
                main.advance()
            }
        }

        var status: String { model.state.statusText(now: LaunchSearchFeedTests.date(0)) }
        var shownIDs: [String] {
            guard let matches = model.state.matches else { return [] }
            return (0 ..< matches.count).map { matches.launch(at: $0).id }
        }
    }

    @Test func indexingRunsOnTheIndexingQueueNotTheMainQueue() {
        let harness = Harness(Self.feed())
        harness.updates.send(Self.update(Self.launches, .sample))
        harness.main.advance()
        harness.search.advance()
        harness.main.advance()
        #expect(harness.model.state.data == nil, "nothing is indexed until the indexing queue runs")
        harness.indexing.advance()
        harness.main.advance()
        #expect(harness.model.state.data?.catalog.count == 5)
    }

    @Test func earlyLaunchesShowWhileLoadingThenLiveOnesReplaceThemUnderTheSameQuery() {
        let harness = Harness(Self.feed(agencies: ["spacex"]), initialQuery: "falcon")
        harness.updates.send(Self.update(Self.launches, .cache(savedAt: Self.date(0).addingTimeInterval(-2400), age: 2400), loading: true))
        harness.settle()
        #expect(harness.shownIDs == ["a", "c", "e"])
        #expect(harness.model.state.isLoading, "the spinner turns while live launches load")
        #expect(harness.status == "3 / 3 launches · cache, 40 min old · updating…")

        harness.model.setQuery("falcon 9")
        harness.main.advance(by: .milliseconds(300))
        harness.settle()
        #expect(harness.shownIDs == ["a", "e"])

        let live = Self.launches + [
            Launch(id: "f", name: "Falcon 9 | Transporter-16", agencyName: "SpaceX", net: Self.date(0)),
            Launch(id: "g", name: "Falcon 9 | ABC", agencyName: "Orbital Dynamics", net: Self.date(0)),
        ]
        harness.updates.send(Self.update(live, .live(fetchedAt: Self.date(0).addingTimeInterval(-180))))
        harness.settle()
        #expect(harness.shownIDs == ["f", "a", "e"], "the typed query re-applied to the live launches, within the filter")
        #expect(!harness.model.state.isLoading)
        #expect(harness.status == "3 / 4 launches · live, fetched 3 min ago")
    }

    @Test func aFailedLiveFetchLeavesTheFallbackWithTheReasonOnTheStatusLine() {
        let harness = Harness(Self.feed())
        harness.updates.send(Self.update(Self.launches, .sample, loading: true))
        harness.settle()
        #expect(harness.status == "5 / 5 launches · bundled listing of 20 July 2026 · updating…")
        harness.updates.send(Self.update(Self.launches, .sample, failure: Notice(.noNetwork, "cannot connect to https://ll.test")))
        harness.settle()
        #expect(harness.shownIDs.count == 5)
        #expect(!harness.model.state.isLoading)
        #expect(harness.status == "5 / 5 launches · bundled listing of 20 July 2026 · live failed: cannot connect (https://ll.test)")
    }

    /// The status line is cut at the terminal's width: the reason comes first, and
    /// the URL, last, is cut to its origin.
    @Test func theFailureReasonComesBeforeTheURL() {
        let url = "http://127.0.0.1:8765/2.3.0/launches/upcoming/?mode=normal&limit=100&ordering=net"
        #expect(LaunchSearchFeed.reasonFirst("request to \(url) took longer than 15 s and was stopped: the server is slow, try again later")
                == "request took longer than 15 s and was stopped: the server is slow, try again later (http://127.0.0.1:8765)")
        #expect(LaunchSearchFeed.reasonFirst("HTTP 500 Internal Server Error from \(url): upstream down")
                == "HTTP 500 Internal Server Error: upstream down (http://127.0.0.1:8765)")
        #expect(LaunchSearchFeed.reasonFirst("Launch Library refused the request") == "Launch Library refused the request", "no URL: as it is")
        let harness = Harness(Self.feed())
        harness.updates.send(Self.update(Self.launches, .sample, failure: Notice(.timedOut, "request to \(url) took longer than 15 s and was stopped: the server is slow, try again later")))
        harness.settle()
        #expect(harness.status == "5 / 5 launches · bundled listing of 20 July 2026 · live failed: request took longer than 15 s and was stopped: "
                + "the server is slow, try again later (http://127.0.0.1:8765)")
    }

    @Test func launchesLeftOutAsPassedAreCountedOnTheStatusLine() {
        var feed = Self.feed()
        feed.now = { LaunchLibraryDate.date(from: "2026-07-24T00:00:00Z")! }
        let list = LaunchList(launches: Array(Self.launches.prefix(2)), timeframe: .upcoming, passedCount: 5)
        let harness = Harness(feed)
        harness.updates.send(LaunchUpdate(sourced: Sourced(list, origin: .sample), isLoading: false,
                                          liveFailure: Notice(.noNetwork, "cannot connect to https://ll.test")))
        harness.settle()
        #expect(harness.status == "2 / 2 launches · bundled listing of 20 July 2026 · live failed: cannot connect (https://ll.test); "
                + "left out 5 launches of Launch Library 2's listing of 20 July 2026 whose time had passed by 2026-07-24T00:00:00Z")
    }

    @Test func nothingToShowAtAllSaysWhyInsteadOfLoadingForever() {
        let harness = Harness(Self.feed())
        harness.updates.send(completion: .failure(.sampleBroken(subject: "launch data", detail: "truncated")))
        harness.settle()
        #expect(!harness.model.state.isLoading)
        #expect(harness.status == "0 / 0 launches · no data · the bundled sample of launch data is damaged (truncated); reinstall spacedash")
    }

    @Test func fileLaunchesAreLabelledWithTheFileName() {
        let indexing = DispatchQueue.test, main = DispatchQueue.test, search = DispatchQueue.test
        let model = LaunchSearchViewModel(
            data: Self.feed(agencies: ["spacex"]).publisher(file: "/tmp/some dir/saved.json", launches: Self.launches,
                                                           indexing: indexing.eraseToAnyScheduler()),
            scheduler: main.eraseToAnyScheduler(), searchScheduler: search.eraseToAnyScheduler())
        indexing.advance()
        main.advance()
        search.advance()
        main.advance()
        #expect(model.state.statusText(now: Date()) == "3 / 3 launches · file saved.json")
        #expect(model.state.origin == nil)
        #expect(!model.state.isLoading)
    }
}
