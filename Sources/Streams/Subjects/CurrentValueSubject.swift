/// A subject that holds one value and sends it, and every change, to its
/// subscribers.
///
/// As in Combine (each of these is asserted by OpenCombine's tests):
/// - A subscriber receives the current value on its **first request**, not on
///   subscribe, synchronously inside `request`.
/// - Each `send` and each `value =` emits, equal values included.
/// - A subscriber that had no demand when a value came receives the
///   **current** value on its next request: the latest value is kept for it.
/// - After a completion, `send(_:)` is ignored and does not change `value`,
///   but `value = x` does change it, without emitting (**QUIRK**).
/// - A subscriber that arrives after the completion gets `Subscriptions.empty`
///   and the completion.
/// - `send(subscription:)` requests `.unlimited` at once, even with no
///   subscribers (unlike `PassthroughSubject`).
public final class CurrentValueSubject<Output, Failure: Error>: Subject, @unchecked Sendable {
    private let lock = UnfairLock()
    // Guarded by `lock`.
    private var currentValue: Output
    private var active = true
    private var completion: Subscribers.Completion<Failure>?
    private var downstreams = ConduitList<Conduit>.empty
    private var upstreamSubscriptions: [Subscription] = []
    /// `@Published`'s subject: it tells subscribers before it stores the
    /// value (Combine's `willSet`), and names its subscriptions "PublishedSubject".
    private let isPublishedProperty: Bool

    /// The current value. Setting it sends it to subscribers (unless the
    /// subject has completed, in which case it only changes the value).
    public var value: Output {
        get { lock.withLock { currentValue } }
        set {
            lock.lock()
            currentValue = newValue
            let downstreams = active ? self.downstreams : .empty
            lock.unlock()
            downstreams.forEach { $0.offer(newValue) }
        }
    }

    public init(_ value: Output) {
        currentValue = value
        isPublishedProperty = false
    }

    /// The subject behind a `@Published` property.
    init(publishedValue value: Output) {
        currentValue = value
        isPublishedProperty = true
    }

    deinit {
        for subscription in upstreamSubscriptions {
            subscription.cancel()
        }
    }

    public func send(subscription: Subscription) {
        lock.withLock { upstreamSubscriptions.append(subscription) }
        subscription.request(.unlimited)
    }

    public func send(_ input: Output) {
        lock.lock()
        guard active else {
            lock.unlock()
            return
        }
        if isPublishedProperty {
            // willSet: a subscriber reading the property while it is told sees the old value.
            let downstreams = self.downstreams
            lock.unlock()
            downstreams.forEach { $0.offer(input) }
            lock.withLock { currentValue = input }
            return
        }
        currentValue = input
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

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        lock.lock()
        if !active, let completion {
            lock.unlock()
            subscriber.receive(subscription: Subscriptions.empty)
            subscriber.receive(completion: completion)
            return
        }
        let conduit = Conduit(parent: self, downstream: subscriber)
        conduit.downstreamLock.lock()
        downstreams.insert(conduit)
        lock.unlock()
        subscriber.receive(subscription: conduit)
        conduit.downstreamLock.unlock()
    }

    private func disassociate(_ conduit: Conduit) {
        lock.withLock { downstreams.remove(ObjectIdentifier(conduit)) }
    }

    private var currentValueIfActive: Output? {
        lock.withLock { active ? currentValue : nil }
    }
}

extension CurrentValueSubject {
    private final class Conduit: Subscription, CustomStringConvertible, @unchecked Sendable {
        private let lock = UnfairLock()
        let downstreamLock = RecursiveLock()
        // Guarded by `lock`.
        private var parent: CurrentValueSubject?
        private var receiveValue: ((Output) -> Subscribers.Demand)?
        private var receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)?
        private var demand = Subscribers.Demand.none
        /// Whether the subscriber has the latest value; if not, its next request delivers it.
        private var deliveredCurrentValue = false
        let description: String

        init<Downstream: Subscriber>(parent: CurrentValueSubject, downstream: Downstream)
            where Downstream.Input == Output, Downstream.Failure == Failure
        {
            self.parent = parent
            description = parent.isPublishedProperty ? "PublishedSubject" : "CurrentValueSubject"
            receiveValue = { downstream.receive($0) }
            receiveCompletion = { downstream.receive(completion: $0) }
        }

        func offer(_ output: Output) {
            lock.lock()
            guard let receiveValue else {
                lock.unlock()
                return
            }
            guard demand > 0 else {
                deliveredCurrentValue = false
                lock.unlock()
                return
            }
            demand -= 1
            deliveredCurrentValue = true
            lock.unlock()
            deliver(output, to: receiveValue)
        }

        private func deliver(_ output: Output, to receiveValue: (Output) -> Subscribers.Demand) {
            downstreamLock.lock()
            let more = receiveValue(output)
            downstreamLock.unlock()
            guard more > 0 else { return }
            lock.withLock {
                if self.receiveValue != nil { demand += more }
            }
        }

        func finish(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard let receiveCompletion else {
                lock.unlock()
                return
            }
            let released = (receiveValue, parent)
            self.receiveCompletion = nil
            receiveValue = nil
            parent = nil
            lock.unlock()
            withExtendedLifetime(released) {}
            downstreamLock.lock()
            receiveCompletion(completion)
            downstreamLock.unlock()
        }

        func request(_ demand: Subscribers.Demand) {
            demand.assertNonZero()
            lock.lock()
            guard let receiveValue, let parent else {
                lock.unlock()
                return
            }
            self.demand += demand
            guard !deliveredCurrentValue else {
                lock.unlock()
                return
            }
            deliveredCurrentValue = true
            self.demand -= 1
            lock.unlock()
            guard let current = parent.currentValueIfActive else { return }
            deliver(current, to: receiveValue)
        }

        func cancel() {
            lock.lock()
            guard receiveValue != nil else {
                lock.unlock()
                return
            }
            let released = (receiveValue, receiveCompletion)
            receiveValue = nil
            receiveCompletion = nil
            let parent = self.parent
            self.parent = nil
            lock.unlock()
            withExtendedLifetime(released) {}
            parent?.disassociate(self)
        }
    }
}
