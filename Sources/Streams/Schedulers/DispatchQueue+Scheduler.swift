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

    /// A point in time on a dispatch queue: a `DispatchTime`. It encodes as
    /// Combine's does: its uptime in nanoseconds, as a single number.
    public struct SchedulerTimeType: Strideable, Hashable, Sendable, Codable {
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
            // Saturates at both ends (`Int.min` included), so a very long
            // stride means "a very long time", never a time in the past.
            // Past 2^63 ns Dispatch would read the bits as a wall-clock time
            // (already past): the far end is `distantFuture`.
            let uptime = dispatchTime.uptimeNanoseconds
            let distance = UInt64(n.magnitude.magnitude)
            let moved: UInt64 = n.magnitude >= 0
                ? uptime.addingReportingOverflow(distance).overflow ? .max : uptime + distance
                : uptime > distance ? uptime - distance : 1
            return SchedulerTimeType(moved > UInt64(Int64.max) ? .distantFuture : DispatchTime(uptimeNanoseconds: moved))
        }

        public static func == (lhs: SchedulerTimeType, rhs: SchedulerTimeType) -> Bool {
            lhs.dispatchTime.uptimeNanoseconds == rhs.dispatchTime.uptimeNanoseconds
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(dispatchTime.uptimeNanoseconds)
        }

        public init(from decoder: Decoder) throws {
            dispatchTime = DispatchTime(uptimeNanoseconds: try decoder.singleValueContainer().decode(UInt64.self))
        }

        public func encode(to encoder: Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(dispatchTime.uptimeNanoseconds)
        }

        /// A duration on a dispatch queue, in nanoseconds.
        ///
        /// As in Combine, building one saturates instead of overflowing:
        /// `.seconds(Int.max)` is `Int.max` nanoseconds (a very long time),
        /// `.seconds(Int.min)` is `Int.min`, and `.seconds(hugeDouble)` does not
        /// trap. It encodes as Combine's does, `{"_nanoseconds": N}`.
        ///
        /// Deliberate difference from Combine: `*` multiplies the nanosecond
        /// counts (saturating), where Combine's always returns zero.
        public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric,
            ExpressibleByFloatLiteral, Hashable, Sendable, Codable
        {
            /// The duration in nanoseconds (negative for a duration backwards).
            public var magnitude: Int

            public init(nanoseconds: Int) { magnitude = nanoseconds }

            /// A duration from a `DispatchTimeInterval`.
            public init(_ interval: DispatchTimeInterval) {
                switch interval {
                case .seconds(let s): self = .seconds(s)
                case .milliseconds(let ms): self = .milliseconds(ms)
                case .microseconds(let us): self = .microseconds(us)
                case .nanoseconds(let ns): self = .nanoseconds(ns)
                case .never: magnitude = .max
                @unknown default: magnitude = .max
                }
            }

            /// A duration in seconds.
            public init(_ seconds: Double) { self = .seconds(seconds) }
            public init(floatLiteral value: Double) { self = .seconds(value) }
            public init(integerLiteral value: Int) { self = .seconds(value) }
            public init?<T: BinaryInteger>(exactly source: T) {
                guard let value = Int(exactly: source) else { return nil }
                self = .seconds(value)
            }

            /// The duration as a `DispatchTimeInterval`.
            public var timeInterval: DispatchTimeInterval { .nanoseconds(magnitude) }

            public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.magnitude < rhs.magnitude }
            public static func + (lhs: Stride, rhs: Stride) -> Stride {
                Stride(nanoseconds: saturating(lhs.magnitude.addingReportingOverflow(rhs.magnitude), sign: rhs.magnitude))
            }
            public static func - (lhs: Stride, rhs: Stride) -> Stride {
                Stride(nanoseconds: saturating(lhs.magnitude.subtractingReportingOverflow(rhs.magnitude), sign: rhs.magnitude == .min ? 1 : -rhs.magnitude))
            }
            public static func * (lhs: Stride, rhs: Stride) -> Stride {
                Stride(nanoseconds: clampedProduct(lhs.magnitude, rhs.magnitude))
            }
            public static func += (lhs: inout Stride, rhs: Stride) { lhs = lhs + rhs }
            public static func -= (lhs: inout Stride, rhs: Stride) { lhs = lhs - rhs }
            public static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }

            public static func seconds(_ s: Int) -> Stride { Stride(nanoseconds: clampedProduct(s, 1_000_000_000)) }
            public static func seconds(_ s: Double) -> Stride {
                let nanoseconds = (s * 1_000_000_000).rounded(.towardZero)
                precondition(!nanoseconds.isNaN, "a duration of NaN seconds")
                // Double(Int.max) rounds up to 2^63, which Int cannot hold.
                if nanoseconds >= Double(Int.max) { return Stride(nanoseconds: .max) }
                if nanoseconds <= Double(Int.min) { return Stride(nanoseconds: .min) }
                return Stride(nanoseconds: Int(nanoseconds))
            }
            public static func milliseconds(_ ms: Int) -> Stride { Stride(nanoseconds: clampedProduct(ms, 1_000_000)) }
            public static func microseconds(_ us: Int) -> Stride { Stride(nanoseconds: clampedProduct(us, 1_000)) }
            public static func nanoseconds(_ ns: Int) -> Stride { Stride(nanoseconds: ns) }

            private static func clampedProduct(_ lhs: Int, _ rhs: Int) -> Int {
                let (product, overflow) = lhs.multipliedReportingOverflow(by: rhs)
                guard overflow else { return product }
                return (lhs < 0) == (rhs < 0) ? .max : .min
            }

            /// The result, or the bound it ran past (the direction `sign` moved it).
            private static func saturating(_ result: (partialValue: Int, overflow: Bool), sign: Int) -> Int {
                guard result.overflow else { return result.partialValue }
                return sign > 0 ? .max : .min
            }

            private enum CodingKeys: String, CodingKey {
                case nanoseconds = "_nanoseconds"
            }

            public init(from decoder: Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                magnitude = try container.decode(Int.self, forKey: .nanoseconds)
            }

            public func encode(to encoder: Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(magnitude, forKey: .nanoseconds)
            }
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
