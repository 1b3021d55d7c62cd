import Dispatch

/// Hands a non-`Sendable` action to Dispatch. The scheduler protocol does not
/// require `@Sendable` actions (see `Scheduler`); each action runs exactly once
/// per scheduling on the queue, and the operators keep their state locked.
@usableFromInline
struct UncheckedSendableAction: @unchecked Sendable {
    @usableFromInline let run: () -> Void
    @inlinable init(_ run: @escaping () -> Void) { self.run = run }
}

extension DispatchQueue: Scheduler {
    /// Options for scheduling on a dispatch queue, as in Combine. (Unchecked:
    /// `DispatchWorkItemFlags` is a plain option set Dispatch does not mark `Sendable`.)
    public struct SchedulerOptions: @unchecked Sendable {
        public var qos: DispatchQoS
        public var flags: DispatchWorkItemFlags
        public var group: DispatchGroup?

        public init(qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], group: DispatchGroup? = nil) {
            self.qos = qos
            self.flags = flags
            self.group = group
        }
    }

    /// A point in time on a dispatch queue: a `DispatchTime`.
    public struct SchedulerTimeType: Strideable, Hashable, Sendable {
        public var dispatchTime: DispatchTime

        public init(_ time: DispatchTime) {
            dispatchTime = time
        }

        public func distance(to other: SchedulerTimeType) -> Stride {
            // Both are unsigned nanosecond counts; compute the signed difference.
            let start = dispatchTime.uptimeNanoseconds
            let end = other.dispatchTime.uptimeNanoseconds
            return end >= start
                ? Stride(nanoseconds: Int(clamping: end - start))
                : Stride(nanoseconds: -Int(clamping: start - end))
        }

        public func advanced(by n: Stride) -> SchedulerTimeType {
            let uptime = dispatchTime.uptimeNanoseconds
            let moved: UInt64 = n.magnitude >= 0
                ? uptime.addingReportingOverflow(UInt64(n.magnitude)).overflow
                    ? .max : uptime + UInt64(n.magnitude)
                : uptime > UInt64(-n.magnitude) ? uptime - UInt64(-n.magnitude) : 1
            return SchedulerTimeType(DispatchTime(uptimeNanoseconds: moved))
        }

        public static func == (lhs: SchedulerTimeType, rhs: SchedulerTimeType) -> Bool {
            lhs.dispatchTime.uptimeNanoseconds == rhs.dispatchTime.uptimeNanoseconds
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(dispatchTime.uptimeNanoseconds)
        }

        /// A duration on a dispatch queue, in nanoseconds.
        public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric,
            ExpressibleByFloatLiteral, Hashable, Sendable, Codable
        {
            /// The duration in nanoseconds (negative for a duration backwards).
            public var magnitude: Int

            public init(nanoseconds: Int) { magnitude = nanoseconds }

            /// A duration from a `DispatchTimeInterval`.
            public init(_ interval: DispatchTimeInterval) {
                switch interval {
                case .seconds(let s): magnitude = s.multipliedReportingOverflow(by: 1_000_000_000).partialValue
                case .milliseconds(let ms): magnitude = ms.multipliedReportingOverflow(by: 1_000_000).partialValue
                case .microseconds(let us): magnitude = us.multipliedReportingOverflow(by: 1_000).partialValue
                case .nanoseconds(let ns): magnitude = ns
                case .never: magnitude = .max
                @unknown default: magnitude = .max
                }
            }

            /// A duration in seconds.
            public init(_ seconds: Double) { magnitude = Int(seconds * 1_000_000_000) }
            public init(floatLiteral value: Double) { self.init(value) }
            public init(integerLiteral value: Int) { magnitude = value.multipliedReportingOverflow(by: 1_000_000_000).partialValue }
            public init?<T: BinaryInteger>(exactly source: T) {
                guard let value = Int(exactly: source) else { return nil }
                self.init(integerLiteral: value)
            }

            /// The duration as a `DispatchTimeInterval`.
            public var timeInterval: DispatchTimeInterval { .nanoseconds(magnitude) }

            public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.magnitude < rhs.magnitude }
            public static func + (lhs: Stride, rhs: Stride) -> Stride { Stride(nanoseconds: lhs.magnitude + rhs.magnitude) }
            public static func - (lhs: Stride, rhs: Stride) -> Stride { Stride(nanoseconds: lhs.magnitude - rhs.magnitude) }
            public static func * (lhs: Stride, rhs: Stride) -> Stride { Stride(nanoseconds: lhs.magnitude * rhs.magnitude) }
            public static func += (lhs: inout Stride, rhs: Stride) { lhs = lhs + rhs }
            public static func -= (lhs: inout Stride, rhs: Stride) { lhs = lhs - rhs }
            public static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }

            public static func seconds(_ s: Int) -> Stride { Stride(.seconds(s)) }
            public static func seconds(_ s: Double) -> Stride { Stride(s) }
            public static func milliseconds(_ ms: Int) -> Stride { Stride(.milliseconds(ms)) }
            public static func microseconds(_ us: Int) -> Stride { Stride(.microseconds(us)) }
            public static func nanoseconds(_ ns: Int) -> Stride { Stride(nanoseconds: ns) }
        }
    }

    public var now: SchedulerTimeType { SchedulerTimeType(DispatchTime.now()) }

    public var minimumTolerance: SchedulerTimeType.Stride { SchedulerTimeType.Stride(nanoseconds: 0) }

    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        let box = UncheckedSendableAction(action)
        let options = options ?? SchedulerOptions()
        async(group: options.group, qos: options.qos, flags: options.flags) { box.run() }
    }

    public func schedule(
        after date: SchedulerTimeType,
        tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) {
        let box = UncheckedSendableAction(action)
        let options = options ?? SchedulerOptions()
        asyncAfter(deadline: date.dispatchTime, qos: options.qos, flags: options.flags) { box.run() }
    }

    public func schedule(
        after date: SchedulerTimeType,
        interval: SchedulerTimeType.Stride,
        tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) -> Cancellable {
        let box = UncheckedSendableAction(action)
        let timer = DispatchSource.makeTimerSource(queue: self)
        timer.setEventHandler { box.run() }
        timer.schedule(
            deadline: date.dispatchTime,
            repeating: interval.timeInterval,
            leeway: tolerance.timeInterval
        )
        timer.resume()
        return AnyCancellable { timer.cancel() }
    }
}
