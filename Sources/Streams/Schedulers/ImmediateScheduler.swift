/// A scheduler that runs every action at once, synchronously, on the calling
/// thread. Scheduling "after" a date ignores the date, as in Combine.
public struct ImmediateScheduler: Scheduler, Sendable {
    /// Time on an immediate scheduler: a counter that never advances.
    public struct SchedulerTimeType: Strideable, Hashable, Sendable {
        public typealias Stride = ImmediateScheduler.Stride

        public func distance(to other: SchedulerTimeType) -> Stride { Stride(0) }
        public func advanced(by n: Stride) -> SchedulerTimeType { self }
    }

    /// A duration on an immediate scheduler: an integer count of nanoseconds,
    /// kept only so the `Scheduler` API can be used; it never delays anything.
    public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, ExpressibleByIntegerLiteral,
        Hashable, Sendable, Codable
    {
        public var magnitude: Int

        public init(_ value: Int) { magnitude = value }
        public init(integerLiteral value: Int) { magnitude = value }
        public init?<T: BinaryInteger>(exactly source: T) {
            guard let value = Int(exactly: source) else { return nil }
            magnitude = value
        }

        public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.magnitude < rhs.magnitude }
        public static func + (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude + rhs.magnitude) }
        public static func - (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude - rhs.magnitude) }
        public static func * (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude * rhs.magnitude) }
        public static func += (lhs: inout Stride, rhs: Stride) { lhs = lhs + rhs }
        public static func -= (lhs: inout Stride, rhs: Stride) { lhs = lhs - rhs }
        public static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }

        public static func seconds(_ s: Int) -> Stride { Stride(s * 1_000_000_000) }
        public static func seconds(_ s: Double) -> Stride { Stride(Int(s * 1_000_000_000)) }
        public static func milliseconds(_ ms: Int) -> Stride { Stride(ms * 1_000_000) }
        public static func microseconds(_ us: Int) -> Stride { Stride(us * 1_000) }
        public static func nanoseconds(_ ns: Int) -> Stride { Stride(ns) }
    }

    public typealias SchedulerOptions = Never

    /// The one immediate scheduler.
    public static let shared = ImmediateScheduler()

    public var now: SchedulerTimeType { SchedulerTimeType() }
    public var minimumTolerance: Stride { Stride(0) }

    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        action()
    }

    public func schedule(
        after date: SchedulerTimeType,
        tolerance: Stride,
        options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) {
        action()
    }

    public func schedule(
        after date: SchedulerTimeType,
        interval: Stride,
        tolerance: Stride,
        options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) -> Cancellable {
        action()
        return AnyCancellable {}
    }
}

extension ImmediateScheduler {
    /// A new test scheduler with `ImmediateScheduler`'s time types.
    public static var test: TestSchedulerOf<ImmediateScheduler> {
        TestScheduler(now: SchedulerTimeType())
    }
}
