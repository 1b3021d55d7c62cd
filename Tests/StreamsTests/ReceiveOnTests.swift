import Dispatch
import Foundation
import Synchronization
import Testing
@testable import Streams

@Suite struct ReceiveOnTests {
    @Test func theSubscriptionAndRequestsPassSynchronouslyAndUnchanged() {
        let scheduler = DispatchQueue.test
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(3))
        upstream.receive(on: scheduler).subscribe(subscriber)

        #expect(subscriber.history.map(\.description) == ["subscription(ReceiveOn)"])
        subscriber.request(.max(2))
        #expect(upstream.subscription.history == [.requested(.max(3)), .requested(.max(2))])
        #expect(scheduler.pendingActionCount == 0)
    }

    @Test func valuesAndTheCompletionArriveInOrderWhenTheSchedulerRuns() {
        let scheduler = DispatchQueue.test
        let upstream = TestPublisher<Int, TestingError>()
        let subscriber = TimelineSubscriber<Int, TestingError>(scheduler: scheduler)
        upstream.receive(on: scheduler).subscribe(subscriber)

        scheduler.advance(by: .milliseconds(2))
        #expect(upstream.send(1) == .none)
        #expect(upstream.send(2) == .none)
        upstream.send(completion: .failure(.oops))
        upstream.send(3)
        upstream.send(completion: .finished)
        #expect(subscriber.timeline.isEmpty)
        scheduler.advance()
        #expect(subscriber.timeline == ["value(1)@2", "value(2)@2", "failure(oops)@2"])
    }

    @Test func demandReturnedByDownstreamIsRequestedUpstreamFromTheScheduledAction() {
        let scheduler = DispatchQueue.test
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(1), receiveValueDemand: .max(2))
        upstream.receive(on: scheduler).subscribe(subscriber)

        upstream.send(1)
        #expect(upstream.subscription.history == [.requested(.max(1))])
        scheduler.advance()
        #expect(upstream.subscription.history == [.requested(.max(1)), .requested(.max(2))])
    }

    // OpenCombine's testStrongCaptureWhenSchedulingValue, checked against Combine:
    // while upstream is live, a cancel drops the values already scheduled.
    @Test func aCancelBeforeUpstreamCompletesDropsTheScheduledValues() {
        let scheduler = DispatchQueue.test
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TimelineSubscriber<Int, Never>(scheduler: scheduler)
        upstream.receive(on: scheduler).subscribe(subscriber)

        scheduler.advance(by: .milliseconds(4))
        upstream.send(1)
        subscriber.cancel()
        upstream.send(completion: .finished)
        scheduler.advance(by: .milliseconds(10))
        #expect(subscriber.timeline.isEmpty)
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
    }

    // OpenCombine's testStrongCaptureWhenSchedulingCompletion and its state
    // machine (a cancel acts only while subscribed, not once the completion is
    // pending): after upstream's completion a cancel stops nothing, so the
    // values scheduled before it and the completion arrive, and what downstream
    // returns is still requested upstream (testReceiveCompletionImmediatelyAfterValue).
    @Test func onceUpstreamHasCompletedACancelNoLongerStopsWhatWasScheduled() {
        let scheduler = DispatchQueue.test
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TimelineSubscriber<Int, Never>(scheduler: scheduler, receiveValueDemand: .max(1))
        upstream.receive(on: scheduler).subscribe(subscriber)

        scheduler.advance(by: .milliseconds(4))
        upstream.send(1)
        upstream.send(2)
        upstream.send(completion: .finished)
        subscriber.cancel()
        #expect(subscriber.timeline.isEmpty)
        scheduler.advance(by: .milliseconds(10))
        #expect(subscriber.timeline == ["value(1)@4", "value(2)@4", "finished@4"])
        // The cancel came after the completion: nothing reached upstream.
        #expect(upstream.subscription.history == [.requested(.unlimited), .requested(.max(1)), .requested(.max(1))])
    }

    @Test func cancelCancelsUpstreamAndStopsLaterValues() {
        let scheduler = DispatchQueue.test
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .unlimited)
        upstream.receive(on: scheduler).subscribe(subscriber)

        subscriber.cancel()
        #expect(upstream.subscription.isCancelled)
        upstream.send(1)
        scheduler.advance()
        #expect(subscriber.values.isEmpty)
        #expect(scheduler.pendingActionCount == 0)
    }

    @Test func anImmediateSchedulerDeliversSynchronouslyAndReentrantly() {
        let subject = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        let cancellable = subject.receive(on: ImmediateScheduler.shared).sink { value in
            received.append(value)
            if value < 3 { subject.send(value + 1) }
        }
        subject.send(1)
        #expect(received == [1, 2, 3])
        cancellable.cancel()
    }

    @Test func aSerialDispatchQueueDeliversEveryValueOnThatQueueInOrder() {
        let queue = DispatchQueue(label: "receive-on-test")
        let key = DispatchSpecificKey<Int>()
        queue.setSpecific(key: key, value: 7)
        let subject = PassthroughSubject<Int, Never>()
        let collector = ValueCollector<Int>()
        let onQueue = ValueCollector<Bool>()
        let finished = ValueCollector<Bool>()
        let cancellable = subject.receive(on: queue).sink(
            receiveCompletion: { _ in finished.append(DispatchQueue.getSpecific(key: key) == 7) },
            receiveValue: { value in
                collector.append(value)
                onQueue.append(DispatchQueue.getSpecific(key: key) == 7)
            }
        )
        for value in 0..<100 { subject.send(value) }
        subject.send(completion: .finished)
        // The queue is serial: once this runs, everything scheduled before it has.
        queue.sync {}
        #expect(collector.values == Array(0..<100))
        #expect(onQueue.values.count == 100 && onQueue.values.allSatisfy { $0 })
        #expect(finished.values == [true])
        cancellable.cancel()
    }

    // OpenCombine's testReceiveCompletionImmediatelyAfterValue: the value's
    // demand is requested upstream although upstream has completed.
    @Test func aValueScheduledBeforeTheCompletionArrivesAndRequestsWhatDownstreamReturns() {
        let scheduler = DispatchQueue.test
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(1), receiveValueDemand: .max(5))
        upstream.receive(on: scheduler).subscribe(subscriber)
        upstream.send(1)
        upstream.send(completion: .finished)
        scheduler.advance()
        #expect(subscriber.history.map(\.description) == ["subscription(ReceiveOn)", "value(1)", "finished"])
        #expect(upstream.subscription.history == [.requested(.max(1)), .requested(.max(5))])
    }

    // OpenCombine's testCancelWhileReceivingInput.
    @Test func aCancelFromInsideADeliveryWhileUpstreamIsLiveDropsLaterValues() {
        let scheduler = DispatchQueue.test
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>.cancellingOnValue()
        upstream.receive(on: scheduler).subscribe(subscriber)
        upstream.send(1)
        upstream.send(2)
        scheduler.advance()
        #expect(subscriber.values == [1])
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
        upstream.send(completion: .finished)
        scheduler.advance()
        #expect(subscriber.completions.isEmpty)
    }

    @Test func aCancelFromInsideADeliveryAfterUpstreamCompletedStopsNothing() {
        let scheduler = DispatchQueue.test
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>.cancellingOnValue()
        upstream.receive(on: scheduler).subscribe(subscriber)
        upstream.send(1)
        upstream.send(2)
        upstream.send(completion: .finished)
        scheduler.advance()
        #expect(subscriber.values == [1, 2])
        #expect(subscriber.completions == [.finished])
        #expect(upstream.subscription.history == [.requested(.unlimited)])
    }

    // OpenCombine's testRequest: a request is passed upstream at once, on the
    // thread that makes it, even while values wait in the scheduler.
    @Test func aRequestGoesUpstreamAtOnceOnTheCallersThreadNotThroughTheScheduler() {
        let scheduler = DispatchQueue.test
        let requestedOn = Mutex<[pthread_t]>([])
        let upstream = TestPublisher<Int, Never>(subscription: TestSubscription(onRequest: { _ in
            requestedOn.withLock { $0.append(pthread_self()) }
        }))
        let subscriber = TimelineSubscriber<Int, Never>(scheduler: scheduler, initialDemand: .max(1))
        upstream.receive(on: scheduler).subscribe(subscriber)
        scheduler.advance(by: .milliseconds(3))
        upstream.send(1)
        #expect(scheduler.pendingActionCount == 1)

        let caller = Mutex<pthread_t?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread {
            caller.withLock { $0 = pthread_self() }
            subscriber.request(.max(2))
            done.signal()
        }.start()
        done.wait()
        #expect(upstream.subscription.history == [.requested(.max(1)), .requested(.max(2))])
        let threads = requestedOn.withLock { $0 }
        #expect(threads.count == 2)
        #expect(threads.last.map { pthread_equal($0, caller.withLock { $0! }) != 0 } == true, "requested on the caller's thread")
        // Nothing went through the scheduler: only the value waits there.
        #expect(scheduler.pendingActionCount == 1)
        #expect(subscriber.timeline.isEmpty)
        scheduler.advance()
        #expect(subscriber.timeline == ["value(1)@3"])
    }

    @Test func aRequestFromInsideADeliveryGoesUpstreamAtOnce() {
        let scheduler = DispatchQueue.test
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>.requestingOnValue(.max(2), initialDemand: .max(1))
        upstream.receive(on: scheduler).subscribe(subscriber)
        upstream.send(1)
        scheduler.advance()
        #expect(upstream.subscription.history == [.requested(.max(1)), .requested(.max(2))])
    }
}
