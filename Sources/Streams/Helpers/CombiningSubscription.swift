/// The shared state machine behind `combineLatest` and `zip`: a fixed number
/// of child publishers whose values are combined into one output.
///
/// Values are kept type-erased (`Any`) so one implementation serves every
/// arity; `combine` turns a full row back into the output tuple.
///
/// - `zip`: as OpenCombine's. Every child is subscribed before downstream
///   gets its subscription (when the last child's arrives). Requests go to
///   every child unchanged; values
///   queue per child and a row is emitted as soon as every queue has one (the
///   completing child gets downstream's demand back; a request made during
///   that delivery is added to it instead of being sent to that child). A
///   child that finishes with an empty queue finishes the result at once and
///   cancels the rest; one with queued values lets them pair up first. A
///   failure is sent at once, then every child is cancelled, the failing one
///   included; a finish is likewise sent before the others are cancelled.
/// - `combineLatest` (Apple's documented behaviour; OpenCombine has none):
///   requests go to every child; each value replaces its child's latest, and
///   once every child has one, a row is emitted if downstream has demand,
///   otherwise the latest row waits for the next request. It finishes when
///   every child has finished; any failure cancels the rest and is sent at once.
final class CombiningSubscription<Downstream: Subscriber>: Subscription, CustomStringConvertible {
    enum Mode { case combineLatest, zip }

    let description: String
    private let mode: Mode
    private let combine: ([Any]) -> Downstream.Input
    private let lock = UnfairLock()
    private let downstreamLock = RecursiveLock()
    private var downstream: Downstream?
    private var terminated = false
    private var subscriptions: [Subscription?]
    private var finished: [Bool]
    /// Everything downstream asked for, for children that subscribe late.
    private var requested = Subscribers.Demand.none
    /// zip: children whose subscription has not arrived; downstream gets its
    /// subscription when the last one does, as in Combine.
    private var awaitingChildSubscriptions: Int

    // combineLatest
    private var latest: [Any?]
    private var demand = Subscribers.Demand.none
    private var rowWaiting = false

    // zip
    private var queues: [[Any]]
    private var delivering: Int?
    private var requestedWhileDelivering = Subscribers.Demand.none

    init(downstream: Downstream, mode: Mode, arity: Int, description: String, combine: @escaping ([Any]) -> Downstream.Input) {
        self.downstream = downstream
        self.mode = mode
        self.description = description
        self.combine = combine
        subscriptions = Array(repeating: nil, count: arity)
        finished = Array(repeating: false, count: arity)
        latest = Array(repeating: nil, count: arity)
        queues = Array(repeating: [], count: arity)
        awaitingChildSubscriptions = arity
    }

    /// combineLatest: gives downstream its subscription, then subscribes each
    /// child through `attach`. zip, as Combine's: subscribes each child first;
    /// downstream gets its subscription once every child has sent its own.
    func start(_ attach: (CombiningSubscription) -> Void) {
        if mode == .zip {
            attach(self)
            return
        }
        lock.lock()
        guard let downstream else {
            lock.unlock()
            return
        }
        lock.unlock()
        downstreamLock.withLock { downstream.receive(subscription: self) }
        attach(self)
    }

    func child<Input>(_ index: Int, of _: Input.Type) -> Child<Input> {
        Child(parent: self, index: index)
    }

    // MARK: Child events

    fileprivate func childSubscribed(_ index: Int, _ subscription: Subscription) {
        lock.lock()
        guard !terminated, subscriptions[index] == nil, !finished[index] else {
            lock.unlock()
            subscription.cancel()
            return
        }
        subscriptions[index] = subscription
        let outstanding = requested
        var lastAwaited: Downstream?
        if mode == .zip {
            awaitingChildSubscriptions -= 1
            if awaitingChildSubscriptions == 0 { lastAwaited = downstream }
        }
        lock.unlock()
        if let lastAwaited { downstreamLock.withLock { lastAwaited.receive(subscription: self) } }
        if outstanding > 0 { subscription.request(outstanding) }
    }

    fileprivate func childValue(_ index: Int, _ value: Any) -> Subscribers.Demand {
        downstreamLock.lock()
        defer { downstreamLock.unlock() }
        lock.lock()
        guard !terminated, let downstream else {
            lock.unlock()
            return .none
        }
        switch mode {
        case .combineLatest:
            latest[index] = value
            guard let row = fullLatestRow() else {
                lock.unlock()
                return .none
            }
            guard demand > 0 else {
                rowWaiting = true
                lock.unlock()
                return .none
            }
            demand -= 1
            rowWaiting = false
            lock.unlock()
            let more = downstream.receive(combine(row))
            if more > 0 { lock.withLock { demand += more } }
            return .none

        case .zip:
            queues[index].append(value)
            guard queues.allSatisfy({ !$0.isEmpty }) else {
                lock.unlock()
                return .none
            }
            let row = queues.indices.map { queues[$0].removeFirst() }
            delivering = index
            requestedWhileDelivering = .none
            lock.unlock()
            let more = downstream.receive(combine(row))
            lock.lock()
            delivering = nil
            let returned = more + requestedWhileDelivering
            requestedWhileDelivering = .none
            finishZipIfExhausted()
            return returned
        }
    }

    /// Every child's latest value, once each has one. Call with `lock` held.
    private func fullLatestRow() -> [Any]? {
        var row: [Any] = []
        row.reserveCapacity(latest.count)
        for value in latest {
            guard let value else { return nil }
            row.append(value)
        }
        return row
    }

    /// Finishes when a finished child has nothing left to pair. Call with
    /// `lock` and `downstreamLock` held; unlocks `lock`.
    private func finishZipIfExhausted() {
        guard !terminated, let downstream,
              queues.indices.contains(where: { finished[$0] && queues[$0].isEmpty }) else {
            lock.unlock()
            return
        }
        let toCancel = terminate()
        lock.unlock()
        // As Combine's zip: the completion first, then the others are cancelled.
        downstream.receive(completion: .finished)
        for subscription in toCancel { subscription.cancel() }
    }

    fileprivate func childCompleted(_ index: Int, _ completion: Subscribers.Completion<Downstream.Failure>) {
        downstreamLock.lock()
        defer { downstreamLock.unlock() }
        lock.lock()
        guard !terminated, !finished[index], let downstream else {
            lock.unlock()
            return
        }
        switch completion {
        case .failure:
            finished[index] = true
            if mode == .combineLatest { subscriptions[index] = nil }
            let toCancel = terminate()
            lock.unlock()
            if mode == .zip {
                // As Combine's zip: the failure first, then every child is
                // cancelled, the failing one included.
                downstream.receive(completion: completion)
                for subscription in toCancel { subscription.cancel() }
            } else {
                for subscription in toCancel { subscription.cancel() }
                downstream.receive(completion: completion)
            }
        case .finished:
            finished[index] = true
            subscriptions[index] = nil
            switch mode {
            case .zip:
                finishZipIfExhausted()
            case .combineLatest:
                guard finished.allSatisfy({ $0 }) else {
                    lock.unlock()
                    return
                }
                _ = terminate()
                lock.unlock()
                downstream.receive(completion: .finished)
            }
        }
    }

    /// Ends everything; returns the subscriptions to cancel. Call with `lock` held.
    private func terminate() -> [Subscription] {
        terminated = true
        let toCancel = subscriptions.compactMap { $0 }
        subscriptions = Array(repeating: nil, count: subscriptions.count)
        latest = Array(repeating: nil, count: latest.count)
        queues = Array(repeating: [], count: queues.count)
        downstream = nil
        return toCancel
    }

    // MARK: Subscription

    func request(_ demand: Subscribers.Demand) {
        precondition(demand > 0, "request(.none) is a protocol violation")
        lock.lock()
        guard !terminated else {
            lock.unlock()
            return
        }
        requested += demand
        var targets = subscriptions
        if mode == .zip, let delivering {
            // Returned to the delivering child from its `receive` instead.
            requestedWhileDelivering += demand
            targets[delivering] = nil
        }
        var sendWaitingRow = false
        if mode == .combineLatest {
            self.demand += demand
            sendWaitingRow = rowWaiting
        }
        lock.unlock()
        for case let subscription? in targets { subscription.request(demand) }
        if sendWaitingRow { sendLatestRow() }
    }

    /// Sends the row that waited for demand (combineLatest).
    private func sendLatestRow() {
        downstreamLock.lock()
        defer { downstreamLock.unlock() }
        lock.lock()
        guard !terminated, rowWaiting, demand > 0, let downstream, let row = fullLatestRow() else {
            lock.unlock()
            return
        }
        rowWaiting = false
        demand -= 1
        lock.unlock()
        let more = downstream.receive(combine(row))
        if more > 0 { lock.withLock { self.demand += more } }
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

    /// Subscribes to one child publisher and boxes its values.
    final class Child<Input>: Subscriber {
        typealias Failure = Downstream.Failure

        private let parent: CombiningSubscription
        private let index: Int

        fileprivate init(parent: CombiningSubscription, index: Int) {
            self.parent = parent
            self.index = index
        }

        func receive(subscription: Subscription) { parent.childSubscribed(index, subscription) }
        func receive(_ input: Input) -> Subscribers.Demand { parent.childValue(index, input as Any) }
        func receive(completion: Subscribers.Completion<Failure>) { parent.childCompleted(index, completion) }
    }
}
