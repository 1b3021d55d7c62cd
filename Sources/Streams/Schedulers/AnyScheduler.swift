import Dispatch

/// A scheduler that hides the type of the scheduler it wraps, so production
/// code can take `AnySchedulerOf<DispatchQueue>` and tests can pass
/// `DispatchQueue.test.eraseToAnyScheduler()`.
public struct AnyScheduler<SchedulerTimeType: Strideable, SchedulerOptions>: Scheduler, @unchecked Sendable
    where SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible
{
    private let nowThunk: () -> SchedulerTimeType
    private let minimumToleranceThunk: () -> SchedulerTimeType.Stride
    private let scheduleThunk: (SchedulerOptions?, @escaping () -> Void) -> Void
    private let scheduleAfterThunk: (
        SchedulerTimeType, SchedulerTimeType.Stride, SchedulerOptions?, @escaping () -> Void
    ) -> Void
    private let scheduleRepeatingThunk: (
        SchedulerTimeType, SchedulerTimeType.Stride, SchedulerTimeType.Stride, SchedulerOptions?,
        @escaping () -> Void
    ) -> Cancellable

    /// Wraps `scheduler`.
    public init<S: Scheduler>(_ scheduler: S)
        where S.SchedulerTimeType == SchedulerTimeType, S.SchedulerOptions == SchedulerOptions
    {
        nowThunk = { scheduler.now }
        minimumToleranceThunk = { scheduler.minimumTolerance }
        scheduleThunk = { options, action in scheduler.schedule(options: options, action) }
        scheduleAfterThunk = { date, tolerance, options, action in
            scheduler.schedule(after: date, tolerance: tolerance, options: options, action)
        }
        scheduleRepeatingThunk = { date, interval, tolerance, options, action in
            scheduler.schedule(after: date, interval: interval, tolerance: tolerance, options: options, action)
        }
    }

    /// A scheduler made of closures, for tests that need a custom behaviour.
    public init(
        minimumTolerance: @escaping () -> SchedulerTimeType.Stride,
        now: @escaping () -> SchedulerTimeType,
        scheduleImmediately: @escaping (SchedulerOptions?, @escaping () -> Void) -> Void,
        delayed: @escaping (SchedulerTimeType, SchedulerTimeType.Stride, SchedulerOptions?, @escaping () -> Void) -> Void,
        interval: @escaping (
            SchedulerTimeType, SchedulerTimeType.Stride, SchedulerTimeType.Stride, SchedulerOptions?,
            @escaping () -> Void
        ) -> Cancellable
    ) {
        nowThunk = now
        minimumToleranceThunk = minimumTolerance
        scheduleThunk = scheduleImmediately
        scheduleAfterThunk = delayed
        scheduleRepeatingThunk = interval
    }

    public var now: SchedulerTimeType { nowThunk() }
    public var minimumTolerance: SchedulerTimeType.Stride { minimumToleranceThunk() }

    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        scheduleThunk(options, action)
    }

    public func schedule(
        after date: SchedulerTimeType,
        tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) {
        scheduleAfterThunk(date, tolerance, options, action)
    }

    public func schedule(
        after date: SchedulerTimeType,
        interval: SchedulerTimeType.Stride,
        tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) -> Cancellable {
        scheduleRepeatingThunk(date, interval, tolerance, options, action)
    }
}

/// A type-erased scheduler with the time and option types of `S`.
public typealias AnySchedulerOf<S: Scheduler> = AnyScheduler<S.SchedulerTimeType, S.SchedulerOptions>

extension Scheduler {
    /// Wraps this scheduler in an `AnyScheduler`.
    public func eraseToAnyScheduler() -> AnyScheduler<SchedulerTimeType, SchedulerOptions> {
        AnyScheduler(self)
    }
}

extension AnyScheduler {
    /// Erasing again returns the same scheduler.
    public func eraseToAnyScheduler() -> AnyScheduler<SchedulerTimeType, SchedulerOptions> { self }
}

extension AnyScheduler where SchedulerTimeType == DispatchQueue.SchedulerTimeType,
    SchedulerOptions == DispatchQueue.SchedulerOptions
{
    /// The main queue, type-erased.
    public static var main: Self { DispatchQueue.main.eraseToAnyScheduler() }
}
