extension Publisher {
    /// Publishes a tuple of the latest value of this publisher and `other`
    /// whenever either sends one, once both have sent at least one.
    ///
    ///     weather.combineLatest(settings)   // re-render when either changes
    ///
    /// It finishes when both have finished and fails as soon as one fails.
    public func combineLatest<P: Publisher>(_ other: P) -> Publishers.CombineLatest<Self, P> where P.Failure == Failure {
        Publishers.CombineLatest(self, other)
    }

    /// Publishes `transform` of the latest values of this publisher and `other`.
    public func combineLatest<P: Publisher, T>(
        _ other: P,
        _ transform: @escaping (Output, P.Output) -> T
    ) -> Publishers.Map<Publishers.CombineLatest<Self, P>, T> where P.Failure == Failure {
        Publishers.CombineLatest(self, other).map(transform)
    }

    /// Publishes a tuple of the latest values of this publisher, `p` and `q`.
    public func combineLatest<P: Publisher, Q: Publisher>(
        _ p: P,
        _ q: Q
    ) -> Publishers.CombineLatest3<Self, P, Q> where P.Failure == Failure, Q.Failure == Failure {
        Publishers.CombineLatest3(self, p, q)
    }

    /// Publishes `transform` of the latest values of this publisher, `p` and `q`.
    public func combineLatest<P: Publisher, Q: Publisher, T>(
        _ p: P,
        _ q: Q,
        _ transform: @escaping (Output, P.Output, Q.Output) -> T
    ) -> Publishers.Map<Publishers.CombineLatest3<Self, P, Q>, T> where P.Failure == Failure, Q.Failure == Failure {
        Publishers.CombineLatest3(self, p, q).map(transform)
    }
}

extension Publishers {
    /// The latest values of two publishers, as a tuple, whenever either sends one.
    ///
    /// Apple's documented behaviour (OpenCombine 0.14 has no combineLatest):
    /// nothing is sent until both have sent a value; it finishes when both
    /// have finished (never, if one keeps running) and fails as soon as either
    /// fails, cancelling the other. Demand: downstream requests go to both
    /// upstreams; a change that arrives without downstream demand is not lost
    /// but coalesced, so the next request gets the latest combination.
    public struct CombineLatest<A: Publisher, B: Publisher>: Publisher where A.Failure == B.Failure {
        public typealias Output = (A.Output, B.Output)
        public typealias Failure = A.Failure

        public let a: A
        public let b: B

        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let combining = CombiningSubscription(
                downstream: subscriber, mode: .combineLatest, arity: 2, description: "CombineLatest"
            ) { row in (row[0] as! A.Output, row[1] as! B.Output) }
            combining.start { combining in
                a.subscribe(combining.child(0, of: A.Output.self))
                b.subscribe(combining.child(1, of: B.Output.self))
            }
        }
    }

    /// The latest values of three publishers, as a tuple; see `CombineLatest`.
    public struct CombineLatest3<A: Publisher, B: Publisher, C: Publisher>: Publisher
    where A.Failure == B.Failure, B.Failure == C.Failure {
        public typealias Output = (A.Output, B.Output, C.Output)
        public typealias Failure = A.Failure

        public let a: A
        public let b: B
        public let c: C

        public init(_ a: A, _ b: B, _ c: C) {
            self.a = a
            self.b = b
            self.c = c
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let combining = CombiningSubscription(
                downstream: subscriber, mode: .combineLatest, arity: 3, description: "CombineLatest"
            ) { row in (row[0] as! A.Output, row[1] as! B.Output, row[2] as! C.Output) }
            combining.start { combining in
                a.subscribe(combining.child(0, of: A.Output.self))
                b.subscribe(combining.child(1, of: B.Output.self))
                c.subscribe(combining.child(2, of: C.Output.self))
            }
        }
    }
}
