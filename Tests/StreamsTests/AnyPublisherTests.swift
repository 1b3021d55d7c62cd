import Testing
@testable import Streams

@Suite struct AnyPublisherTests {
    @Test func forwardsTheSubscriberToTheWrappedPublisher() {
        let subject = PassthroughSubject<Int, TestingError>()
        let erased = subject.eraseToAnyPublisher()
        let subscriber = TrackingSubscriber<Int, TestingError>(initialDemand: .max(2))
        erased.subscribe(subscriber)
        subject.send(1)
        subject.send(2)
        subject.send(3)
        subject.send(completion: .failure(.oops))
        #expect(subscriber.history == [
            .subscription("PassthroughSubject"), .value(1), .value(2), .completion(.failure(.oops)),
        ])
    }

    @Test func erasingTwiceKeepsOneLayer() {
        let erased = Just(1).eraseToAnyPublisher()
        let again = AnyPublisher(erased)
        #expect(again.base is Just<Int>)
        #expect(erased.eraseToAnyPublisher().base is Just<Int>)
    }

    @Test func describesItself() {
        #expect(Empty<Int, Never>().eraseToAnyPublisher().description == "AnyPublisher")
    }
}
