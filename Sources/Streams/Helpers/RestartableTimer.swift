/// The timer that `debounce` and `timeout` restart with every value, kept
/// behind the owning operator's lock.
///
/// It is scheduled with the repeating `schedule(after:interval:…)`, the
/// variant that returns a token to cancel. Each restart starts a new
/// generation, and the timer's action checks `isCurrent(_:)`: a timer that
/// a newer one replaced, or that outlives its `cancel()` (a scheduler may let
/// it run), then does nothing. Tokens are only handed back here, never
/// cancelled: the owner cancels them once it has unlocked.
@usableFromInline
struct RestartableTimer {
    @usableFromInline var generation: UInt64 = 0
    @usableFromInline var token: Cancellable?

    @inlinable init() {}

    /// Lock held. Starts a new generation; returns it and the previous
    /// timer's token, to cancel once unlocked.
    @inlinable
    mutating func restart() -> (generation: UInt64, previous: Cancellable?) {
        generation &+= 1
        let previous = token
        token = nil
        return (generation, previous)
    }

    /// Lock held. Whether `generation` is still the latest.
    @inlinable
    func isCurrent(_ generation: UInt64) -> Bool {
        self.generation == generation
    }

    /// Lock held. Keeps `newToken` as the running timer when `generation` is
    /// still the latest; otherwise hands it back, to cancel once unlocked.
    @inlinable
    mutating func keep(_ newToken: Cancellable, for generation: UInt64) -> Cancellable? {
        guard isCurrent(generation) else { return newToken }
        token = newToken
        return nil
    }

    /// Lock held. Takes the running timer's token, to cancel once unlocked.
    @inlinable
    mutating func stop() -> Cancellable? {
        let running = token
        token = nil
        return running
    }

    /// Schedules a timer that fires `interval` from now (and every `interval`
    /// after that, until cancelled). Call it without holding a lock.
    @inlinable
    static func schedule<S: Scheduler>(
        on scheduler: S,
        after interval: S.SchedulerTimeType.Stride,
        options: S.SchedulerOptions?,
        _ action: @escaping () -> Void
    ) -> Cancellable {
        scheduler.schedule(
            after: scheduler.now.advanced(by: interval),
            interval: interval,
            tolerance: scheduler.minimumTolerance,
            options: options,
            action
        )
    }
}
