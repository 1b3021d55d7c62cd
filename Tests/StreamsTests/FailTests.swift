import Testing
@testable import Streams

@Suite struct FailTests {
    @Test func failsAtOnceWithoutDemand() {
        let subscriber = TrackingSubscriber<Int, TestingError>()
        Fail<Int, TestingError>(error: .oops).subscribe(subscriber)
        #expect(subscriber.history == [.subscription("Empty"), .completion(.failure(.oops))])
    }

    @Test func equalityFollowsTheError() {
        #expect(Fail<Int, TestingError>(error: .oops) == Fail(outputType: Int.self, failure: TestingError.oops))
        #expect(Fail<Int, TestingError>(error: .oops) != Fail(error: .other))
    }
}
