import Dispatch
import Testing
@testable import Streams

@Suite struct AnySchedulerTests {
    @Test func forwardsToTheWrappedTestScheduler() {
        let test = DispatchQueue.test
        let scheduler: AnySchedulerOf<DispatchQueue> = test.eraseToAnyScheduler()
        var log: [String] = []
        scheduler.schedule { log.append("now") }
        scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1))) { log.append("1s") }
        let repeating = scheduler.schedule(after: scheduler.now.advanced(by: .seconds(2)), interval: .seconds(2)) {
            log.append("tick")
        }
        #expect(log.isEmpty)
        test.advance(by: .seconds(4))
        #expect(log == ["now", "1s", "tick", "tick"])
        repeating.cancel()
        test.advance(by: .seconds(4))
        #expect(log.count == 4)
        #expect(scheduler.now == test.now)
        #expect(scheduler.minimumTolerance == .zero)
    }

    @Test func wrapsARealQueue() {
        let scheduler = DispatchQueue(label: "spacedash.test.any").eraseToAnyScheduler()
        let done = DispatchSemaphore(value: 0)
        scheduler.schedule { done.signal() }
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(AnySchedulerOf<DispatchQueue>.main.now.dispatchTime.uptimeNanoseconds > 1)
    }

    @Test func closureBasedSchedulerForCustomBehaviour() {
        var log: [String] = []
        let scheduler = AnyScheduler<DispatchQueue.SchedulerTimeType, DispatchQueue.SchedulerOptions>(
            minimumTolerance: { .nanoseconds(7) },
            now: { .init(DispatchTime(uptimeNanoseconds: 42)) },
            scheduleImmediately: { _, action in log.append("immediate"); action() },
            delayed: { _, _, _, action in log.append("delayed"); action() },
            interval: { _, _, _, _, action in log.append("interval"); action(); return AnyCancellable {} }
        )
        scheduler.schedule {}
        scheduler.schedule(after: scheduler.now) {}
        _ = scheduler.schedule(after: scheduler.now, interval: .seconds(1)) {}
        #expect(log == ["immediate", "delayed", "interval"])
        #expect(scheduler.minimumTolerance == .nanoseconds(7))
        #expect(scheduler.now.dispatchTime.uptimeNanoseconds == 42)
    }
}
