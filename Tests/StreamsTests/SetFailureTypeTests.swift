import Testing
@testable import Streams

@Suite struct SetFailureTypeTests {
    @Test func passesValuesAndFinishedWithTheNewType() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TrackingSubscriber<Int, TestingError>(initialDemand: .max(1))
        subject.setFailureType(to: TestingError.self).subscribe(subscriber)
        subject.send(1)
        subject.send(2)
        subject.send(completion: .finished)
        #expect(subscriber.history == [.subscription("PassthroughSubject"), .value(1), .completion(.finished)])
    }

    @Test func settingAgainOnlyChangesTheType() {
        let typed: Publishers.SetFailureType<Just<Int>, any Error> = Just(1)
            .setFailureType(to: TestingError.self)
            .setFailureType(to: (any Error).self)
        let subscriber = TrackingSubscriber<Int, any Error>(initialDemand: .unlimited)
        typed.subscribe(subscriber)
        #expect(subscriber.values == [1])
    }
}
