/// The shared state machine behind `flatMap` and `merge`: several child
/// publishers delivering into one downstream.
///
/// Demand, as OpenCombine's flatMap has it: while downstream demand is
/// unlimited, children are asked for `.unlimited`; otherwise each child is
/// asked for one value at a time and a value that arrives without downstream
/// demand waits in a FIFO buffer (at most one per child) until downstream asks.
/// It finishes when no more children can come, every child has finished and
/// the buffer is empty. A failure fails at once, without flushing the buffer,
/// after cancelling the children still running, as Combine's flatMap does:
/// neither the failed publisher nor flatMap's upstream is cancelled.
final class MergingSubscription<Downstream: Subscriber>: Subscription, CustomStringConvertible {
    typealias Output = Downstream.Input
    typealias Failure = Downstream.Failure

    let description: String
    private let lock = UnfairLock()
    private let downstreamLock = RecursiveLock()
    private var downstream: Downstream?
    private var demand = Subscribers.Demand.none
    private var terminated = false
    /// Children that have not finished yet, with their subscriptions once known.
    private var children: [Int: Subscription?] = [:]
    private var nextChild = 0
    /// Values that arrived without demand, oldest first, with the child that sent each.
    private var buffer: [(child: Int, value: Output)] = []
    private var bufferHead = 0
    /// Whether more children may still be added (flatMap's upstream has not finished).
    private var moreChildrenExpected: Bool
    /// flatMap's upstream: cancelled with everything else, asked for a new
    /// publisher whenever a child finishes under a `maxPublishers` limit.
    private var source: Subscription?
    private var replenishSource = false

    init(downstream: Downstream, description: String, moreChildrenExpected: Bool) {
        self.downstream = downstream
        self.description = description
        self.moreChildrenExpected = moreChildrenExpected
    }

    /// Passes this subscription to downstream. Call once, before children start.
    func start() {
        lock.lock()
        guard let downstream else {
            lock.unlock()
            return
        }
        lock.unlock()
        downstreamLock.withLock { downstream.receive(subscription: self) }
    }

    // MARK: The source of children (flatMap's upstream)

    /// Keeps flatMap's upstream subscription; false once the subscription has
    /// ended (the caller then cancels it).
    func sourceSubscribed(_ subscription: Subscription, replenish: Bool) -> Bool {
        lock.withLock {
            guard !terminated else { return false }
            source = subscription
            replenishSource = replenish
            return true
        }
    }

    /// A new child; subscribe it to its publisher.
    func makeChild() -> Child {
        lock.lock()
        let index = nextChild
        nextChild += 1
        if !terminated { children[index] = .some(nil) }
        lock.unlock()
        return Child(parent: self, index: index)
    }

    /// No more children will be added: flatMap's upstream finished, or merge
    /// has subscribed all of its publishers.
    func sourceFinished() {
        lock.lock()
        moreChildrenExpected = false
        source = nil
        finishIfDone()
    }

    /// flatMap's upstream failed: as in Combine, the children are cancelled
    /// (not upstream, which has ended), then downstream fails.
    func sourceFailed(_ error: Failure) {
        fail(error, cancellingSource: false, except: nil)
    }

    /// Ends everything with a failure: cancels what is still running, leaving
    /// out the child that failed (`except`) and, unless asked, the source;
    /// then fails downstream.
    private func fail(_ error: Failure, cancellingSource: Bool, except failedChild: Int?) {
        lock.lock()
        guard !terminated, let downstream else {
            lock.unlock()
            return
        }
        if let failedChild { children[failedChild] = nil }
        if !cancellingSource { source = nil }
        let toCancel = terminate()
        lock.unlock()
        for subscription in toCancel { subscription.cancel() }
        downstreamLock.withLock { downstream.receive(completion: .failure(error)) }
    }

    /// Ends everything; returns the subscriptions to cancel. Call with `lock` held.
    private func terminate() -> [Subscription] {
        terminated = true
        var toCancel = children.sorted { $0.key < $1.key }.compactMap { $0.value }
        if let source { toCancel.append(source) }
        children = [:]
        source = nil
        buffer = []
        bufferHead = 0
        downstream = nil
        return toCancel
    }

    /// Sends `.finished` when nothing more can arrive. Call with `lock` held; unlocks.
    private func finishIfDone() {
        guard !terminated, !moreChildrenExpected, children.isEmpty, bufferHead == buffer.count,
              let downstream else {
            lock.unlock()
            return
        }
        terminated = true
        self.downstream = nil
        lock.unlock()
        downstreamLock.withLock { downstream.receive(completion: .finished) }
    }

    // MARK: Child events

    fileprivate func child(_ index: Int, received subscription: Subscription) {
        lock.lock()
        guard !terminated, let entry = children[index], entry == nil else {
            lock.unlock()
            subscription.cancel()
            return
        }
        children[index] = subscription
        let initial: Subscribers.Demand = demand == .unlimited ? .unlimited : .max(1)
        lock.unlock()
        subscription.request(initial)
    }

    fileprivate func child(_ index: Int, received value: Output) -> Subscribers.Demand {
        lock.lock()
        guard !terminated, let downstream else {
            lock.unlock()
            return .none
        }
        if demand == .unlimited {
            lock.unlock()
            downstreamLock.lock()
            _ = downstream.receive(value)
            downstreamLock.unlock()
            return .none
        }
        guard demand > 0, bufferHead == buffer.count else {
            buffer.append((index, value))
            lock.unlock()
            return .none
        }
        demand -= 1
        lock.unlock()

        downstreamLock.lock()
        let more = downstream.receive(value)
        downstreamLock.unlock()
        if more > 0 {
            lock.withLock { demand += more }
            drain()
        }
        // One value at a time: ask this child for the next one.
        return .max(1)
    }

    fileprivate func child(_ index: Int, received completion: Subscribers.Completion<Failure>) {
        switch completion {
        case .failure(let error):
            lock.lock()
            guard children[index] != nil else {
                lock.unlock()
                return
            }
            lock.unlock()
            // As Combine's flatMap: the other children are cancelled, not the
            // failed one and not upstream.
            fail(error, cancellingSource: false, except: index)
        case .finished:
            lock.lock()
            guard children.removeValue(forKey: index) != nil else {
                lock.unlock()
                return
            }
            let replenish = replenishSource && moreChildrenExpected ? source : nil
            if replenish != nil {
                lock.unlock()
                replenish?.request(.max(1))
                lock.lock()
            }
            finishIfDone()
        }
    }

    /// Sends buffered values while downstream has demand.
    private func drain() {
        while true {
            lock.lock()
            guard !terminated, demand > 0, bufferHead < buffer.count, let downstream else {
                finishIfDone()
                return
            }
            let (index, value) = buffer[bufferHead]
            bufferHead += 1
            if bufferHead == buffer.count {
                buffer.removeAll(keepingCapacity: true)
                bufferHead = 0
            }
            demand -= 1
            let childSubscription = children[index] ?? nil
            lock.unlock()

            downstreamLock.lock()
            let more = downstream.receive(value)
            downstreamLock.unlock()
            childSubscription?.request(.max(1))
            if more > 0 { lock.withLock { demand += more } }
        }
    }

    // MARK: Subscription

    func request(_ demand: Subscribers.Demand) {
        precondition(demand > 0, "request(.none) is a protocol violation")
        lock.lock()
        guard !terminated else {
            lock.unlock()
            return
        }
        let wasUnlimited = self.demand == .unlimited
        self.demand += demand
        let toUnlimit = !wasUnlimited && self.demand == .unlimited ? children.values.compactMap { $0 } : []
        lock.unlock()
        drain()
        for subscription in toUnlimit { subscription.request(.unlimited) }
    }

    func cancel() {
        lock.lock()
        guard !terminated else {
            lock.unlock()
            return
        }
        let toCancel = terminate()
        lock.unlock()
        for subscription in toCancel { subscription.cancel() }
    }

    /// Subscribes to one child publisher on behalf of the merging subscription.
    final class Child: Subscriber {
        typealias Input = Output
        typealias Failure = Downstream.Failure

        private let parent: MergingSubscription
        private let index: Int

        fileprivate init(parent: MergingSubscription, index: Int) {
            self.parent = parent
            self.index = index
        }

        func receive(subscription: Subscription) { parent.child(index, received: subscription) }
        func receive(_ input: Input) -> Subscribers.Demand { parent.child(index, received: input) }
        func receive(completion: Subscribers.Completion<Failure>) { parent.child(index, received: completion) }
    }
}
