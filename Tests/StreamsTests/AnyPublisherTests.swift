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

    @Test func erasingTwiceKeepsOneBox() {
        let erased = Just(1).eraseToAnyPublisher()
        let again = AnyPublisher(erased)
        #expect(erased.box === again.box)
        #expect(erased.eraseToAnyPublisher().box === erased.box)
    }

    @Test func describesItself() {
        #expect(Empty<Int, Never>().eraseToAnyPublisher().description == "AnyPublisher")
    }
}
