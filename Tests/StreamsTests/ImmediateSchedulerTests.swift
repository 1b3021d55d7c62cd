import Testing
@testable import Streams

@Suite struct ImmediateSchedulerTests {
    @Test func runsEveryActionSynchronously() {
        let scheduler = ImmediateScheduler.shared
        var log: [String] = []
        scheduler.schedule { log.append("now") }
        scheduler.schedule(after: scheduler.now.advanced(by: .seconds(10))) { log.append("later") }
        let cancellable = scheduler.schedule(after: scheduler.now, interval: .seconds(1)) { log.append("repeating") }
        #expect(log == ["now", "later", "repeating"])
        cancellable.cancel()
    }

    @Test func timeDoesNotMove() {
        let scheduler = ImmediateScheduler.shared
        let now = scheduler.now
        #expect(now.advanced(by: .seconds(5)) == now)
        #expect(now.distance(to: now) == .nanoseconds(0))
        #expect(ImmediateScheduler.Stride.milliseconds(3).magnitude == 3_000_000)
    }
}
