import Dispatch
import Foundation
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

    // Regression (issue 17 item 3): these wrapped to negative durations.
    @Test func strideConstructorsSaturateInsteadOfOverflowing() {
        #expect(Time.Stride.seconds(Int.max).magnitude == .max)
        #expect(Time.Stride.seconds(Int.min).magnitude == .min)
        #expect(Time.Stride.milliseconds(.max).magnitude == .max)
        #expect(Time.Stride.milliseconds(.min).magnitude == .min)
        #expect(Time.Stride.microseconds(.max).magnitude == .max)
        #expect(Time.Stride.microseconds(.min).magnitude == .min)
        #expect(Time.Stride(.seconds(.max)).magnitude == .max)
        #expect(Time.Stride(.seconds(.min)).magnitude == .min)
        #expect(Time.Stride(.milliseconds(.min)).magnitude == .min)
        #expect(Time.Stride(.never).magnitude == .max)
        #expect(Time.Stride(integerLiteral: .max).magnitude == .max)
        #expect(Time.Stride(exactly: UInt64.max) == nil)
        #expect(Time.Stride(exactly: 2 as UInt64)?.magnitude == 2_000_000_000)
    }

    @Test func hugeSecondsAsADoubleSaturateInsteadOfTrapping() {
        #expect(Time.Stride.seconds(1.2).magnitude == 1_200_000_000)
        #expect(Time.Stride.seconds(Double(Int.max) / 1_000_000_000).magnitude == .max)
        #expect(Time.Stride.seconds(1e300).magnitude == .max)
        #expect(Time.Stride.seconds(-1e300).magnitude == .min)
        #expect(Time.Stride.seconds(Double.infinity).magnitude == .max)
        #expect(Time.Stride(1e300).magnitude == .max)
    }

    @Test func strideArithmeticSaturates() {
        #expect((Time.Stride.nanoseconds(.max) + .nanoseconds(1)).magnitude == .max)
        #expect((Time.Stride.nanoseconds(.min) - .nanoseconds(1)).magnitude == .min)
        #expect((Time.Stride.nanoseconds(1) - .nanoseconds(.min)).magnitude == .max)
        #expect((Time.Stride.nanoseconds(7) + .nanoseconds(-12)).magnitude == -5)
        #expect((Time.Stride.seconds(.max) * .nanoseconds(2)).magnitude == .max)
        let time = Time(DispatchTime(uptimeNanoseconds: 1_000))
        // Beyond 2^63 ns Dispatch reads a time as wall-clock: it becomes distantFuture.
        #expect(time.advanced(by: .seconds(.max)).dispatchTime == .distantFuture)
        #expect(time.advanced(by: .seconds(100)).dispatchTime.uptimeNanoseconds == 100_000_001_000)
        #expect(time.advanced(by: .nanoseconds(.min)).dispatchTime.uptimeNanoseconds == 1)
    }

    // Combine's forms, so data written by one reads in the other (OpenCombine's
    // DispatchQueueSchedulerTests.testStrideCodable / testSchedulerTimeTypeCodable).
    @Test func strideAndTimeEncodeAsCombineDoes() throws {
        struct Wrapper<Value: Codable & Equatable>: Codable, Equatable { let value: Value }
        let stride = Wrapper(value: Time.Stride.nanoseconds(419_872))
        let encodedStride = try JSONEncoder().encode(stride)
        #expect(String(decoding: encodedStride, as: UTF8.self) == #"{"value":{"_nanoseconds":419872}}"#)
        #expect(try JSONDecoder().decode(Wrapper<Time.Stride>.self, from: encodedStride) == stride)

        let time = Wrapper(value: Time(DispatchTime(uptimeNanoseconds: 42)))
        let encodedTime = try JSONEncoder().encode(time)
        #expect(String(decoding: encodedTime, as: UTF8.self) == #"{"value":42}"#)
        #expect(try JSONDecoder().decode(Wrapper<Time>.self, from: encodedTime) == time)
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
