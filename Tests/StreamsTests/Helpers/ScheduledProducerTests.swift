import Dispatch
import Synchronization
import Testing
@testable import Streams

/// The smallest operator built on `ScheduledProducer`: every event goes
/// through `scheduler.schedule(options:)`, as `receive(on:)` does, but using
/// only the shared steps (so a cancel stops a scheduled completion too).
private final class Rescheduling<Downstream: Subscriber>: ScheduledProducer<Downstream>, Subscriber, Subscription,
    CustomStringConvertible, @unchecked Sendable
{
    private let scheduler: TestSchedulerOf<DispatchQueue>

    init(downstream: Downstream, scheduler: TestSchedulerOf<DispatchQueue>) {
        self.scheduler = scheduler
        super.init(downstream: downstream)
    }

    var description: String { "Rescheduling" }

    func receive(subscription: Subscription) {
        guard let downstream = accept(subscription) else { return }
        downstreamLock.withLock { downstream.receive(subscription: self) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        guard isSubscribed else { return .none }
        scheduler.schedule(options: nil) { self.deliver(input) }
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        guard lock.withLock({ beginCompleting() }) else { return }
        scheduler.schedule(options: nil) { self.deliver(completion) }
    }

    func request(_ demand: Subscribers.Demand) { requestUpstream(demand) }

    func cancel() { lock.withLock { terminate() }?.cancel() }
}

/// Counts how many calls are inside it at once, to check deliveries never overlap.
private final class OverlapCheckingSubscriber: Subscriber, @unchecked Sendable {
    typealias Input = Int
    typealias Failure = Never

    private let inside = Atomic<Int>(0)
    let overlaps = Atomic<Int>(0)
    let received = Atomic<Int>(0)
    let completions = Atomic<Int>(0)

    func receive(subscription: Subscription) { subscription.request(.unlimited) }

    func receive(_ input: Int) -> Subscribers.Demand {
        if inside.add(1, ordering: .acquiringAndReleasing).newValue > 1 {
            overlaps.add(1, ordering: .relaxed)
        }
        received.add(1, ordering: .relaxed)
        inside.subtract(1, ordering: .acquiringAndReleasing)
        return .none
    }

    func receive(completion: Subscribers.Completion<Never>) {
        completions.add(1, ordering: .relaxed)
    }
}

@Suite struct ScheduledProducerTests {
    private func makeProducer<S: Subscriber>(
        _ subscriber: S,
        scheduler: TestSchedulerOf<DispatchQueue> = DispatchQueue.test
    ) -> (Rescheduling<S>, TestSubscription) where S.Input == Int {
        let producer = Rescheduling(downstream: subscriber, scheduler: scheduler)
        let upstream = TestSubscription()
        producer.receive(subscription: upstream)
        return (producer, upstream)
    }

    @Test func theFirstSubscriptionIsPassedOnAndAnyOtherIsCancelled() {
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(2))
        let (producer, upstream) = makeProducer(subscriber)
        let second = TestSubscription()
        producer.receive(subscription: second)

        #expect(subscriber.history.map(\.description) == ["subscription(Rescheduling)"])
        #expect(upstream.history == [.requested(.max(2))])
        #expect(second.history == [.cancelled])

        producer.cancel()
        let afterCancel = TestSubscription()
        producer.receive(subscription: afterCancel)
        #expect(afterCancel.history == [.cancelled])
    }

    @Test func requestsGoUpstreamOnlyWhileSubscribed() {
        let scheduler = DispatchQueue.test
        let subscriber = TrackingSubscriber<Int, Never>()
        let producer = Rescheduling(downstream: subscriber, scheduler: scheduler)
        producer.request(.max(1))  // no upstream yet
        let upstream = TestSubscription()
        producer.receive(subscription: upstream)
        producer.request(.max(3))
        producer.receive(completion: .finished)
        producer.request(.max(4))  // completing
        scheduler.advance()
        producer.request(.max(5))  // terminal
        #expect(upstream.history == [.requested(.max(3))])
    }

    @Test func aDeliveredValueRequestsWhatDownstreamReturns() {
        let scheduler = DispatchQueue.test
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(1), receiveValueDemand: .max(2))
        let (producer, upstream) = makeProducer(subscriber, scheduler: scheduler)
        #expect(producer.receive(1) == .none)
        #expect(subscriber.values.isEmpty)
        scheduler.advance()
        #expect(subscriber.values == [1])
        #expect(upstream.history == [.requested(.max(1)), .requested(.max(2))])
    }

    @Test func whileCompletingValuesStillArriveButNothingMoreIsRequested() {
        let scheduler = DispatchQueue.test
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(1), receiveValueDemand: .max(2))
        let (producer, upstream) = makeProducer(subscriber, scheduler: scheduler)
        _ = producer.receive(1)
        producer.receive(completion: .finished)
        _ = producer.receive(2)  // after the completion: ignored
        producer.receive(completion: .finished)  // a second completion: ignored
        scheduler.advance()
        #expect(subscriber.history.map(\.description) == ["subscription(Rescheduling)", "value(1)", "finished"])
        #expect(upstream.history == [.requested(.max(1))])
    }

    @Test func cancelDropsScheduledValuesAndTheScheduledCompletion() {
        let scheduler = DispatchQueue.test
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .unlimited)
        let (producer, upstream) = makeProducer(subscriber, scheduler: scheduler)
        _ = producer.receive(1)
        producer.receive(completion: .finished)
        producer.cancel()
        producer.cancel()
        scheduler.advance()
        #expect(subscriber.history.map(\.description) == ["subscription(Rescheduling)"])
        // Completing already let upstream go, so the cancel has nothing to cancel.
        #expect(upstream.history == [.requested(.unlimited)])
    }

    @Test func cancelWhileSubscribedCancelsUpstreamOnce() {
        let subscriber = TrackingSubscriber<Int, Never>()
        let (producer, upstream) = makeProducer(subscriber)
        producer.cancel()
        producer.cancel()
        #expect(upstream.history == [.cancelled])
        #expect(producer.receive(1) == .none)
    }

    @Test func aCancelFromInsideADeliveryDropsWhatIsStillScheduled() {
        let scheduler = DispatchQueue.test
        let subscriber = TrackingSubscriber<Int, Never>.cancellingOnValue()
        let (producer, upstream) = makeProducer(subscriber, scheduler: scheduler)
        _ = producer.receive(1)
        _ = producer.receive(2)
        scheduler.advance()
        #expect(subscriber.values == [1])
        #expect(upstream.history == [.requested(.unlimited), .cancelled])
        producer.receive(completion: .finished)
        scheduler.advance()
        #expect(subscriber.history.map(\.description) == ["subscription(Rescheduling)", "value(1)"])
    }

    @Test func aRequestFromInsideADeliveryGoesUpstreamAtOnce() {
        let scheduler = DispatchQueue.test
        let subscriber = TrackingSubscriber<Int, Never>.requestingOnValue(.max(7), initialDemand: .max(1))
        let (producer, upstream) = makeProducer(subscriber, scheduler: scheduler)
        _ = producer.receive(1)
        scheduler.advance()
        #expect(subscriber.values == [1])
        #expect(upstream.history == [.requested(.max(1)), .requested(.max(7))])
    }

    @Test func theSubscriberIsLetGoOnceTheCompletionIsDelivered() {
        let scheduler = DispatchQueue.test
        weak var weakSubscriber: TrackingSubscriber<Int, Never>?
        let producer: Rescheduling<TrackingSubscriber<Int, Never>>
        do {
            let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .unlimited)
            weakSubscriber = subscriber
            producer = makeProducer(subscriber, scheduler: scheduler).0
        }
        producer.receive(completion: .finished)
        #expect(weakSubscriber != nil)
        scheduler.advance()
        #expect(weakSubscriber == nil)
    }

    @Test func theSubscriberIsLetGoOnCancel() {
        weak var weakSubscriber: TrackingSubscriber<Int, Never>?
        let producer: Rescheduling<TrackingSubscriber<Int, Never>>
        do {
            let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .unlimited)
            weakSubscriber = subscriber
            producer = makeProducer(subscriber).0
        }
        #expect(weakSubscriber != nil)
        producer.cancel()
        #expect(weakSubscriber == nil)
    }

    @Test func beginCompletingAndTerminateFollowTheStateMachine() {
        let producer = ScheduledProducer(downstream: TrackingSubscriber<Int, Never>())
        let upstream = TestSubscription()
        producer.lock.withLock {
            #expect(!producer.beginCompleting())  // awaiting subscription
            #expect(producer.terminate() == nil)
        }
        let second = ScheduledProducer(downstream: TrackingSubscriber<Int, Never>())
        #expect(second.accept(upstream) != nil)
        #expect(second.isSubscribed)
        second.lock.withLock {
            #expect((second.terminate() as? TestSubscription) === upstream)
            #expect(second.terminate() == nil)
            #expect(!second.beginCompleting())
            #expect(second.downstream == nil)
        }
        #expect(!second.isSubscribed)
        #expect(upstream.history.isEmpty)  // terminate only hands it back

        let third = ScheduledProducer(downstream: TrackingSubscriber<Int, Never>())
        _ = third.accept(TestSubscription())
        third.lock.withLock {
            #expect(third.beginCompleting())
            #expect(!third.beginCompleting())
            #expect(third.terminate() == nil)  // upstream was let go on completing
        }
    }

    @Test func deliveriesFromManyThreadsReachDownstreamOneAtATime() {
        let subscriber = OverlapCheckingSubscriber()
        let producer = Rescheduling(downstream: subscriber, scheduler: DispatchQueue.test)
        producer.receive(subscription: TestSubscription())
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for value in 0..<2_000 { producer.deliver(thread * 10_000 + value) }
        }
        #expect(subscriber.received.load(ordering: .relaxed) == 16_000)
        #expect(subscriber.overlaps.load(ordering: .relaxed) == 0)
    }

    @Test func aCancelRacingDeliveriesEndsThemAndNeverCompletes() {
        for _ in 0..<20 {
            let subscriber = OverlapCheckingSubscriber()
            let producer = Rescheduling(downstream: subscriber, scheduler: DispatchQueue.test)
            let upstream = TestSubscription()
            producer.receive(subscription: upstream)
            DispatchQueue.concurrentPerform(iterations: 4) { thread in
                if thread == 0 {
                    producer.cancel()
                    producer.deliver(.finished)
                } else {
                    for value in 0..<500 { producer.deliver(value) }
                }
            }
            let afterRace = subscriber.received.load(ordering: .relaxed)
            producer.deliver(1)
            #expect(subscriber.received.load(ordering: .relaxed) == afterRace)
            #expect(afterRace <= 1_500)
            #expect(subscriber.completions.load(ordering: .relaxed) == 0)
            #expect(subscriber.overlaps.load(ordering: .relaxed) == 0)
            #expect(upstream.history == [.requested(.unlimited), .cancelled])
        }
    }
}
