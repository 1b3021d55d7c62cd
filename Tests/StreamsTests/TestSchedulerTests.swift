import Dispatch
import Testing
@testable import Streams

@Suite struct TestSchedulerTests {
    @Test func clockStartsAtOneNanosecondAndMovesOnlyWhenAdvanced() {
        let scheduler = DispatchQueue.test
        #expect(scheduler.now.dispatchTime.uptimeNanoseconds == 1)
        scheduler.advance(by: .milliseconds(5))
        #expect(scheduler.now.dispatchTime.uptimeNanoseconds == 5_000_001)
        scheduler.advance(to: scheduler.now.advanced(by: .seconds(1)))
        #expect(scheduler.now.dispatchTime.uptimeNanoseconds == 1_005_000_001)
    }

    @Test func immediateActionsWaitForTheNextAdvance() {
        let scheduler = DispatchQueue.test
        var ran = false
        scheduler.schedule { ran = true }
        #expect(!ran)
        scheduler.advance()
        #expect(ran)
    }

    @Test func runsActionsInTimeOrderAndTiesInSchedulingOrder() {
        let scheduler = DispatchQueue.test
        let start = scheduler.now
        var log: [String] = []
        scheduler.schedule(after: start.advanced(by: .seconds(3))) { log.append("c@3") }
        scheduler.schedule(after: start.advanced(by: .seconds(1))) { log.append("a@1") }
        scheduler.schedule(after: start.advanced(by: .seconds(3))) { log.append("d@3") }
        scheduler.schedule(after: start.advanced(by: .seconds(1))) { log.append("b@1") }
        scheduler.schedule { log.append("now") }
        scheduler.advance(by: .seconds(2))
        #expect(log == ["now", "a@1", "b@1"])
        scheduler.advance(by: .seconds(1))
        #expect(log == ["now", "a@1", "b@1", "c@3", "d@3"])
    }

    @Test func nowIsTheActionsDateWhileItRuns() {
        let scheduler = DispatchQueue.test
        let start = scheduler.now
        var seen: [Int] = []
        for delay in [30, 10, 20] {
            scheduler.schedule(after: start.advanced(by: .milliseconds(delay))) {
                seen.append(start.distance(to: scheduler.now).magnitude / 1_000_000)
            }
        }
        scheduler.advance(by: .milliseconds(100))
        #expect(seen == [10, 20, 30])
        #expect(start.distance(to: scheduler.now) == .milliseconds(100))
    }

    @Test func actionsScheduledWhileAdvancingRunWhenDueInTheSameAdvance() {
        let scheduler = DispatchQueue.test
        let start = scheduler.now
        var log: [Int] = []
        scheduler.schedule(after: start.advanced(by: .seconds(1))) {
            log.append(1)
            scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1))) { log.append(2) }
            scheduler.schedule(after: scheduler.now.advanced(by: .seconds(5))) { log.append(6) }
        }
        scheduler.advance(by: .seconds(3))
        #expect(log == [1, 2])
        scheduler.run()
        #expect(log == [1, 2, 6])
        #expect(start.distance(to: scheduler.now) == .seconds(6))
    }

    @Test func repeatingActionsRunEveryIntervalUntilCancelled() {
        let scheduler = DispatchQueue.test
        let start = scheduler.now
        var times: [Int] = []
        let cancellable = scheduler.schedule(after: start.advanced(by: .seconds(1)), interval: .seconds(2)) {
            times.append(start.distance(to: scheduler.now).magnitude / 1_000_000_000)
        }
        scheduler.advance(by: .seconds(6))
        #expect(times == [1, 3, 5])
        cancellable.cancel()
        scheduler.advance(by: .seconds(10))
        #expect(times == [1, 3, 5])
        #expect(scheduler.pendingActionCount == 0)
    }

    @Test func cancellingFromInsideTheRepeatingActionStopsIt() {
        let scheduler = DispatchQueue.test
        var count = 0
        var cancellable: Cancellable?
        cancellable = scheduler.schedule(after: scheduler.now, interval: .seconds(1)) {
            count += 1
            if count == 2 { cancellable?.cancel() }
        }
        scheduler.advance(by: .seconds(10))
        #expect(count == 2)
    }

    @Test func cancellingReleasesTheAction() {
        final class Token {}
        weak var weakToken: Token?
        let scheduler = DispatchQueue.test
        var cancellable: Cancellable?
        do {
            let token = Token()
            weakToken = token
            cancellable = scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1)), interval: .seconds(1)) {
                _ = token
            }
        }
        #expect(weakToken != nil)
        cancellable?.cancel()
        #expect(weakToken == nil)
    }

    @Test func runExecutesEverythingAndMovesTheClockToTheLastDate() {
        let scheduler = DispatchQueue.test
        let start = scheduler.now
        var log: [Int] = []
        scheduler.schedule(after: start.advanced(by: .seconds(100))) { log.append(100) }
        scheduler.schedule(after: start.advanced(by: .seconds(7))) { log.append(7) }
        scheduler.run()
        #expect(log == [7, 100])
        #expect(start.distance(to: scheduler.now) == .seconds(100))
    }

    @Test func anActionInThePastRunsWithoutMovingTheClockBack() {
        let scheduler = DispatchQueue.test
        scheduler.advance(by: .seconds(10))
        let now = scheduler.now
        var ran = false
        scheduler.schedule(after: now.advanced(by: .seconds(-5))) { ran = true }
        scheduler.advance()
        #expect(ran)
        #expect(scheduler.now == now)
    }

    @Test func schedulingFromManyThreadsKeepsEveryAction() {
        let scheduler = DispatchQueue.test
        let ran = ValueCollector<Int>()
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for index in 0..<500 {
                scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(index))) {
                    ran.append(thread * 500 + index)
                }
            }
        }
        scheduler.advance(by: .seconds(1))
        #expect(ran.values.sorted() == Array(0..<2_000))
    }
}
