import Testing
@testable import Streams

@Suite struct MapErrorTests {
    struct Wrapped: Error, Equatable { let inner: TestingError }

    @Test func convertsTheFailureAndPassesEverythingElse() {
        let upstream = TestPublisher<Int, TestingError>()
        let subscriber = TrackingSubscriber<Int, Wrapped>(initialDemand: .max(1), receiveValueDemand: .max(2))
        upstream.mapError { Wrapped(inner: $0) }.subscribe(subscriber)
        #expect(upstream.send(1) == .max(2))
        upstream.send(completion: .failure(.oops))
        #expect(subscriber.history == [
            .subscription("TestSubscription"), .value(1), .completion(.failure(Wrapped(inner: .oops))),
        ])
    }

    @Test func finishedStaysFinished() {
        let subscriber = TrackingSubscriber<Int, Wrapped>(initialDemand: .unlimited)
        Just(1).setFailureType(to: TestingError.self).mapError { Wrapped(inner: $0) }.subscribe(subscriber)
        #expect(subscriber.values == [1])
        #expect(subscriber.completions == [.finished])
    }
}
