import Foundation
import SpaceData
import Streams
import Synchronization
import Testing
@testable import SpaceDashCLI

/// `--watch`'s pipeline on virtual time: the real bundled listing (Launch Library 2's
/// of 20 July 2026) as what each refresh answers, unless a test edits it to show a change.
@Suite struct LaunchWatchViewModelTests {
    static let noon = LaunchLibraryDate.date(from: "2026-07-20T12:00:00Z")!
    static let starlinkID = "e1079d3a-c0a6-4b42-bc1d-92e48a5a78fc"

    /// A scripted Launch Library: each load answers the next listing (the last one
    /// again when they run out) and is recorded with its virtual time and `ask`.
    final class ScriptedLoads: Sendable {
        private let state = Mutex<(listings: [[Launch]], loads: [(second: Int, ask: Bool)])>(([], []))
        let scheduler: TestSchedulerOf<DispatchQueue>
        let start: DispatchQueue.SchedulerTimeType
        let retryAllowedAt = Mutex<Date?>(nil)

        init(_ listings: [[Launch]], scheduler: TestSchedulerOf<DispatchQueue>) {
            state.withLock { $0.listings = listings }
            self.scheduler = scheduler
            start = scheduler.now
        }

        var loads: [String] { state.withLock { $0.loads.map { "\($0.ask ? "ask" : "cache")@\($0.second)s" } } }

        func load(_ ask: Bool) -> AnyPublisher<Sourced<LaunchList>, ServiceFailure> {
            let second = Int(start.distance(to: scheduler.now).magnitude / 1_000_000_000)
            let launches = state.withLock { state in
                state.loads.append((second, ask))
                return state.listings.count > 1 ? state.listings.removeFirst() : state.listings[0]
            }
            let list = LaunchList(launches: launches, timeframe: .upcoming)
            return Just(Sourced(list, origin: .live(fetchedAt: LaunchWatchViewModelTests.noon)))
                .setFailureType(to: ServiceFailure.self).eraseToAnyPublisher()
        }
    }

    static func listing() throws -> [Launch] { try BundledLaunchListing.launches() }

    static func model(_ loads: ScriptedLoads, start: Date = noon, interval: TimeInterval = LaunchWatchViewModel.defaultInterval) -> LaunchWatchViewModel {
        LaunchWatchViewModel(
            load: { loads.load($0) }, retryAllowedAt: { loads.retryAllowedAt.withLock { $0 } },
            interval: interval, startDate: start, scheduler: loads.scheduler.eraseToAnyScheduler())
    }

    @Test func countdownsTickEverySecondOnTheSchedulersTime() throws {
        let scheduler = DispatchQueue.test
        let loads = ScriptedLoads([try Self.listing()], scheduler: scheduler)
        let model = Self.model(loads)
        let seen = Mutex<[Date]>([])
        model.onChange = { state in seen.withLock { $0.append(state.now) } }
        model.start()
        scheduler.advance(by: .seconds(3))
        let view = LaunchWatchView(timeZone: TimeZone(identifier: "UTC")!)
        let dates = LaunchDateText(timeZone: TimeZone(identifier: "UTC")!, now: model.state.now)
        let first = try #require(model.state.upcoming.first)
        #expect(first.launch.name == "Falcon 9 Block 5 | Starlink Group 17-39")
        #expect(view.countdown(to: first.launch, now: model.state.now, dates: dates) == "T-02:49:29", "14:49:32 less 12:00:03")
        let distinct = Set(seen.withLock { $0 }).sorted()
        #expect(distinct.map { $0.timeIntervalSince(Self.noon) } == [0, 1, 2, 3])
    }

    @Test func launchesRefreshEveryIntervalAskingLaunchLibraryAfterTheFirst() throws {
        let scheduler = DispatchQueue.test
        let loads = ScriptedLoads([try Self.listing()], scheduler: scheduler)
        let model = Self.model(loads)
        model.start()
        scheduler.advance(by: .seconds(31 * 60))
        #expect(loads.loads == ["cache@0s", "ask@600s", "ask@1200s", "ask@1800s"])
        #expect(model.state.nextRefresh == Self.noon.addingTimeInterval(2400))
        model.stop()
    }

    @Test func refreshNowWaitsForFourMinutesAfterTheLastRequest() throws {
        let scheduler = DispatchQueue.test
        let loads = ScriptedLoads([try Self.listing()], scheduler: scheduler)
        let model = Self.model(loads)
        model.start()
        scheduler.advance(by: .seconds(60))
        model.refreshNow()
        #expect(loads.loads == ["cache@0s"], "one request a minute ago: 15 an hour allows the next in 3 minutes")
        #expect(model.state.notice == "Launch Library allows 15 requests an hour: refreshing in 3m")
        #expect(model.state.nextRefresh == Self.noon.addingTimeInterval(240))
        // The wait counts down with the clock rather than keep saying 3m.
        scheduler.advance(by: .seconds(120))
        #expect(model.state.notice == "Launch Library allows 15 requests an hour: refreshing in 1m")
        scheduler.advance(by: .seconds(60))
        #expect(loads.loads == ["cache@0s", "ask@240s"])
        #expect(model.state.notice == nil, "the refresh came: nothing is pending")
        scheduler.advance(by: .seconds(300))
        model.refreshNow()
        #expect(loads.loads == ["cache@0s", "ask@240s", "ask@540s"], "five minutes on, r refreshes at once")
        model.stop()
    }

    /// Offline a refresh reads the cache and asks nothing: `r` re-reads it at once
    /// and quotes no request limit.
    @Test func offlineRefreshNowReadsTheCacheAtOnce() throws {
        let scheduler = DispatchQueue.test
        let loads = ScriptedLoads([try Self.listing()], scheduler: scheduler)
        let model = LaunchWatchViewModel(
            load: { loads.load($0) }, retryAllowedAt: { nil },
            minimumSpacing: LaunchWatchViewModel.minimumSpacing(pages: 1, offline: true),
            startDate: Self.noon, scheduler: scheduler.eraseToAnyScheduler())
        model.start()
        scheduler.advance(by: .seconds(60))
        model.refreshNow()
        scheduler.advance()
        #expect(loads.loads == ["cache@0s", "ask@60s"])
        #expect(model.state.notice == nil, "\(model.state.notice ?? "")")
        #expect(model.state.nextRefresh == Self.noon.addingTimeInterval(660), "the interval still paces the re-reads")
        model.stop()
    }

    @Test func noRefreshBeforeRetryAfterHasPassed() throws {
        let scheduler = DispatchQueue.test
        let loads = ScriptedLoads([try Self.listing()], scheduler: scheduler)
        loads.retryAllowedAt.withLock { $0 = Self.noon.addingTimeInterval(1234) }
        let model = Self.model(loads)
        model.start()
        scheduler.advance(by: .seconds(700))
        model.refreshNow()
        #expect(model.state.notice == "Launch Library asked to wait (Retry-After): refreshing in 8m")
        scheduler.advance(by: .seconds(533))
        #expect(loads.loads == ["cache@0s"], "not at 10 minutes, nor on r")
        scheduler.advance(by: .seconds(1))
        #expect(loads.loads == ["cache@0s", "ask@1234s"])
        model.stop()
    }

    @Test func aRefreshMarksWhatChangedAndTheNextOneClearsIt() throws {
        let scheduler = DispatchQueue.test
        let listing = try Self.listing()
        // The Starlink launch on hold and two hours later, as a second refresh could say.
        var changed = listing
        let index = try #require(changed.firstIndex { $0.id == Self.starlinkID })
        changed[index].statusAbbreviation = "Hold"
        changed[index].statusName = "On Hold"
        changed[index].net = changed[index].net?.addingTimeInterval(2 * 3600)
        let loads = ScriptedLoads([listing, changed, changed], scheduler: scheduler)
        let model = Self.model(loads)
        model.start()
        scheduler.advance()
        #expect(model.state.upcoming.allSatisfy { $0.changes.isEmpty }, "the first refresh has nothing to compare with")

        scheduler.advance(by: .seconds(600))
        let starlink = try #require(model.state.upcoming.first { $0.launch.id == Self.starlinkID })
        #expect(starlink.changes.map { $0.text(arrow: "→") } == ["Go → Hold", "NET moved 2h later"])
        #expect(model.state.upcoming.filter { !$0.changes.isEmpty }.count == 1, "the others did not change")

        scheduler.advance(by: .seconds(600))
        #expect(model.state.upcoming.allSatisfy { $0.changes.isEmpty }, "changed since the previous refresh only")
        model.stop()
    }

    @Test func aLaunchLeavesTheListAtTZeroAndShowsItsOutcomeOnceKnown() throws {
        let scheduler = DispatchQueue.test
        let listing = try Self.listing()
        var flown = listing
        let index = try #require(flown.firstIndex { $0.id == Self.starlinkID })
        flown[index].statusAbbreviation = "Success"
        flown[index].statusName = "Launch Successful"
        let loads = ScriptedLoads([listing, flown], scheduler: scheduler)
        // Four minutes before Starlink Group 17-39's NET of 14:49:32.
        let model = Self.model(loads, start: LaunchLibraryDate.date(from: "2026-07-20T14:45:32Z")!)
        model.start()
        scheduler.advance(by: .seconds(239))
        #expect(model.state.upcoming.first?.launch.id == Self.starlinkID, "at T-1s it is still to come")
        #expect(model.state.liftedOff.isEmpty)
        scheduler.advance(by: .seconds(1))
        #expect(model.state.upcoming.first?.launch.id != Self.starlinkID, "at T-0 it leaves the list")
        #expect(model.state.upcoming.count == listing.count - 1)
        let lifted = try #require(model.state.liftedOff.first)
        #expect(lifted.launch.id == Self.starlinkID)
        #expect(lifted.launch.outcome == nil, "Go is no outcome")

        scheduler.advance(by: .seconds(600))
        #expect(loads.loads == ["cache@0s", "ask@600s"])
        #expect(model.state.liftedOff.first?.launch.outcome == "Launch Successful")
        #expect(!model.state.upcoming.contains { $0.launch.id == Self.starlinkID }, "never upcoming again")
        model.stop()
    }

    @Test func launchesAlreadyPastAtTheFirstRefreshAreNotShownAsUpcoming() throws {
        let scheduler = DispatchQueue.test
        let loads = ScriptedLoads([try Self.listing()], scheduler: scheduler)
        let model = Self.model(loads, start: LaunchLibraryDate.date(from: "2026-07-22T00:00:00Z")!)
        model.start()
        scheduler.advance()
        #expect(model.state.upcoming.first?.launch.name == "Gravity-1 | Unknown Payload")
        #expect(model.state.liftedOff.isEmpty, "the watch did not see them lift off")
        model.stop()
    }

    @Test func stopEndsTheTicksAndTheRefreshes() throws {
        let scheduler = DispatchQueue.test
        let loads = ScriptedLoads([try Self.listing()], scheduler: scheduler)
        let model = Self.model(loads)
        model.start()
        scheduler.advance(by: .seconds(2))
        model.stop()
        let changes = Mutex(0)
        model.onChange = { _ in changes.withLock { $0 += 1 } }
        scheduler.advance(by: .seconds(3600))
        #expect(changes.withLock { $0 } == 0)
        #expect(loads.loads == ["cache@0s"])
    }

    @Test func theIntervalIsNeverShorterThanTheRequestLimitAllows() {
        #expect(LaunchWatchViewModel.minimumSpacing(pages: 1) == 240)
        #expect(LaunchWatchViewModel.minimumSpacing(pages: 3) == 720, "each page is a request")
        #expect(LaunchWatchViewModel.minimumSpacing(pages: 3, offline: true) == 0, "offline, a refresh asks nothing")
    }
}
