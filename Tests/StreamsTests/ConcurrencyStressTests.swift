import Dispatch
import Testing
@testable import Streams

/// Several threads sending at once: nothing crashes, nothing is lost or
/// duplicated, and a subscriber that sends back into its own chain does not
/// deadlock. Waits are on completions, never on timers.
@Suite struct ConcurrencyStressTests {
    static let threads = 4
    static let perThread = 5_000

    /// Runs `body(thread)` on `threads` threads at once and returns when all are done.
    private static func concurrently(_ body: @escaping @Sendable (Int) -> Void) {
        DispatchQueue.concurrentPerform(iterations: threads, execute: body)
    }

    private static func expectedMultiset(_ transform: (Int) -> Int?) -> [Int] {
        (0..<threads * perThread).compactMap(transform).sorted()
    }

    @Test func aChainIntoASerialQueueReceivesExactlyTheValuesSent() {
        let subject = PassthroughSubject<Int, Never>()
        let collector = ValueCollector<Int>()
        let finished = ValueCollector<Bool>()
        let queue = DispatchQueue(label: "stress-serial")
        let cancellable = subject
            .map { $0 * 2 }
            .filter { $0 % 3 != 0 }
            .receive(on: queue)
            .sink(receiveCompletion: { _ in finished.append(true) }, receiveValue: { collector.append($0) })
        Self.concurrently { thread in
            for i in 0..<Self.perThread { subject.send(thread * Self.perThread + i) }
        }
        subject.send(completion: .finished)
        // The queue is serial: once this runs, everything scheduled before it has.
        queue.sync {}
        #expect(finished.values == [true])
        #expect(collector.values.sorted() == Self.expectedMultiset { $0 * 2 % 3 != 0 ? $0 * 2 : nil })
        cancellable.cancel()
    }

    @Test func mergeOfSubjectsSentFromTheirOwnThreadsLosesAndDuplicatesNothing() {
        let subjects = (0..<Self.threads).map { _ in PassthroughSubject<Int, Never>() }
        let collector = ValueCollector<Int>()
        let finished = ValueCollector<Bool>()
        let cancellable = Publishers.MergeMany(subjects)
            .sink(receiveCompletion: { _ in finished.append(true) }, receiveValue: { collector.append($0) })
        Self.concurrently { thread in
            for i in 0..<Self.perThread { subjects[thread].send(thread * Self.perThread + i) }
            subjects[thread].send(completion: .finished)
        }
        #expect(collector.values.sorted() == Self.expectedMultiset { $0 })
        #expect(finished.values == [true])
        cancellable.cancel()
    }

    @Test func flatMapUnderLimitedDemandDeliversEveryValueOnce() {
        let subjects = (0..<Self.threads).map { _ in PassthroughSubject<Int, Never>() }
        let outer = PassthroughSubject<PassthroughSubject<Int, Never>, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(1), receiveValueDemand: .max(1))
        outer.flatMap { $0 }.subscribe(subscriber)
        for subject in subjects { outer.send(subject) }
        outer.send(completion: .finished)
        Self.concurrently { thread in
            // A subject drops what is sent while its child has no demand; what
            // counts is that nothing arrives twice and the stream still finishes.
            for i in 0..<200 { subjects[thread].send(thread * 1_000 + i) }
            subjects[thread].send(completion: .finished)
        }
        let values = subscriber.values
        #expect(Set(values).count == values.count, "no value is delivered twice")
        #expect(subscriber.completions == [.finished])
    }

    @Test func combineLatestUnderConcurrentSendsEndsWithTheLastOfEach() {
        let a = PassthroughSubject<Int, Never>(), b = PassthroughSubject<Int, Never>()
        let collector = ValueCollector<Int>()
        let cancellable = a.combineLatest(b) { $0 * 1_000_000 + $1 }.sink { collector.append($0) }
        let pair = [a, b]
        Self.concurrently { thread in
            guard thread < 2 else { return }
            for i in 1...Self.perThread { pair[thread].send(i) }
        }
        let values = collector.values
        #expect(values.last == Self.perThread * 1_000_000 + Self.perThread)
        #expect(values.count <= 2 * Self.perThread)
        // Each side's component never goes backwards.
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 / 1_000_000 <= $1 / 1_000_000 && $0 % 1_000_000 <= $1 % 1_000_000 })
        cancellable.cancel()
    }

    @Test func switchToLatestOfJustsSentFromManyThreadsDeliversEachOnce() {
        let outer = PassthroughSubject<Just<Int>, Never>()
        let collector = ValueCollector<Int>()
        let cancellable = outer.switchToLatest().sink { collector.append($0) }
        Self.concurrently { thread in
            for i in 0..<Self.perThread { outer.send(Just(thread * Self.perThread + i)) }
        }
        #expect(collector.values.sorted() == Self.expectedMultiset { $0 })
        cancellable.cancel()
    }

    @Test func switchToLatestWhileInnersSendFromOtherThreadsNeverDuplicates() {
        let outer = PassthroughSubject<PassthroughSubject<Int, Never>, Never>()
        let inners = (0..<Self.threads).map { _ in PassthroughSubject<Int, Never>() }
        let collector = ValueCollector<Int>()
        let cancellable = outer.switchToLatest().sink { collector.append($0) }
        Self.concurrently { thread in
            for i in 0..<Self.perThread {
                if thread == 0, i % 50 == 0 { outer.send(inners[(i / 50) % Self.threads]) }
                inners[thread].send(thread * Self.perThread + i)
            }
        }
        let values = collector.values
        #expect(Set(values).count == values.count)
        cancellable.cancel()
    }

    @Test func aSinkSendingIntoItsOwnSubjectThroughTheOperatorsDoesNotDeadlock() {
        let subject = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        let cancellable = subject
            .map { Just($0) }
            .switchToLatest()
            .merge(with: Empty())
            .flatMap { Just($0) }
            .combineLatest(Just(0)) { value, _ in value }
            .receive(on: ImmediateScheduler.shared)
            .sink { value in
                received.append(value)
                if value < 50 { subject.send(value + 1) }
            }
        subject.send(0)
        #expect(received == Array(0...50))
        cancellable.cancel()
    }
}
