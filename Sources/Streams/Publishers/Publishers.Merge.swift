extension Publisher {
    /// Republishes the values of this publisher and `other` as they arrive.
    ///
    ///     marsUpdates.merge(with: launchUpdates)
    ///
    /// The result finishes when both have finished, and fails as soon as one fails.
    public func merge<P: Publisher>(with other: P) -> Publishers.Merge<Self, P>
    where P.Output == Output, P.Failure == Failure {
        Publishers.Merge(self, other)
    }

    /// Republishes the values of this publisher, `b` and `c` as they arrive.
    public func merge<B: Publisher, C: Publisher>(with b: B, _ c: C) -> Publishers.Merge3<Self, B, C>
    where B.Output == Output, B.Failure == Failure, C.Output == Output, C.Failure == Failure {
        Publishers.Merge3(self, b, c)
    }
}

extension Publishers {
    /// Republishes the values of two publishers as they arrive.
    ///
    /// Apple's documented behaviour: values are interleaved in arrival order;
    /// it finishes once both upstreams have finished, and a failure from either
    /// cancels the other and is sent at once. Demand follows `MergingSubscription`:
    /// under limited demand each upstream is asked for one value at a time.
    public struct Merge<A: Publisher, B: Publisher>: Publisher
    where A.Output == B.Output, A.Failure == B.Failure {
        public typealias Output = A.Output
        public typealias Failure = A.Failure

        public let a: A
        public let b: B

        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let merging = MergingSubscription(downstream: subscriber, description: "Merge", moreChildrenExpected: true)
            let childA = merging.makeChild()
            let childB = merging.makeChild()
            merging.start()
            a.subscribe(childA)
            b.subscribe(childB)
            merging.sourceFinished()
        }

        /// Adds a third publisher.
        public func merge<P: Publisher>(with other: P) -> Merge3<A, B, P> where P.Output == Output, P.Failure == Failure {
            Merge3(a, b, other)
        }
    }

    /// Republishes the values of three publishers as they arrive; see `Merge`.
    public struct Merge3<A: Publisher, B: Publisher, C: Publisher>: Publisher
    where A.Output == B.Output, A.Failure == B.Failure, B.Output == C.Output, B.Failure == C.Failure {
        public typealias Output = A.Output
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
            let merging = MergingSubscription(downstream: subscriber, description: "Merge", moreChildrenExpected: true)
            let childA = merging.makeChild()
            let childB = merging.makeChild()
            let childC = merging.makeChild()
            merging.start()
            a.subscribe(childA)
            b.subscribe(childB)
            c.subscribe(childC)
            merging.sourceFinished()
        }
    }

    /// Republishes the values of any number of publishers of one type as they
    /// arrive; see `Merge`. With no publishers it finishes at once.
    public struct MergeMany<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let publishers: [Upstream]

        public init(_ upstream: Upstream...) {
            publishers = upstream
        }

        public init<S: Sequence>(_ upstream: S) where S.Element == Upstream {
            publishers = Array(upstream)
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let merging = MergingSubscription(downstream: subscriber, description: "Merge", moreChildrenExpected: true)
            let children = publishers.map { _ in merging.makeChild() }
            merging.start()
            for (publisher, child) in Swift.zip(publishers, children) {
                publisher.subscribe(child)
            }
            merging.sourceFinished()
        }

        /// Adds one more publisher.
        public func merge(with other: Upstream) -> MergeMany {
            MergeMany(publishers + [other])
        }
    }
}
