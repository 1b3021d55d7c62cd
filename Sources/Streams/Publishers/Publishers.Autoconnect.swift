extension Publishers {
    /// Connects its connectable upstream when the first subscriber arrives, and
    /// cancels that connection when the last subscriber cancels.
    ///
    /// As in Combine: reference counted; a completion does not decrement the
    /// count, and a subscriber arriving after the count went back to zero
    /// connects again. The subscription downstream receives is upstream's own
    /// description (so `share()` subscribers see `"Multicast"`).
    public final class Autoconnect<Upstream: ConnectablePublisher>: Publisher, @unchecked Sendable {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream

        private let lock = UnfairLock()
        private var subscriberCount = 0
        private var connection: Cancellable?
        /// Bumped by each connect, so a connection made after the count fell to zero is cancelled.
        private var connectionGeneration: UInt64 = 0

        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            lock.lock()
            subscriberCount += 1
            let shouldConnect = subscriberCount == 1
            if shouldConnect { connectionGeneration &+= 1 }
            let generation = connectionGeneration
            lock.unlock()

            upstream.subscribe(Inner(parent: self, downstream: subscriber))
            guard shouldConnect else { return }
            let newConnection = upstream.connect()
            lock.lock()
            if connectionGeneration == generation, subscriberCount > 0 {
                connection = newConnection
                lock.unlock()
            } else {
                lock.unlock()
                newConnection.cancel()
            }
        }

        fileprivate func subscriberCancelled() {
            lock.lock()
            subscriberCount -= 1
            guard subscriberCount == 0 else {
                lock.unlock()
                return
            }
            let connection = self.connection
            self.connection = nil
            connectionGeneration &+= 1
            lock.unlock()
            connection?.cancel()
        }
    }
}

extension Publishers.Autoconnect {
    /// Counts one subscriber: its first `cancel()` releases its share of the connection.
    private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible
    where Downstream.Input == Output, Downstream.Failure == Failure {
        typealias Input = Output

        private let lock = UnfairLock()
        private var parent: Publishers.Autoconnect<Upstream>?
        private var downstream: Downstream?
        private var upstream: Subscription?

        init(parent: Publishers.Autoconnect<Upstream>, downstream: Downstream) {
            self.parent = parent
            self.downstream = downstream
        }

        var description: String {
            lock.lock()
            defer { lock.unlock() }
            return upstream.map { String(describing: $0) } ?? "Autoconnect"
        }

        func receive(subscription: Subscription) {
            lock.lock()
            guard upstream == nil, let downstream else {
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
            // The count stays: only a cancel gives back a share of the connection.
            self.downstream = nil
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
            guard let parent else {
                lock.unlock()
                return
            }
            self.parent = nil
            let upstream = self.upstream
            self.upstream = nil
            downstream = nil
            lock.unlock()
            upstream?.cancel()
            parent.subscriberCancelled()
        }
    }
}
