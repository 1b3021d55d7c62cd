import Testing
@testable import Streams

@Suite struct EmptyTests {
    @Test func finishesAtOnceWithoutDemand() {
        let subscriber = TrackingSubscriber<Int, TestingError>()
        Empty<Int, TestingError>().subscribe(subscriber)
        #expect(subscriber.history == [.subscription("Empty"), .completion(.finished)])
    }

    @Test func neverCompletesWhenAskedNotTo() {
        let subscriber = TrackingSubscriber<Int, TestingError>(initialDemand: .unlimited)
        Empty<Int, TestingError>(completeImmediately: false).subscribe(subscriber)
        #expect(subscriber.history == [.subscription("Empty")])
    }

    @Test func equalityFollowsCompleteImmediately() {
        #expect(Empty<Int, Never>() == Empty(completeImmediately: true, outputType: Int.self, failureType: Never.self))
        #expect(Empty<Int, Never>() != Empty(completeImmediately: false))
    }
}
