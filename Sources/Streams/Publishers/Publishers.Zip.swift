extension Publisher {
    /// Pairs the n-th value of this publisher with the n-th value of `other`.
    ///
    ///     ids.zip(names)   // (1, "a"), (2, "b"), ...
    public func zip<P: Publisher>(_ other: P) -> Publishers.Zip<Self, P> where P.Failure == Failure {
        Publishers.Zip(self, other)
    }

    /// Publishes `transform` of each pair of values of this publisher and `other`.
    public func zip<P: Publisher, T>(
        _ other: P,
        _ transform: @escaping (Output, P.Output) -> T
    ) -> Publishers.Map<Publishers.Zip<Self, P>, T> where P.Failure == Failure {
        Publishers.Zip(self, other).map(transform)
    }

    /// Groups the n-th values of this publisher, `p` and `q`.
    public func zip<P: Publisher, Q: Publisher>(
        _ p: P,
        _ q: Q
    ) -> Publishers.Zip3<Self, P, Q> where P.Failure == Failure, Q.Failure == Failure {
        Publishers.Zip3(self, p, q)
    }

    /// Publishes `transform` of the n-th values of this publisher, `p` and `q`.
    public func zip<P: Publisher, Q: Publisher, T>(
        _ p: P,
        _ q: Q,
        _ transform: @escaping (Output, P.Output, Q.Output) -> T
    ) -> Publishers.Map<Publishers.Zip3<Self, P, Q>, T> where P.Failure == Failure, Q.Failure == Failure {
        Publishers.Zip3(self, p, q).map(transform)
    }

    /// Groups the n-th values of this publisher, `p`, `q` and `r`.
    public func zip<P: Publisher, Q: Publisher, R: Publisher>(
        _ p: P,
        _ q: Q,
        _ r: R
    ) -> Publishers.Zip4<Self, P, Q, R> where P.Failure == Failure, Q.Failure == Failure, R.Failure == Failure {
        Publishers.Zip4(self, p, q, r)
    }

    /// Publishes `transform` of the n-th values of this publisher, `p`, `q` and `r`.
    public func zip<P: Publisher, Q: Publisher, R: Publisher, T>(
        _ p: P,
        _ q: Q,
        _ r: R,
        _ transform: @escaping (Output, P.Output, Q.Output, R.Output) -> T
    ) -> Publishers.Map<Publishers.Zip4<Self, P, Q, R>, T>
    where P.Failure == Failure, Q.Failure == Failure, R.Failure == Failure {
        Publishers.Zip4(self, p, q, r).map(transform)
    }
}

extension Publishers {
    /// Pairs the values of two publishers in order.
    ///
    /// As in Combine: every upstream is subscribed first, and downstream gets
    /// its subscription when the last upstream's has arrived. Requests go to
    /// every upstream; values queue until each upstream has one, and the
    /// upstream that completed a tuple gets downstream's demand back. An
    /// upstream finishing with nothing queued finishes the zip at once, then
    /// the others are cancelled; queued values still pair up first. A failure
    /// is sent at once, then every upstream is cancelled.
    /// Like Combine, a tuple is not held back for lack of demand: the
    /// upstreams are trusted to honour the demand passed to them.
    public struct Zip<A: Publisher, B: Publisher>: Publisher where A.Failure == B.Failure {
        public typealias Output = (A.Output, B.Output)
        public typealias Failure = A.Failure

        public let a: A
        public let b: B

        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let combining = CombiningSubscription(downstream: subscriber, mode: .zip, arity: 2, description: "Zip") { row in
                (row[0] as! A.Output, row[1] as! B.Output)
            }
            combining.start { combining in
                a.subscribe(combining.child(0, of: A.Output.self))
                b.subscribe(combining.child(1, of: B.Output.self))
            }
        }
    }

    /// Groups the values of three publishers in order; see `Zip`.
    public struct Zip3<A: Publisher, B: Publisher, C: Publisher>: Publisher
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
            let combining = CombiningSubscription(downstream: subscriber, mode: .zip, arity: 3, description: "Zip") { row in
                (row[0] as! A.Output, row[1] as! B.Output, row[2] as! C.Output)
            }
            combining.start { combining in
                a.subscribe(combining.child(0, of: A.Output.self))
                b.subscribe(combining.child(1, of: B.Output.self))
                c.subscribe(combining.child(2, of: C.Output.self))
            }
        }
    }

    /// Groups the values of four publishers in order; see `Zip`.
    public struct Zip4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher
    where A.Failure == B.Failure, B.Failure == C.Failure, C.Failure == D.Failure {
        public typealias Output = (A.Output, B.Output, C.Output, D.Output)
        public typealias Failure = A.Failure

        public let a: A
        public let b: B
        public let c: C
        public let d: D

        public init(_ a: A, _ b: B, _ c: C, _ d: D) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let combining = CombiningSubscription(downstream: subscriber, mode: .zip, arity: 4, description: "Zip") { row in
                (row[0] as! A.Output, row[1] as! B.Output, row[2] as! C.Output, row[3] as! D.Output)
            }
            combining.start { combining in
                a.subscribe(combining.child(0, of: A.Output.self))
                b.subscribe(combining.child(1, of: B.Output.self))
                c.subscribe(combining.child(2, of: C.Output.self))
                d.subscribe(combining.child(3, of: D.Output.self))
            }
        }
    }
}
