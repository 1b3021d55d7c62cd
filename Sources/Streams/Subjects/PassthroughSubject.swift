/// A subject that broadcasts values to its current subscribers.
///
/// Demand is per subscriber and nothing is buffered: a value sent while a
/// subscriber has no outstanding demand is lost to that subscriber.
/// `send` after a completion is ignored, and so is a second completion. A
/// subscriber that arrives after the completion receives `Subscriptions.empty`
/// followed by that completion.
///
/// Thread-safe: `send` may be called from several threads at once. Each
/// subscriber still receives its values one at a time, and a subscriber may
/// send into the same subject from its `receive(_:)` (no lock is held while
/// calling out, except the per-subscriber recursive delivery lock).
public final class PassthroughSubject<Output, Failure: Error>: Subject, @unchecked Sendable {
    @usableFromInline let lock = UnfairLock()
    // Guarded by `lock`.
    @usableFromInline @exclusivity(unchecked) var active = true
    @usableFromInline @exclusivity(unchecked) var completion: Subscribers.Completion<Failure>?
    @usableFromInline @exclusivity(unchecked) var downstreams = ConduitList<SubjectConduit<Output, Failure>>.empty
    @usableFromInline @exclusivity(unchecked) var upstreamSubscriptions: [Subscription] = []
    @usableFromInline @exclusivity(unchecked) var hasAnyDownstreamDemand = false

    public init() {}

    deinit {
        for subscription in upstreamSubscriptions {
            subscription.cancel()
        }
    }

    public func send(subscription: Subscription) {
        lock.lock()
        upstreamSubscriptions.append(subscription)
        let requestNow = hasAnyDownstreamDemand
        lock.unlock()
        if requestNow {
            subscription.request(.unlimited)
        }
    }

    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        lock.lock()
        if !active, let completion {
            lock.unlock()
            subscriber.receive(subscription: Subscriptions.empty)
            subscriber.receive(completion: completion)
            return
        }
        let conduit = SubjectConduit(parent: self, downstream: subscriber, name: "PassthroughSubject")
        // Held until the subscriber has its subscription, so that a completion
        // sent meanwhile from another thread cannot overtake it.
        conduit.downstreamLock.lock()
        downstreams.insert(conduit)
        lock.unlock()
        subscriber.receive(subscription: conduit)
        conduit.downstreamLock.unlock()
    }

    @inlinable
    public func send(_ input: Output) {
        lock.lock()
        guard active else {
            lock.unlock()
            return
        }
        let downstreams = self.downstreams
        lock.unlock()
        downstreams.forEach { $0.offer(input) }
    }

    public func send(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard active else {
            lock.unlock()
            return
        }
        active = false
        self.completion = completion
        let downstreams = self.downstreams
        self.downstreams = .empty
        lock.unlock()
        downstreams.forEach { $0.finish(completion: completion) }
    }
}

extension PassthroughSubject: ConduitParent {
    @usableFromInline
    func conduitDidRequest() {
        lock.lock()
        if hasAnyDownstreamDemand {
            lock.unlock()
            return
        }
        hasAnyDownstreamDemand = true
        let upstreamSubscriptions = self.upstreamSubscriptions
        lock.unlock()
        for subscription in upstreamSubscriptions {
            subscription.request(.unlimited)
        }
    }

    @usableFromInline
    func conduitDidCancel(_ conduit: ObjectIdentifier) {
        lock.lock()
        downstreams.remove(conduit)
        lock.unlock()
    }
}
