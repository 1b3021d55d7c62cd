import Testing
@testable import Streams

@Suite struct ScanTests {
    @Test func sendsEachRunningResult() {
        let upstream = TestPublisher<Int, TestingError>()
        let subscriber = TrackingSubscriber<Int, TestingError>(initialDemand: .max(3), receiveValueDemand: .max(1))
        upstream.scan(10) { $0 + $1 }.subscribe(subscriber)
        #expect(upstream.send(1) == .max(1))
        upstream.send(2)
        upstream.send(completion: .failure(.oops))
        #expect(subscriber.history == [
            .subscription("TestSubscription"), .value(11), .value(13), .completion(.failure(.oops)),
        ])
        #expect(upstream.subscription.history == [.requested(.max(3))])
    }

    @Test func eachSubscriberStartsFromTheInitialResult() {
        let subject = PassthroughSubject<Int, Never>()
        let scan = subject.scan(0) { $0 + $1 }
        let first = TrackingSubscriber<Int, Never>(initialDemand: .unlimited)
        scan.subscribe(first)
        subject.send(5)
        let second = TrackingSubscriber<Int, Never>(initialDemand: .unlimited)
        scan.subscribe(second)
        subject.send(1)
        #expect(first.values == [5, 6])
        #expect(second.values == [1])
    }

    @Test func tryScanFailsAndCancelsUpstreamWhenTheClosureThrows() {
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, any Error>(initialDemand: .unlimited)
        upstream.tryScan(0) { sum, value in
            if value < 0 { throw TestingError.oops }
            return sum + value
        }.subscribe(subscriber)
        upstream.send(2)
        upstream.send(-1)
        upstream.send(3)
        #expect(subscriber.values == [2])
        #expect(subscriber.completions.count == 1)
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
        #expect(subscriber.subscription.map { "\($0)" } == "TryScan")
    }
}
