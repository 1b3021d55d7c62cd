import Testing
@testable import Streams

@Suite struct SinkTests {
    @Test func requestsUnlimitedOnSubscription() {
        let publisher = TestPublisher<Int, Never>()
        let cancellable = publisher.sink { _ in }
        #expect(publisher.subscription.history == [.requested(.unlimited)])
        withExtendedLifetime(cancellable) {}
    }

    @Test func deliversValuesThenCompletion() {
        var values: [Int] = []
        var completions: [Subscribers.Completion<TestingError>] = []
        let publisher = TestPublisher<Int, TestingError>()
        let cancellable = publisher.sink(receiveCompletion: { completions.append($0) }, receiveValue: { values.append($0) })
        #expect(publisher.send(1) == .none)
        publisher.send(2)
        publisher.send(completion: .failure(.oops))
        publisher.send(3)
        publisher.send(completion: .finished)
        #expect(values == [1, 2])
        #expect(completions == [.failure(.oops)])
        withExtendedLifetime(cancellable) {}
    }

    @Test func cancelsASecondSubscriptionAndTheSameOneAgain() {
        let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
        let first = TestSubscription()
        let second = TestSubscription()
        sink.receive(subscription: first)
        sink.receive(subscription: second)
        sink.receive(subscription: first)
        #expect(first.history == [.requested(.unlimited), .cancelled])
        #expect(second.history == [.cancelled])
    }

    @Test func cancelsASubscriptionReceivedAfterCompletion() {
        let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
        sink.receive(completion: .finished)
        let late = TestSubscription()
        sink.receive(subscription: late)
        #expect(late.history == [.cancelled])
    }

    @Test func deliversAValueReceivedBeforeAnySubscription() {
        var values: [Int] = []
        let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { values.append($0) })
        _ = sink.receive(7)
        #expect(values == [7])
    }

    @Test func ignoresEverythingAfterCancel() {
        var values: [Int] = []
        var completions = 0
        let publisher = TestPublisher<Int, Never>()
        let cancellable = publisher.sink(receiveCompletion: { _ in completions += 1 }, receiveValue: { values.append($0) })
        publisher.send(1)
        cancellable.cancel()
        publisher.send(2)
        publisher.send(completion: .finished)
        #expect(values == [1])
        #expect(completions == 0)
        #expect(publisher.subscription.history == [.requested(.unlimited), .cancelled])
    }

    @Test func discardingTheCancellableCancelsAtOnce() {
        let publisher = TestPublisher<Int, Never>()
        _ = publisher.sink { _ in }
        #expect(publisher.subscription.history == [.requested(.unlimited), .cancelled])
    }

    @Test func releasesItsClosuresAfterCompletion() {
        final class Token {}
        weak var weakToken: Token?
        let publisher = TestPublisher<Int, Never>()
        var cancellable: AnyCancellable?
        do {
            let token = Token()
            weakToken = token
            cancellable = publisher.sink(receiveCompletion: { _ in _ = token }, receiveValue: { _ in _ = token })
        }
        #expect(weakToken != nil)
        publisher.send(completion: .finished)
        #expect(weakToken == nil)
        withExtendedLifetime(cancellable) {}
    }

    @Test func releasesItsClosuresAfterCancel() {
        final class Token {}
        weak var weakToken: Token?
        let subject = PassthroughSubject<Int, Never>()
        var cancellable: AnyCancellable?
        do {
            let token = Token()
            weakToken = token
            cancellable = subject.sink { _ in _ = token }
        }
        #expect(weakToken != nil)
        cancellable?.cancel()
        #expect(weakToken == nil)
    }

    @Test func cancelWithoutSubscriptionKeepsDelivering() {
        var values: [Int] = []
        let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { values.append($0) })
        sink.cancel()
        _ = sink.receive(1)
        #expect(values == [1])
    }

    @Test func sinkWithoutCompletionForNeverFailingPublishers() {
        var values: [String] = []
        let cancellable = Just("hello").sink { values.append($0) }
        #expect(values == ["hello"])
        withExtendedLifetime(cancellable) {}
    }
}
