import Testing
@testable import Streams

private final class Target {
    var value = 0
}

@Suite struct AssignTests {
    @Test func assignsEachValueAndRequestsUnlimited() {
        let target = Target()
        let upstream = TestPublisher<Int, Never>()
        let cancellable = upstream.assign(to: \.value, on: target)
        #expect(upstream.subscription.history == [.requested(.unlimited)])
        upstream.send(3)
        #expect(target.value == 3)
        upstream.send(4)
        #expect(target.value == 4)
        withExtendedLifetime(cancellable) {}
    }

    // Combine's name, "Assign <Root>.", whether or not the object is still held.
    @Test func itsDescriptionNamesTheRootTypeAsCombineDoes() {
        let upstream = TestPublisher<Int, Never>()
        let assign = Subscribers.Assign(object: Target(), keyPath: \Target.value)
        #expect(assign.description == "Assign Target.")
        upstream.subscribe(assign)
        upstream.send(completion: .finished)
        #expect(assign.object == nil)
        #expect(assign.description == "Assign Target.")
    }

    @Test func aValueBeforeAnySubscriptionIsNotAssigned() {
        let target = Target()
        let assign = Subscribers.Assign(object: target, keyPath: \Target.value)
        _ = assign.receive(9)
        #expect(target.value == 0)
    }

    @Test func releasesTheObjectOnCompletionAndCancelsLaterSubscriptions() {
        weak var weakTarget: Target?
        let upstream = TestPublisher<Int, Never>()
        var assign: Subscribers.Assign<Target, Int>?
        do {
            let target = Target()
            weakTarget = target
            assign = Subscribers.Assign(object: target, keyPath: \.value)
        }
        upstream.subscribe(assign!)
        upstream.send(completion: .finished)
        #expect(weakTarget == nil)
        let late = TestSubscription()
        assign?.receive(subscription: late)
        #expect(late.history == [.cancelled])
        assign?.cancel()
        #expect(upstream.subscription.history == [.requested(.unlimited)])
    }

    @Test func cancelReleasesTheObjectAndCancelsUpstream() {
        weak var weakTarget: Target?
        let subject = PassthroughSubject<Int, Never>()
        var cancellable: AnyCancellable?
        do {
            let target = Target()
            weakTarget = target
            cancellable = subject.assign(to: \.value, on: target)
        }
        subject.send(1)
        #expect(weakTarget?.value == 1)
        cancellable?.cancel()
        #expect(weakTarget == nil)
    }
}
