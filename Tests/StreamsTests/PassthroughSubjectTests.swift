import Dispatch
import Testing
@testable import Streams

@Suite struct PassthroughSubjectTests {
    typealias Sut = PassthroughSubject<Int, TestingError>

    @Test func givesEachSubscriberItsOwnSubscription() {
        let subject = Sut()
        let subscriber = TrackingSubscriber<Int, TestingError>()
        subject.subscribe(subscriber)
        #expect(subscriber.history == [.subscription("PassthroughSubject")])
    }

    @Test func dropsValuesSentWithoutDemand() {
        let subject = Sut()
        let subscriber = TrackingSubscriber<Int, TestingError>()
        subject.subscribe(subscriber)
        subject.send(1)
        subscriber.request(.max(2))
        subject.send(2)
        subject.send(3)
        subject.send(4)
        #expect(subscriber.values == [2, 3])
    }

    @Test(arguments: [
        // (initial demand, demand returned per value, values received out of 20)
        (nil, 0, 0), (1, 0, 1), (1, 1, 20), (5, 0, 5), (3, 2, 20), (-1, 0, 20),
    ] as [(Int?, Int, Int)])
    func honoursDemandExactly(initial: Int?, perValue: Int, expectedCount: Int) {
        let subject = Sut()
        let subscriber = TrackingSubscriber<Int, TestingError>(
            initialDemand: initial.map { $0 < 0 ? .unlimited : .max($0) },
            receiveValueDemand: .max(perValue)
        )
        subject.subscribe(subscriber)
        for value in 1...20 { subject.send(value) }
        #expect(subscriber.values == Array(1...20).prefix(expectedCount).map { $0 })
    }

    @Test func demandIsPerSubscriber() {
        let subject = Sut()
        let few = TrackingSubscriber<Int, TestingError>(initialDemand: .max(1))
        let many = TrackingSubscriber<Int, TestingError>(initialDemand: .unlimited)
        subject.subscribe(few)
        subject.subscribe(many)
        subject.send(1)
        subject.send(2)
        #expect(few.values == [1])
        #expect(many.values == [1, 2])
    }

    @Test func deliversCompletionOnceAndIgnoresLaterSends() {
        let subject = Sut()
        let subscriber = TrackingSubscriber<Int, TestingError>(initialDemand: .unlimited)
        subject.subscribe(subscriber)
        subject.send(1)
        subject.send(completion: .failure(.oops))
        subject.send(2)
        subject.send(completion: .finished)
        #expect(subscriber.history == [.subscription("PassthroughSubject"), .value(1), .completion(.failure(.oops))])
    }

    @Test func completionReachesSubscribersWithoutDemand() {
        let subject = Sut()
        let subscriber = TrackingSubscriber<Int, TestingError>()
        subject.subscribe(subscriber)
        subject.send(completion: .finished)
        #expect(subscriber.completions == [.finished])
    }

    @Test func ignoresASecondCompletionSentFromReceiveCompletion() {
        let subject = Sut()
        let subscriber = TrackingSubscriber<Int, TestingError>(onCompletion: { _ in subject.send(completion: .failure(.other)) })
        subject.subscribe(subscriber)
        subject.send(completion: .failure(.oops))
        #expect(subscriber.completions == [.failure(.oops)])
    }

    @Test func lateSubscriberGetsEmptySubscriptionThenTheCompletion() {
        let subject = Sut()
        subject.send(completion: .failure(.oops))
        let late = TrackingSubscriber<Int, TestingError>()
        subject.subscribe(late)
        #expect(late.history == [.subscription("Empty"), .completion(.failure(.oops))])
    }

    @Test func cancelledSubscriberReceivesNothingMore() {
        let subject = Sut()
        let subscriber = TrackingSubscriber<Int, TestingError>(initialDemand: .unlimited)
        subject.subscribe(subscriber)
        subject.send(1)
        subscriber.cancel()
        subject.send(2)
        subscriber.request(.max(5))
        subject.send(completion: .finished)
        #expect(subscriber.history == [.subscription("PassthroughSubject"), .value(1)])
    }

    @Test func subscribingFromInsideReceiveSubscriptionWorks() {
        let subject = Sut()
        let inner = TrackingSubscriber<Int, TestingError>(initialDemand: .unlimited)
        let outer = TrackingSubscriber<Int, TestingError>(
            initialDemand: .unlimited,
            onSubscription: { _ in subject.subscribe(inner) }
        )
        subject.subscribe(outer)
        subject.send(1)
        #expect(outer.values == [1])
        #expect(inner.values == [1])
    }

    @Test func sinkThatSendsIntoItsOwnSubjectDoesNotDeadlock() {
        let subject = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        let cancellable = subject.sink { value in
            received.append(value)
            if value < 3 { subject.send(value + 1) }
        }
        subject.send(0)
        #expect(received == [0, 1, 2, 3])
        withExtendedLifetime(cancellable) {}
    }

    @Test func requestsUnlimitedUpstreamOnceThereIsDownstreamDemand() {
        let subject = PassthroughSubject<Int, Never>()
        let upstream = TestSubscription()
        subject.send(subscription: upstream)
        #expect(upstream.history.isEmpty)
        let subscriber = TrackingSubscriber<Int, Never>()
        subject.subscribe(subscriber)
        #expect(upstream.history.isEmpty)
        subscriber.request(.max(1))
        #expect(upstream.history == [.requested(.unlimited)])
        let another = TestSubscription()
        subject.send(subscription: another)
        #expect(another.history == [.requested(.unlimited)])
    }

    @Test func cancelsUpstreamSubscriptionsOnDeinit() {
        let upstream = TestSubscription()
        do {
            let subject = PassthroughSubject<Int, Never>()
            subject.send(subscription: upstream)
        }
        #expect(upstream.history == [.cancelled])
    }

    @Test func releasesTheSubscriberOnCancelAndOnCompletion() {
        weak var cancelledRef: TrackingSubscriber<Int, TestingError>?
        weak var completedRef: TrackingSubscriber<Int, TestingError>?
        let subject = Sut()
        do {
            let cancelled = TrackingSubscriber<Int, TestingError>()
            let completed = TrackingSubscriber<Int, TestingError>()
            cancelledRef = cancelled
            completedRef = completed
            subject.subscribe(cancelled)
            subject.subscribe(completed)
        }
        #expect(cancelledRef != nil)
        cancelledRef?.cancel()
        #expect(cancelledRef == nil)
        #expect(completedRef != nil)
        subject.send(completion: .finished)
        #expect(completedRef == nil)
    }

    @Test func concurrentSendsAreNeitherLostNorDuplicated() async {
        let subject = PassthroughSubject<Int, Never>()
        let received = ValueCollector<Int>()
        let cancellable = subject.sink { received.append($0) }
        let threads = 4, perThread = 5_000
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for index in 0..<perThread { subject.send(thread * perThread + index) }
        }
        #expect(received.values.sorted() == Array(0..<(threads * perThread)))
        withExtendedLifetime(cancellable) {}
    }

    @Test func concurrentSubscribeCancelAndSendDoNotCrash() {
        let subject = PassthroughSubject<Int, Never>()
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for index in 0..<2_000 {
                if thread % 2 == 0 {
                    let cancellable = subject.sink { _ in }
                    cancellable.cancel()
                } else {
                    subject.send(index)
                }
            }
        }
        let late = TrackingSubscriber<Int, Never>(initialDemand: .unlimited)
        subject.subscribe(late)
        subject.send(42)
        #expect(late.values == [42])
    }

    @Test func concurrentSendsThroughAChainArriveExactlyOnce() {
        let subject = PassthroughSubject<Int, Never>()
        let received = ValueCollector<Int>()
        let cancellable = subject
            .map { $0 * 2 }
            .filter { $0 % 3 != 0 }
            .compactMap { $0 }
            .scan(0) { _, value in value }
            .handleEvents(receiveOutput: { _ in })
            .sink { received.append($0) }
        let threads = 4, perThread = 5_000
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for index in 0..<perThread { subject.send(thread * perThread + index) }
        }
        let expected = (0..<(threads * perThread)).map { $0 * 2 }.filter { $0 % 3 != 0 }
        #expect(received.values.sorted() == expected)
        withExtendedLifetime(cancellable) {}
    }

    @Test func cancellingAChainReleasesEverySubscriberAndClosure() {
        final class Token {}
        weak var weakToken: Token?
        weak var weakSink: Subscribers.Sink<Int, Never>?
        let subject = PassthroughSubject<Int, Never>()
        do {
            let token = Token()
            weakToken = token
            var received: [Int] = []
            let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { received.append($0) })
            weakSink = sink
            subject
                .map { value -> Int in _ = token; return value }
                .filter { _ in true }
                .removeDuplicates()
                .prefix(10)
                .subscribe(sink)
            subject.send(1)
            #expect(received == [1])
            sink.cancel()
        }
        #expect(weakToken == nil)
        #expect(weakSink == nil)
    }

    @Test func completingAChainReleasesEverySubscriberAndClosure() {
        final class Token {}
        weak var weakToken: Token?
        let subject = PassthroughSubject<Int, Never>()
        var cancellable: AnyCancellable?
        do {
            let token = Token()
            weakToken = token
            cancellable = subject
                .map { value -> Int in _ = token; return value }
                .removeDuplicates()
                .sink { _ in _ = token }
        }
        subject.send(1)
        #expect(weakToken != nil)
        subject.send(completion: .finished)
        #expect(weakToken == nil)
        withExtendedLifetime(cancellable) {}
    }
}
