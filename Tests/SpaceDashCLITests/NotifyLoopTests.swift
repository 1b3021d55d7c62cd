import Foundation
import SpaceData
import Streams
import Testing
@testable import SpaceDashCLI

/// The foreground `notify`'s schedule on virtual time: when it checks, and that
/// it sleeps in between.
@Suite struct NotifyLoopTests {
    static let start = LaunchLibraryDate.date(from: "2026-07-20T12:00:00Z")!

    /// A loop whose checks answer `answer(now)`, recording when they ran.
    final class Harness: @unchecked Sendable {
        let scheduler = DispatchQueue.test
        var checks: [TimeInterval] = []
        var retryAllowedAt: Date?
        var loop: NotifyLoop!

        init(_ answer: @escaping @Sendable (Date) -> NotifyCheck.Outcome) {
            let clock = WatchClock(startDate: NotifyLoopTests.start, scheduler: scheduler.eraseToAnyScheduler())
            loop = NotifyLoop(clock: { clock.now }, scheduler: scheduler.eraseToAnyScheduler(), retryAllowedAt: { [unowned self] in retryAllowedAt }) {
                [unowned self] now in
                checks.append(now.timeIntervalSince(NotifyLoopTests.start))
                return Just(answer(now)).setFailureType(to: (any Error).self).eraseToAnyPublisher()
            }
        }

        func run(for seconds: TimeInterval) {
            loop.start()
            scheduler.advance(by: .seconds(seconds))
        }
    }

    static func outcome(due: Date?, watching: Bool = true) -> NotifyCheck.Outcome {
        NotifyCheck.Outcome(nextDue: due, isWatching: watching, delivered: [], notices: [])
    }

    @Test func itChecksAtTheStartThenAtEachPollAndReminderNeverBetween() {
        // A reminder due at 13:00 (an hour in), then nothing more.
        let due = Self.start.addingTimeInterval(3600)
        let harness = Harness { now in Self.outcome(due: now < due ? due : nil) }
        harness.run(for: 2 * 3600)
        #expect(harness.checks == [0, 900, 1800, 2700, 3480, 3600, 4500, 5400, 6300, 7200],
                "polls every 15 minutes, the fresh request 2 minutes before the reminder, the reminder at its moment")
    }

    @Test func nothingWatchedItOnlyLooksAgainHourly() {
        let harness = Harness { _ in Self.outcome(due: nil, watching: false) }
        harness.run(for: 3 * 3600)
        #expect(harness.checks == [0, 3600, 7200, 10_800])
    }

    @Test func aRetryAfterPutsThePollOffButNotAReminder() {
        let due = Self.start.addingTimeInterval(3000)
        let harness = Harness { now in Self.outcome(due: now < due ? due : nil) }
        harness.retryAllowedAt = Self.start.addingTimeInterval(3600)
        harness.run(for: 3900)
        #expect(harness.checks == [0, 2880, 3000, 3900], "the first poll waits for the Retry-After (3600), the reminder does not")
    }

    @Test func stoppedItChecksNoMore() {
        let harness = Harness { _ in Self.outcome(due: nil) }
        harness.run(for: 1000)
        harness.loop.stop()
        harness.scheduler.advance(by: .seconds(10_000))
        #expect(harness.checks == [0, 900])
        #expect(harness.scheduler.pendingActionCount <= 1)
    }

    @Test func aFailedCheckEndsTheLoop() {
        let scheduler = DispatchQueue.test
        final class Record: @unchecked Sendable {
            var failures: [String] = []
            var checks = 0
        }
        let record = Record()
        let loop = NotifyLoop(clock: { NotifyLoopTests.start }, scheduler: scheduler.eraseToAnyScheduler()) { _ in
            record.checks += 1
            return Fail(error: CommandError("not ours", exitCode: .configuration)).eraseToAnyPublisher()
        }
        loop.failed = { record.failures.append("\($0)") }
        loop.start()
        scheduler.advance(by: .seconds(10_000))
        #expect(record.failures == ["not ours"])
        #expect(record.checks == 1)
    }
}
