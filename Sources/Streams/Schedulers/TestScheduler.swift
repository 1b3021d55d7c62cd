import Dispatch

/// A scheduler whose clock moves only when a test says so, modelled on
/// pointfreeco/combine-schedulers' `TestScheduler`.
///
/// Scheduled actions wait until `advance(by:)`, `advance(to:)` or `run()`
/// reaches their date; they then run in date order, and actions due at the
/// same date run in the order they were scheduled. `now` is set to each
/// action's date while it runs. `schedule(options:)` schedules at `now`, so
/// even "immediate" actions wait for the next `advance`. Actions scheduled
/// while advancing run in the same advance when they fall due before its end.
///
/// Thread-safe; actions run on the thread that advances, with no lock held.
///
/// Inlinable, so that its generic code is specialised in the caller's module
/// (a virtual-time test or benchmark spends most of its time here).
public final class TestScheduler<SchedulerTimeType: Strideable, SchedulerOptions>: Scheduler, @unchecked Sendable
    where SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible
{
    @usableFromInline struct Entry {
        @usableFromInline let date: SchedulerTimeType
        @usableFromInline let sequence: UInt64
        /// Shared by every occurrence of a repeating action; nil for a one-off.
        @usableFromInline let token: RepeatToken?
        @usableFromInline let action: () -> Void

        @inlinable
        init(date: SchedulerTimeType, sequence: UInt64, token: RepeatToken?, action: @escaping () -> Void) {
            self.date = date
            self.sequence = sequence
            self.token = token
            self.action = action
        }

        @inlinable
        func precedes(_ other: Entry) -> Bool {
            date != other.date ? date < other.date : sequence < other.sequence
        }
    }

    @usableFromInline final class RepeatToken: @unchecked Sendable {
        @usableFromInline let interval: SchedulerTimeType.Stride
        // Guarded by the scheduler's lock.
        @usableFromInline var isCancelled = false
        @inlinable init(interval: SchedulerTimeType.Stride) { self.interval = interval }
    }

    @usableFromInline let lock = UnfairLock()
    @usableFromInline var currentDate: SchedulerTimeType
    @usableFromInline var lastSequence: UInt64 = 0
    /// A binary min-heap ordered by (date, sequence).
    @usableFromInline var heap: [Entry] = []

    /// A scheduler whose clock starts at `now`.
    @inlinable
    public init(now: SchedulerTimeType) {
        currentDate = now
    }

    /// The virtual current time.
    @inlinable
    public var now: SchedulerTimeType {
        lock.lock()
        defer { lock.unlock() }
        return currentDate
    }

    /// Zero: virtual time is exact.
    @inlinable
    public var minimumTolerance: SchedulerTimeType.Stride { .zero }

    /// How many actions are waiting to run (a repeating action counts once).
    @inlinable
    public var pendingActionCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return heap.count { !($0.token?.isCancelled ?? false) }
    }

    @inlinable
    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        lock.lock()
        push(date: currentDate, token: nil, action: action)
        lock.unlock()
    }

    @inlinable
    public func schedule(
        after date: SchedulerTimeType,
        tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) {
        lock.lock()
        push(date: date, token: nil, action: action)
        lock.unlock()
    }

    @inlinable
    public func schedule(
        after date: SchedulerTimeType,
        interval: SchedulerTimeType.Stride,
        tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) -> Cancellable {
        let token = RepeatToken(interval: interval)
        lock.lock()
        push(date: date, token: token, action: action)
        lock.unlock()
        return AnyCancellable { [weak self] in
            guard let self else { return }
            self.lock.lock()
            token.isCancelled = true
            // Drop the pending occurrence now, so its closure (and what it captures) is freed.
            self.heap.removeAll { $0.token === token }
            self.rebuildHeap()
            self.lock.unlock()
        }
    }

    /// Moves the clock forward by `stride`, running every action that falls due.
    @inlinable
    public func advance(by stride: SchedulerTimeType.Stride = .zero) {
        lock.lock()
        let finalDate = currentDate.advanced(by: stride)
        lock.unlock()
        advance(until: finalDate)
    }

    /// Moves the clock forward to `date`, running every action that falls due.
    /// A date in the past runs what is due now and leaves the clock alone.
    @inlinable
    public func advance(to date: SchedulerTimeType) {
        advance(until: date)
    }

    /// Runs every scheduled action, moving the clock to each one's date, until
    /// nothing is left. A repeating action that is never cancelled makes this
    /// run forever, as in combine-schedulers.
    @inlinable
    public func run() {
        while true {
            lock.lock()
            guard let next = heap.first else {
                lock.unlock()
                return
            }
            let target = max(next.date, currentDate)
            lock.unlock()
            advance(until: target)
        }
    }

    @inlinable
    func advance(until finalDate: SchedulerTimeType) {
        while true {
            lock.lock()
            guard let next = heap.first, next.date <= finalDate else {
                if currentDate < finalDate {
                    currentDate = finalDate
                }
                lock.unlock()
                return
            }
            popFirst()
            if next.date > currentDate {
                currentDate = next.date
            }
            if let token = next.token {
                // Queued before running, with the same sequence, as combine-schedulers does.
                push(date: next.date.advanced(by: token.interval), sequence: next.sequence, token: token, action: next.action)
            }
            lock.unlock()
            next.action()
        }
    }

    // MARK: - The heap (called with the lock held)

    @inlinable
    func push(date: SchedulerTimeType, token: RepeatToken?, action: @escaping () -> Void) {
        lastSequence += 1
        push(date: date, sequence: lastSequence, token: token, action: action)
    }

    @inlinable
    func push(date: SchedulerTimeType, sequence: UInt64, token: RepeatToken?, action: @escaping () -> Void) {
        heap.append(Entry(date: date, sequence: sequence, token: token, action: action))
        siftUp(heap.count - 1)
    }

    @inlinable
    func popFirst() {
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            siftDown(0)
        }
    }

    @inlinable
    func rebuildHeap() {
        var index = heap.count / 2
        while index > 0 {
            index -= 1
            siftDown(index)
        }
    }

    @inlinable
    func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].precedes(heap[parent]) else { return }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    @inlinable
    func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            guard left < heap.count else { return }
            var smallest = left
            if left + 1 < heap.count, heap[left + 1].precedes(heap[left]) {
                smallest = left + 1
            }
            guard heap[smallest].precedes(heap[parent]) else { return }
            heap.swapAt(smallest, parent)
            parent = smallest
        }
    }
}

/// A test scheduler with the time and option types of `S`, so it can stand in
/// for `S` behind `AnySchedulerOf<S>`.
public typealias TestSchedulerOf<S: Scheduler> = TestScheduler<S.SchedulerTimeType, S.SchedulerOptions>

extension DispatchQueue {
    /// A new test scheduler with `DispatchQueue`'s time types; its clock starts
    /// at `DispatchTime(uptimeNanoseconds: 1)`.
    @inlinable
    public static var test: TestSchedulerOf<DispatchQueue> {
        TestScheduler(now: SchedulerTimeType(DispatchTime(uptimeNanoseconds: 1)))
    }
}
