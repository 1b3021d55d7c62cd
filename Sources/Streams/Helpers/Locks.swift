#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A plain (non-recursive) mutex for operators' state machines.
///
/// Stored inline (no allocation) and locked with one compare-and-swap when
/// uncontended; it waits on a futex otherwise (`Synchronization.Mutex`).
/// Never call out to a subscriber, a closure or a scheduler while holding it:
/// take what is needed, unlock, then call. That keeps re-entrant sends
/// (a sink that sends into its own subject) free of deadlocks.
@usableFromInline @frozen
struct UnfairLock: ~Copyable, @unchecked Sendable {
    @usableFromInline let mutex = Mutex<Void>(())

    @inlinable @inline(__always)
    init() {}

    @inlinable @inline(__always)
    borrowing func lock() { mutex._unsafeLock() }

    @inlinable @inline(__always)
    borrowing func unlock() { mutex._unsafeUnlock() }

    @inlinable @inline(__always)
    borrowing func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        mutex._unsafeLock()
        defer { mutex._unsafeUnlock() }
        return try body()
    }
}

/// A recursive mutex, held around calls into downstream so that values reach
/// a subscriber one at a time even when upstream sends from several threads,
/// while still letting that subscriber send back into the same chain.
@usableFromInline @frozen
struct RecursiveLock: ~Copyable, @unchecked Sendable {
    @usableFromInline let mutex = Mutex<Void>(())
    /// The holding thread, or 0. Only the holder writes it while holding.
    @usableFromInline let owner = Atomic<UInt>(0)
    /// How many times the holder has locked it; touched only by the holder.
    @usableFromInline let depth = Atomic<Int>(0)

    @inlinable @inline(__always)
    init() {}

    @inlinable @inline(__always)
    static var currentThread: UInt {
        #if canImport(Darwin)
        UInt(bitPattern: pthread_self())
        #else
        UInt(pthread_self())
        #endif
    }

    @inlinable @inline(__always)
    borrowing func lock() {
        let me = RecursiveLock.currentThread
        if owner.load(ordering: .relaxed) == me {
            depth.store(depth.load(ordering: .relaxed) &+ 1, ordering: .relaxed)
            return
        }
        mutex._unsafeLock()
        owner.store(me, ordering: .relaxed)
        depth.store(1, ordering: .relaxed)
    }

    @inlinable @inline(__always)
    borrowing func unlock() {
        let remaining = depth.load(ordering: .relaxed) &- 1
        depth.store(remaining, ordering: .relaxed)
        if remaining == 0 {
            owner.store(0, ordering: .relaxed)
            mutex._unsafeUnlock()
        }
    }

    @inlinable @inline(__always)
    borrowing func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
