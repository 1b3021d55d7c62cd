import Testing
@testable import Streams

@Suite struct CollectTests {
    @Test func collectsEverythingIntoOneArrayAtTheEnd() {
        let upstream = TestPublisher<Int, TestingError>()
        let subscriber = TrackingSubscriber<[Int], TestingError>(initialDemand: .max(1))
        upstream.collect().subscribe(subscriber)
        #expect(upstream.subscription.history == [.requested(.unlimited)])
        upstream.send(1)
        upstream.send(2)
        #expect(subscriber.values.isEmpty)
        upstream.send(completion: .finished)
        #expect(subscriber.history == [.subscription("Collect"), .value([1, 2]), .completion(.finished)])
    }

    @Test func waitsForDemandBeforeSendingTheArray() {
        let subscriber = TrackingSubscriber<[Int], Never>()
        Just(7).collect().subscribe(subscriber)
        #expect(subscriber.history == [.subscription("Collect")])
        subscriber.request(.max(1))
        #expect(subscriber.values == [[7]])
    }

    @Test func emptyUpstreamGivesAnEmptyArray() {
        let subscriber = TrackingSubscriber<[Int], Never>(initialDemand: .unlimited)
        Empty<Int, Never>().collect().subscribe(subscriber)
        #expect(subscriber.values == [[]])
    }

    @Test func failureDropsTheCollectedValues() {
        let upstream = TestPublisher<Int, TestingError>()
        let subscriber = TrackingSubscriber<[Int], TestingError>(initialDemand: .unlimited)
        upstream.collect().subscribe(subscriber)
        upstream.send(1)
        upstream.send(completion: .failure(.oops))
        #expect(subscriber.history == [.subscription("Collect"), .completion(.failure(.oops))])
    }

    @Test func collectByCountSendsFullArraysThenTheRest() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TrackingSubscriber<[Int], Never>(initialDemand: .unlimited)
        subject.collect(2).subscribe(subscriber)
        for value in 1...5 { subject.send(value) }
        subject.send(completion: .finished)
        #expect(subscriber.history == [
            .subscription("CollectByCount"), .value([1, 2]), .value([3, 4]), .value([5]), .completion(.finished),
        ])
    }

    @Test func collectByCountMultipliesDemandUpstream() {
        let upstream = TestPublisher<Int, TestingError>()
        let subscriber = TrackingSubscriber<[Int], TestingError>(initialDemand: .max(2), receiveValueDemand: .max(1))
        upstream.collect(3).subscribe(subscriber)
        #expect(upstream.subscription.history == [.requested(.max(6))])
        #expect(upstream.send(1) == .none)
        upstream.send(2)
        #expect(upstream.send(3) == .max(3))
        upstream.send(4)
        upstream.send(completion: .failure(.oops))
        #expect(subscriber.history == [
            .subscription("CollectByCount"), .value([1, 2, 3]), .completion(.failure(.oops)),
        ])
    }
}
