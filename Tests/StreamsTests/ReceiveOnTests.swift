import Dispatch
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

    // Combine's one rule (OpenCombine's testStrongCaptureWhenSchedulingValue
    // and testStrongCaptureWhenSchedulingCompletion, checked against Combine):
    // a value scheduled before the cancel is dropped, a completion scheduled
    // before it is delivered.
    @Test func cancelDropsScheduledValuesButAScheduledCompletionStillArrives() {
        let scheduler = DispatchQueue.test
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .unlimited)
        upstream.receive(on: scheduler).subscribe(subscriber)

        upstream.send(1)
        upstream.send(completion: .finished)
        subscriber.cancel()
        scheduler.advance()
        #expect(subscriber.history == [.subscription("ReceiveOn"), .completion(.finished)])
        // The cancel came after the completion: upstream had ended, nothing to cancel.
        #expect(upstream.subscription.history == [.requested(.unlimited)])

        let valueOnly = TestPublisher<Int, Never>()
        let second = TrackingSubscriber<Int, Never>(initialDemand: .unlimited)
        valueOnly.receive(on: scheduler).subscribe(second)
        valueOnly.send(2)
        second.cancel()
        scheduler.advance()
        #expect(second.history == [.subscription("ReceiveOn")])
        #expect(valueOnly.subscription.history == [.requested(.unlimited), .cancelled])
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

    @Test func aValueScheduledBeforeTheCompletionArrivesButRequestsNothingMore() {
        let scheduler = DispatchQueue.test
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(1), receiveValueDemand: .max(5))
        upstream.receive(on: scheduler).subscribe(subscriber)
        upstream.send(1)
        upstream.send(completion: .finished)
        scheduler.advance()
        #expect(subscriber.history.map(\.description) == ["subscription(ReceiveOn)", "value(1)", "finished"])
        #expect(upstream.subscription.history == [.requested(.max(1))])
    }

    @Test func aCancelFromInsideADeliveryDropsLaterValuesButNotTheScheduledCompletion() {
        let scheduler = DispatchQueue.test
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>.cancellingOnValue()
        upstream.receive(on: scheduler).subscribe(subscriber)
        upstream.send(1)
        upstream.send(2)
        upstream.send(completion: .finished)
        scheduler.advance()
        #expect(subscriber.values == [1])
        #expect(subscriber.completions == [.finished])
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
