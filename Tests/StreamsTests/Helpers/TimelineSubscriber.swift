import Dispatch
@testable import Streams

/// A subscriber that records each event with the virtual time it arrived at,
/// as "value(3)@22" (milliseconds since the test scheduler started), so a
/// time operator's test can assert the exact timeline.
final class TimelineSubscriber<Input, Failure: Error>: Subscriber, @unchecked Sendable {
    private let lock = UnfairLock()
    private let scheduler: TestSchedulerOf<DispatchQueue>
    private let initialDemand: Subscribers.Demand?
    private let receiveValueDemand: Subscribers.Demand
    private var recorded: [String] = []
    private var receivedSubscription: Subscription?

    init(
        scheduler: TestSchedulerOf<DispatchQueue>,
        initialDemand: Subscribers.Demand? = .unlimited,
        receiveValueDemand: Subscribers.Demand = .none
    ) {
        self.scheduler = scheduler
        self.initialDemand = initialDemand
        self.receiveValueDemand = receiveValueDemand
    }

    /// Every event so far, as "value(1)@4", "finished@9" or "failure(oops)@9".
    var timeline: [String] { lock.withLock { recorded } }

    var subscription: Subscription? { lock.withLock { receivedSubscription } }

    func request(_ demand: Subscribers.Demand) { subscription?.request(demand) }
    func cancel() { subscription?.cancel() }

    private func record(_ event: String) {
        let time = scheduler.elapsedMilliseconds
        lock.withLock { recorded.append("\(event)@\(time)") }
    }

    func receive(subscription: Subscription) {
        lock.withLock { receivedSubscription = subscription }
        if let initialDemand { subscription.request(initialDemand) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        record("value(\(input))")
        return receiveValueDemand
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        switch completion {
        case .finished: record("finished")
        case .failure(let error): record("failure(\(error))")
        }
    }
}

extension TestScheduler where SchedulerTimeType == DispatchQueue.SchedulerTimeType {
    /// Whole milliseconds since the clock started (`DispatchQueue.test` starts at 1 ns).
    var elapsedMilliseconds: Int {
        Int(now.dispatchTime.uptimeNanoseconds - 1) / 1_000_000
    }
}
