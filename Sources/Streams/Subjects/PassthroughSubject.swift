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
    private let lock = UnfairLock()
    private var active = true
    private var completion: Subscribers.Completion<Failure>?
    private var downstreams = ConduitList<Output, Failure>.empty
    private var upstreamSubscriptions: [Subscription] = []
    private var hasAnyDownstreamDemand = false

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

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        lock.lock()
        if !active, let completion {
            lock.unlock()
            subscriber.receive(subscription: Subscriptions.empty)
            subscriber.receive(completion: completion)
            return
        }
        let conduit = Conduit(parent: self, downstream: subscriber)
        // Held until the subscriber has its subscription, so that a completion
        // sent meanwhile from another thread cannot overtake it.
        conduit.downstreamLock.lock()
        downstreams.insert(conduit)
        lock.unlock()
        subscriber.receive(subscription: conduit)
        conduit.downstreamLock.unlock()
    }

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

    private func acknowledgeDownstreamDemand() {
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

    private func disassociate(_ conduit: ConduitBase<Output, Failure>) {
        lock.lock()
        downstreams.remove(conduit)
        lock.unlock()
    }
}

extension PassthroughSubject {
    private final class Conduit<Downstream: Subscriber>: ConduitBase<Output, Failure>,
        CustomStringConvertible, CustomReflectable, @unchecked Sendable
        where Downstream.Input == Output, Downstream.Failure == Failure
    {
        private let lock = UnfairLock()
        /// Serialises calls into the subscriber; recursive so it may send back.
        let downstreamLock = RecursiveLock()
        private var parent: PassthroughSubject?
        private var downstream: Downstream?
        private var demand = Subscribers.Demand.none

        init(parent: PassthroughSubject, downstream: Downstream) {
            self.parent = parent
            self.downstream = downstream
        }

        var description: String { "PassthroughSubject" }
        var customMirror: Mirror {
            lock.lock()
            defer { lock.unlock() }
            return Mirror(self, children: ["parent": parent as Any, "downstream": downstream as Any, "demand": demand])
        }

        override func offer(_ output: Output) {
            lock.lock()
            guard demand > 0, let downstream else {
                lock.unlock()
                return
            }
            if demand != .unlimited {
                demand -= 1
            }
            lock.unlock()
            downstreamLock.lock()
            let newDemand = downstream.receive(output)
            downstreamLock.unlock()
            guard newDemand > 0 else { return }
            lock.lock()
            if self.downstream != nil {
                demand += newDemand
            }
            lock.unlock()
        }

        override func finish(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard let downstream else {
                lock.unlock()
                return
            }
            self.downstream = nil
            let parent = self.parent
            self.parent = nil
            lock.unlock()
            withExtendedLifetime(parent) {}
            downstreamLock.lock()
            downstream.receive(completion: completion)
            downstreamLock.unlock()
        }

        override func request(_ demand: Subscribers.Demand) {
            demand.assertNonZero()
            lock.lock()
            guard downstream != nil else {
                lock.unlock()
                return
            }
            self.demand += demand
            let parent = self.parent
            lock.unlock()
            parent?.acknowledgeDownstreamDemand()
        }

        override func cancel() {
            lock.lock()
            guard downstream != nil else {
                lock.unlock()
                return
            }
            let released = downstream
            downstream = nil
            let parent = self.parent
            self.parent = nil
            lock.unlock()
            withExtendedLifetime(released) {}
            parent?.disassociate(self)
        }
    }
}
