import Dispatch
import Synchronization
import Testing
@testable import Streams

/// A cancellable that counts its cancels.
private final class CountingCancellable: Cancellable, @unchecked Sendable {
    let cancels = Atomic<Int>(0)
    func cancel() { cancels.add(1, ordering: .relaxed) }
}

@Suite struct RestartableTimerTests {
    @Test func eachRestartStartsANewGenerationAndHandsBackTheRunningToken() {
        var timer = RestartableTimer()
        let first = timer.restart()
        #expect(first.previous == nil)
        #expect(timer.isCurrent(first.generation))

        let token = CountingCancellable()
        #expect(timer.keep(token, for: first.generation) == nil)

        let second = timer.restart()
        #expect(second.generation != first.generation)
        #expect(!timer.isCurrent(first.generation))
        #expect(timer.isCurrent(second.generation))
        #expect((second.previous as? CountingCancellable) === token)
        // Handed back, never cancelled here: the owner does that once unlocked.
        #expect(token.cancels.load(ordering: .relaxed) == 0)
    }

    @Test func aTokenForAStaleGenerationIsHandedBackToCancel() {
        var timer = RestartableTimer()
        let stale = timer.restart().generation
        let current = timer.restart().generation
        let late = CountingCancellable()
        #expect((timer.keep(late, for: stale) as? CountingCancellable) === late)
        #expect(timer.stop() == nil)

        let running = CountingCancellable()
        #expect(timer.keep(running, for: current) == nil)
        #expect((timer.stop() as? CountingCancellable) === running)
        #expect(timer.stop() == nil)
        #expect(timer.isCurrent(current))  // stopping does not start a generation
    }

    @Test func scheduleFiresOneIntervalFromNowAndRepeatsUntilCancelled() {
        let scheduler = DispatchQueue.test
        let fired = ValueCollector<Int>()
        scheduler.advance(by: .milliseconds(3))
        let token = RestartableTimer.schedule(on: scheduler, after: .milliseconds(5), options: nil) {
            fired.append(scheduler.elapsedMilliseconds)
        }
        scheduler.advance(by: .milliseconds(4))
        #expect(fired.values.isEmpty)
        scheduler.advance(by: .milliseconds(1))
        #expect(fired.values == [8])
        scheduler.advance(by: .milliseconds(10))
        #expect(fired.values == [8, 13, 18])
        token.cancel()
        scheduler.advance(by: .milliseconds(10))
        #expect(fired.values == [8, 13, 18])
        #expect(scheduler.pendingActionCount == 0)
    }
}
