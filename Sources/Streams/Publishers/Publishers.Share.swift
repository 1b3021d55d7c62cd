extension Publisher {
    /// Shares one subscription to upstream among all subscribers.
    ///
    /// The first subscriber connects; when the last one cancels, upstream is
    /// cancelled, and the next subscriber connects again. Nothing is replayed:
    /// a late subscriber sees only later values (or the completion, if
    /// upstream already completed).
    ///
    ///     let launches = service.launches().share()
    ///     launches.sink { list in ... }.store(in: &bag)
    ///     launches.map(\.count).sink { count in ... }.store(in: &bag)
    public func share() -> Publishers.Share<Self> {
        Publishers.Share(upstream: self)
    }
}

extension Publishers {
    /// `multicast(subject: PassthroughSubject()).autoconnect()`, as in Combine.
    ///
    /// A class: two `share()` publishers are equal only if they are the same
    /// instance. Demand is per subscriber, with no buffering and no replay; the
    /// subscription subscribers receive is described as `"Multicast"`.
    public final class Share<Upstream: Publisher>: Publisher, Equatable, @unchecked Sendable {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        private let shared: Autoconnect<Multicast<Upstream, PassthroughSubject<Output, Failure>>>

        public init(upstream: Upstream) {
            self.upstream = upstream
            shared = Multicast(upstream: upstream) { PassthroughSubject<Output, Failure>() }.autoconnect()
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            shared.subscribe(subscriber)
        }

        public static func == (lhs: Share, rhs: Share) -> Bool { lhs === rhs }
    }
}
