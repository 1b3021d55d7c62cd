import Testing
@testable import Streams

@Suite struct TaskPublisherTests {
    @Test func runsTheOperationOnDemandAndSendsItsResult() async throws {
        let publisher = TaskPublisher<Int, any Error> { 6 * 7 }
        var values: [Int] = []
        for try await value in publisher.values { values.append(value) }
        #expect(values == [42])
    }

    @Test func aThrownErrorFailsTheStream() async {
        let publisher = TaskPublisher<Int, TestingError> { () async throws(TestingError) -> Int in throw .oops }
        await #expect(throws: TestingError.oops) {
            for try await _ in publisher.values {}
        }
    }

    @Test func nothingRunsWithoutDemand() async {
        let counter = ValueCollector<Int>()
        let publisher = TaskPublisher<Int, Never> { counter.append(1); return 1 }
        let subscriber = TrackingSubscriber<Int, Never>()
        publisher.subscribe(subscriber)
        await Task.yield()
        #expect(counter.values.isEmpty)
        #expect(subscriber.history == [.subscription("TaskPublisher")])
    }

    @Test func cancelCancelsTheTaskAndDeliversNothing() async {
        let started = AsyncGate()
        let sawCancellation = AsyncGate()
        let publisher = TaskPublisher<Int, Never> {
            await started.open()
            while !Task.isCancelled { await Task.yield() }
            await sawCancellation.open()
            return 1
        }
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .unlimited)
        publisher.subscribe(subscriber)
        await started.wait()
        subscriber.cancel()
        await sawCancellation.wait()
        #expect(subscriber.history == [.subscription("TaskPublisher")])
    }
}

/// A one-shot signal between tasks.
actor AsyncGate {
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func open() {
        isOpen = true
        for waiter in waiters { waiter.resume() }
        waiters = []
    }

    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiters.append($0) }
    }
}
