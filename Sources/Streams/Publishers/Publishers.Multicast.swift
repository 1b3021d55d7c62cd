extension Publisher {
    /// Shares upstream through the subject `createSubject` makes, once
    /// connected. The subject is created on first use, once.
    ///
    ///     let shared = launches.multicast { PassthroughSubject<Launch, Error>() }
    ///     shared.sink { ... }.store(in: &bag)
    ///     shared.connect().store(in: &bag)
    public func multicast<S: Subject>(_ createSubject: @escaping () -> S) -> Publishers.Multicast<Self, S>
    where S.Output == Output, S.Failure == Failure {
        Publishers.Multicast(upstream: self, createSubject: createSubject)
    }

    /// Shares upstream through `subject`, once connected.
    public func multicast<S: Subject>(subject: S) -> Publishers.Multicast<Self, S>
    where S.Output == Output, S.Failure == Failure {
        Publishers.Multicast(upstream: self) { subject }
    }
}

extension Publishers {
    /// Relays upstream to every subscriber through one subject, from `connect()` on.
    ///
    /// Subscribers attach to the subject, so what they see (per-subscriber
    /// demand, no replay, late subscribers of a finished subject getting the
    /// completion) is the subject's behaviour. The subscription they receive
    /// is described as `"Multicast"`.
    public final class Multicast<Upstream: Publisher, SubjectType: Subject>: ConnectablePublisher, @unchecked Sendable
    where Upstream.Output == SubjectType.Output, Upstream.Failure == SubjectType.Failure {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let createSubject: () -> SubjectType

        private let lock = UnfairLock()
        private var madeSubject: SubjectType?

        public init(upstream: Upstream, createSubject: @escaping () -> SubjectType) {
            self.upstream = upstream
            self.createSubject = createSubject
        }

        private var subject: SubjectType {
            lock.lock()
            if let madeSubject {
                lock.unlock()
                return madeSubject
            }
            // Made under the lock so that two racing subscribers share one subject.
            let subject = createSubject()
            madeSubject = subject
            lock.unlock()
            return subject
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            subject.subscribe(Inner(downstream: subscriber))
        }

        public func connect() -> Cancellable {
            let connection = Connection(subject: subject)
            upstream.subscribe(connection)
            return connection
        }
    }
}

extension Publishers.Multicast {
    /// Passes the subject's events to one subscriber, under the name "Multicast".
    private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible
    where Downstream.Input == Output, Downstream.Failure == Failure {
        typealias Input = Output

        private let lock = UnfairLock()
        private var downstream: Downstream?
        private var upstream: Subscription?
        private var finished = false

        init(downstream: Downstream) {
            self.downstream = downstream
        }

        var description: String { "Multicast" }

        func receive(subscription: Subscription) {
            lock.lock()
            guard upstream == nil, !finished, let downstream else {
                lock.unlock()
                subscription.cancel()
                return
            }
            upstream = subscription
            lock.unlock()
            downstream.receive(subscription: self)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            lock.lock()
            guard let downstream else {
                lock.unlock()
                return .none
            }
            lock.unlock()
            return downstream.receive(input)
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard let downstream else {
                lock.unlock()
                return
            }
            self.downstream = nil
            upstream = nil
            finished = true
            lock.unlock()
            downstream.receive(completion: completion)
        }

        func request(_ demand: Subscribers.Demand) {
            lock.lock()
            let upstream = self.upstream
            lock.unlock()
            upstream?.request(demand)
        }

        func cancel() {
            lock.lock()
            let upstream = self.upstream
            self.upstream = nil
            downstream = nil
            finished = true
            lock.unlock()
            upstream?.cancel()
        }
    }

    /// Subscribes the subject to upstream; cancelling it disconnects.
    private final class Connection: Subscriber, Cancellable {
        typealias Input = Output

        private let lock = UnfairLock()
        private var subject: SubjectType?
        private var upstream: Subscription?
        private var cancelled = false

        init(subject: SubjectType) {
            self.subject = subject
        }

        func receive(subscription: Subscription) {
            lock.lock()
            guard upstream == nil, !cancelled, let subject else {
                lock.unlock()
                subscription.cancel()
                return
            }
            upstream = subscription
            lock.unlock()
            // The subject asks upstream for values once it has subscribers.
            subject.send(subscription: subscription)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            lock.lock()
            let subject = self.subject
            lock.unlock()
            subject?.send(input)
            return .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            let subject = self.subject
            self.subject = nil
            upstream = nil
            lock.unlock()
            subject?.send(completion: completion)
        }

        func cancel() {
            lock.lock()
            let upstream = self.upstream
            self.upstream = nil
            subject = nil
            cancelled = true
            lock.unlock()
            upstream?.cancel()
        }
    }
}
