import Testing
@testable import Streams

@Suite struct PublisherConcurrencyTests {
    @Test func iteratesEveryValueOfAFinitePublisher() async {
        var values: [Int] = []
        for await value in ArrayPublisher([1, 2, 3]).values { values.append(value) }
        #expect(values == [1, 2, 3])
    }

    @Test func requestsOneValuePerStep() async {
        let upstream = TestPublisher<Int, Never>()
        var iterator = upstream.values.makeAsyncIterator()
        #expect(upstream.subscription.history.isEmpty)
        async let first = iterator.next()
        // The request arrives once `next()` is waiting.
        while upstream.subscription.history.isEmpty { await Task.yield() }
        #expect(upstream.subscription.history == [.requested(.max(1))])
        upstream.send(5)
        #expect(await first == 5)
    }

    @Test func throwsTheFailureAfterTheValues() async {
        let upstream = TestPublisher<Int, TestingError>()
        let task = Task {
            var seen: [Int] = []
            do {
                for try await value in upstream.values { seen.append(value) }
                return (seen, TestingError?.none)
            } catch {
                return (seen, error as? TestingError)
            }
        }
        for value in 1...2 {
            // Send only once the iterator has asked for the next value.
            while upstream.subscription.totalDemand < .max(value) { await Task.yield() }
            upstream.send(value)
        }
        while upstream.subscription.totalDemand < .max(3) { await Task.yield() }
        upstream.send(completion: .failure(.oops))
        let (seen, error) = await task.value
        #expect(seen == [1, 2])
        #expect(error == .oops)
    }

    @Test func twoConsumersWaitingEachGetAValue() async {
        let upstream = TestPublisher<Int, Never>()
        let shared = SharedIterator(upstream.values.makeAsyncIterator())
        let first = Task { await shared.next() }
        let second = Task { await shared.next() }
        while upstream.subscription.history.count < 2 { await Task.yield() }
        #expect(upstream.subscription.history == [.requested(.max(1)), .requested(.max(1))])
        upstream.send(1)
        upstream.send(2)
        let received = [await first.value, await second.value].compactMap { $0 }.sorted()
        #expect(received == [1, 2])
    }

    @Test func theCompletionReturnsEveryWaitingConsumer() async {
        let upstream = TestPublisher<Int, Never>()
        let shared = SharedIterator(upstream.values.makeAsyncIterator())
        let first = Task { await shared.next() }
        let second = Task { await shared.next() }
        while upstream.subscription.history.count < 2 { await Task.yield() }
        upstream.send(completion: .finished)
        #expect(await first.value == nil)
        #expect(await second.value == nil)
    }

    // Combine: a value before the subscription returns each waiting `next()`
    // with nil (Streams used to hand it to one and leave the other waiting).
    @Test func aValueBeforeTheSubscriptionReturnsEveryWaitingConsumer() async {
        let upstream = TestPublisher<Int, Never>(deliversSubscription: false)
        let shared = SharedIterator(upstream.values.makeAsyncIterator())
        let first = Task { await shared.next() }
        let second = Task { await shared.next() }
        while shared.waitingCount < 2 { await Task.yield() }
        upstream.send(7)
        #expect(await first.value == nil)
        #expect(await second.value == nil)
    }

    @Test func cancellingTheTaskCancelsTheSubscription() async {
        let upstream = TestPublisher<Int, Never>()
        let task = Task {
            var count = 0
            for await _ in upstream.values { count += 1 }
            return count
        }
        while upstream.subscription.history.isEmpty { await Task.yield() }
        task.cancel()
        #expect(await task.value == 0)
        #expect(upstream.subscription.history.contains(.cancelled))
    }
}

/// One iterator shared by several tasks, each waiting in `next()` at once.
private final class SharedIterator: @unchecked Sendable {
    private let iterator: AsyncPublisher<TestPublisher<Int, Never>>.Iterator

    init(_ iterator: AsyncPublisher<TestPublisher<Int, Never>>.Iterator) { self.iterator = iterator }

    /// How many `next()` calls are parked.
    var waitingCount: Int { iterator.waitingCount }

    func next() async -> Int? {
        var copy = iterator  // copies share the one subscriber
        return await copy.next()
    }
}

/// A publisher of an array's elements that honours demand (tests only).
private struct ArrayPublisher<Element>: Publisher {
    typealias Output = Element
    typealias Failure = Never

    let elements: [Element]
    init(_ elements: [Element]) { self.elements = elements }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Element, S.Failure == Never {
        subscriber.receive(subscription: Inner(elements: elements, downstream: subscriber))
    }

    private final class Inner<Downstream: Subscriber>: Subscription, @unchecked Sendable where Downstream.Input == Element {
        private let lock = UnfairLock()
        private var remaining: ArraySlice<Element>
        private var downstream: Downstream?

        init(elements: [Element], downstream: Downstream) {
            remaining = elements[...]
            self.downstream = downstream
        }

        func request(_ demand: Subscribers.Demand) {
            var demand = demand
            while demand > 0 {
                lock.lock()
                guard let downstream, let next = remaining.popFirst() else {
                    let finishing = downstream
                    self.downstream = nil
                    lock.unlock()
                    finishing?.receive(completion: .finished)
                    return
                }
                lock.unlock()
                demand -= 1
                demand += downstream.receive(next)
            }
        }

        func cancel() {
            lock.withLock { downstream = nil }
        }
    }
}
