import Foundation
import SpaceData
import Streams
import Synchronization
import Testing
@testable import SpaceDashCLI

/// The schedule both pipelines of `--watch` run on, on virtual time, over a source
/// that answers a number (or fails) and records when it was asked.
@Suite struct RefreshScheduleTests {
    static let start = LaunchWatchViewModelTests.noon

    final class Source: Sendable {
        let scheduler: TestSchedulerOf<DispatchQueue>
        let begin: DispatchQueue.SchedulerTimeType
        private let asked = Mutex<[String]>([])
        let failing = Mutex(false)

        init(_ scheduler: TestSchedulerOf<DispatchQueue>) {
            self.scheduler = scheduler
            begin = scheduler.now
        }

        var loads: [String] { asked.withLock { $0 } }

        func load(_ ask: Bool) -> AnyPublisher<Int, ServiceFailure> {
            let second = Int(begin.distance(to: scheduler.now).magnitude / 1_000_000_000)
            let count = asked.withLock { asked in
                asked.append("\(ask ? "ask" : "cache")@\(second)s")
                return asked.count
            }
            if failing.withLock({ $0 }) { return Fail(error: .nothingToShow("no answer")).eraseToAnyPublisher() }
            return Just(count).setFailureType(to: ServiceFailure.self).eraseToAnyPublisher()
        }
    }

    static func schedule(_ source: Source, interval: TimeInterval = 600, minimumSpacing: TimeInterval = 240,
                         retryAllowedAt: Date? = nil) -> RefreshSchedule<Int> {
        RefreshSchedule(load: { source.load($0) }, interval: interval, minimumSpacing: minimumSpacing,
                        retryAllowedAt: { retryAllowedAt },
                        clock: WatchClock(startDate: start, scheduler: source.scheduler.eraseToAnyScheduler()))
    }

    @Test func theClockIsTheStartPlusTheSchedulersTime() {
        let scheduler = DispatchQueue.test
        let clock = WatchClock(startDate: Self.start, scheduler: scheduler.eraseToAnyScheduler())
        scheduler.advance(by: .seconds(90))
        #expect(clock.now == Self.start.addingTimeInterval(90))
    }

    @Test func eachAnswerIsReceivedThenTheNextRefreshIsDueAfterTheInterval() {
        let scheduler = DispatchQueue.test
        let source = Source(scheduler)
        let schedule = Self.schedule(source)
        let received = Mutex<[Int]>([])
        schedule.received = { result in if case .success(let value) = result { received.withLock { $0.append(value) } } }
        schedule.start()
        scheduler.advance(by: .seconds(1200))
        #expect(source.loads == ["cache@0s", "ask@600s", "ask@1200s"])
        #expect(received.withLock { $0 } == [1, 2, 3])
        #expect(schedule.status == .init(isRefreshing: false, refreshedAt: Self.start.addingTimeInterval(1200),
                                         nextRefresh: Self.start.addingTimeInterval(1800)))
        schedule.stop()
        scheduler.advance(by: .seconds(3600))
        #expect(source.loads.count == 3, "stopped: no more requests")
    }

    @Test func anIntervalShorterThanTheSpacingIsStretchedToIt() {
        let scheduler = DispatchQueue.test
        let source = Source(scheduler)
        let schedule = Self.schedule(source, interval: 60)
        schedule.start()
        scheduler.advance(by: .seconds(500))
        #expect(source.loads == ["cache@0s", "ask@240s", "ask@480s"])
        schedule.stop()
    }

    @Test func aFailureIsReceivedAndTheScheduleGoesOn() {
        let scheduler = DispatchQueue.test
        let source = Source(scheduler)
        source.failing.withLock { $0 = true }
        let schedule = Self.schedule(source)
        let failures = Mutex(0)
        schedule.received = { result in if case .failure = result { failures.withLock { $0 += 1 } } }
        schedule.start()
        scheduler.advance(by: .seconds(600))
        #expect(failures.withLock { $0 } == 2)
        #expect(source.loads == ["cache@0s", "ask@600s"])
        #expect(schedule.status.nextRefresh == Self.start.addingTimeInterval(1200))
        schedule.stop()
    }

    @Test func refreshNowSaysWhetherItStartedOrUntilWhenItWaits() {
        let scheduler = DispatchQueue.test
        let source = Source(scheduler)
        let schedule = Self.schedule(source)
        schedule.start()
        scheduler.advance(by: .seconds(100))
        #expect(schedule.refreshNow() == .waiting(until: Self.start.addingTimeInterval(240), retryAfter: false))
        #expect(schedule.status.nextRefresh == Self.start.addingTimeInterval(240), "brought forward from 600 s")
        scheduler.advance(by: .seconds(140))
        #expect(source.loads == ["cache@0s", "ask@240s"])
        scheduler.advance(by: .seconds(300))
        #expect(schedule.refreshNow() == .started)
        #expect(source.loads == ["cache@0s", "ask@240s", "ask@540s"])
        schedule.stop()
    }

    @Test func retryAfterHoldsEveryRefreshBack() {
        let scheduler = DispatchQueue.test
        let source = Source(scheduler)
        let schedule = Self.schedule(source, retryAllowedAt: Self.start.addingTimeInterval(1000))
        schedule.start()
        scheduler.advance(by: .seconds(700))
        #expect(schedule.refreshNow() == .waiting(until: Self.start.addingTimeInterval(1000), retryAfter: true))
        scheduler.advance(by: .seconds(299))
        #expect(source.loads == ["cache@0s"])
        scheduler.advance(by: .seconds(1))
        #expect(source.loads == ["cache@0s", "ask@1000s"])
        schedule.stop()
    }
}
