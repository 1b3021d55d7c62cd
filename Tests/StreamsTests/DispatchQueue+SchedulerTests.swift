import Dispatch
import Testing
@testable import Streams

@Suite struct DispatchQueueSchedulerTests {
    typealias Time = DispatchQueue.SchedulerTimeType

    @Test func strideIsInNanoseconds() {
        #expect(Time.Stride.seconds(2).magnitude == 2_000_000_000)
        #expect(Time.Stride.seconds(0.5).magnitude == 500_000_000)
        #expect(Time.Stride.milliseconds(3).magnitude == 3_000_000)
        #expect(Time.Stride.microseconds(4).magnitude == 4_000)
        #expect(Time.Stride.nanoseconds(5).magnitude == 5)
        let literal: Time.Stride = 2
        #expect(literal == .seconds(2))
        #expect(Time.Stride.milliseconds(1) + .microseconds(500) == .microseconds(1_500))
        #expect(Time.Stride.milliseconds(1) < .seconds(1))
    }

    @Test func timeArithmeticIsSignedAndSaturates() {
        let time = Time(DispatchTime(uptimeNanoseconds: 1_000))
        #expect(time.advanced(by: .nanoseconds(500)).dispatchTime.uptimeNanoseconds == 1_500)
        #expect(time.advanced(by: .nanoseconds(-400)).dispatchTime.uptimeNanoseconds == 600)
        #expect(time.distance(to: Time(DispatchTime(uptimeNanoseconds: 400))) == .nanoseconds(-600))
        #expect(time.advanced(by: .nanoseconds(-5_000)).dispatchTime.uptimeNanoseconds == 1)
        #expect(time < time.advanced(by: .nanoseconds(1)))
    }

    @Test func schedulesOnTheQueue() {
        let queue = DispatchQueue(label: "spacedash.test.scheduler")
        let key = DispatchSpecificKey<Int>()
        queue.setSpecific(key: key, value: 7)
        let done = DispatchSemaphore(value: 0)
        let seen = ValueCollector<Int?>()
        queue.schedule {
            seen.append(DispatchQueue.getSpecific(key: key))
            done.signal()
        }
        queue.schedule(after: queue.now) {
            seen.append(DispatchQueue.getSpecific(key: key))
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(seen.values == [7, 7])
    }

    @Test func repeatingTimerFiresUntilCancelled() {
        let queue = DispatchQueue(label: "spacedash.test.timer")
        let fired = DispatchSemaphore(value: 0)
        let count = ValueCollector<Int>()
        let cancellable = queue.schedule(after: queue.now, interval: .milliseconds(1)) {
            count.append(1)
            fired.signal()
        }
        for _ in 0..<3 {
            #expect(fired.wait(timeout: .now() + 10) == .success)
        }
        cancellable.cancel()
        // After cancel has been processed on the queue, the count stays put.
        let settled = queue.sync { count.values.count }
        queue.sync {}
        #expect(count.values.count == settled)
        #expect(settled >= 3)
    }
}
