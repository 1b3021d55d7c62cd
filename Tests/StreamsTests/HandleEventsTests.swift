import Testing
@testable import Streams

@Suite struct HandleEventsTests {
    @Test func callsEachClosureBeforePassingTheEventOn() {
        var log: [String] = []
        let upstream = TestPublisher<Int, TestingError>()
        let subscriber = TrackingSubscriber<Int, TestingError>(initialDemand: .max(2), receiveValueDemand: .max(1))
        upstream.handleEvents(
            receiveSubscription: { _ in log.append("subscription") },
            receiveOutput: { log.append("output \($0)") },
            receiveCompletion: { _ in log.append("completion") },
            receiveCancel: { log.append("cancel") },
            receiveRequest: { log.append("request \($0)") }
        ).subscribe(subscriber)
        upstream.send(1)
        upstream.send(completion: .failure(.oops))
        #expect(log == ["subscription", "request max(2)", "output 1", "request max(1)", "completion"])
        #expect(subscriber.history == [.subscription("HandleEvents"), .value(1), .completion(.failure(.oops))])
    }

    // Combine passes `request(.none)` through instead of trapping
    // (OpenCombine's HandleEventsTests.testBasicBehavior).
    @Test func aRequestForNoneIsPassedToTheHandlerAndUpstream() {
        var log: [String] = []
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        upstream.handleEvents(receiveRequest: { log.append("request \($0)") }).subscribe(subscriber)
        subscriber.request(.max(14))
        subscriber.request(.none)
        #expect(upstream.send(0) == .none)
        #expect(log == ["request max(14)", "request max(0)"])
        #expect(upstream.subscription.history == [.requested(.max(14)), .requested(.none)])
        #expect(subscriber.history == [.subscription("HandleEvents"), .value(0)])
    }

    @Test func cancelCallsReceiveCancelAndCancelsUpstream() {
        var cancels = 0
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        upstream.handleEvents(receiveCancel: { cancels += 1 }).subscribe(subscriber)
        subscriber.cancel()
        subscriber.cancel()
        #expect(cancels == 1)
        #expect(upstream.subscription.history == [.cancelled])
    }

    @Test func releasesTheClosuresWhenTheSubscriptionEnds() {
        final class Token {}
        weak var weakToken: Token?
        let subject = PassthroughSubject<Int, Never>()
        var cancellable: AnyCancellable?
        do {
            let token = Token()
            weakToken = token
            cancellable = subject.handleEvents(receiveOutput: { _ in _ = token }).sink { _ in }
        }
        subject.send(1)
        #expect(weakToken != nil)
        subject.send(completion: .finished)
        #expect(weakToken == nil)
        withExtendedLifetime(cancellable) {}
    }
}
