import Dispatch
#if !OPENCOMBINE_BASELINE
// Benchmarks/OpenCombineBaseline compiles this same file against OpenCombine.
import Streams
#endif

/// The Streams hot paths. `make bench` also runs this very file on OpenCombine
/// 0.14 (Benchmarks/OpenCombineBaseline) and prints each case's ratio to it
/// (OpenCombineBaseline.swift); the bar is half of OpenCombine's time or less.
enum StreamsBenchmarks {
    static var cases: [BenchmarkCase] {
        [
            BenchmarkCase("subject_sink", events: 5_000_000) { count in
                let subject = PassthroughSubject<Int, Never>()
                var sum: UInt64 = 0
                let cancellable = subject.sink { sum &+= UInt64(truncatingIfNeeded: $0) }
                for value in 0..<count { subject.send(value) }
                cancellable.cancel()
                return sum
            },
            BenchmarkCase("chain5", events: 5_000_000) { count in
                let subject = PassthroughSubject<Int, Never>()
                var sum: UInt64 = 0
                let cancellable = subject
                    .map { $0 &* 3 }
                    .filter { $0 & 2 == 0 }
                    .map { $0 >> 2 }
                    .removeDuplicates()
                    .sink { sum &+= UInt64(truncatingIfNeeded: $0) }
                for value in 0..<count { subject.send(value) }
                cancellable.cancel()
                return sum
            },
            BenchmarkCase("just_map_sink_subscribe", events: 1_000_000) { count in
                var sum: UInt64 = 0
                for value in 0..<count {
                    let cancellable = Just(value).map { $0 &+ 1 }.sink { sum &+= UInt64(truncatingIfNeeded: $0) }
                    cancellable.cancel()
                }
                return sum
            },
            BenchmarkCase("anypublisher_erase", events: 5_000_000) { count in
                let subject = PassthroughSubject<Int, Never>()
                var sum: UInt64 = 0
                let cancellable = subject.eraseToAnyPublisher()
                    .map { $0 &+ 1 }
                    .sink { sum &+= UInt64(truncatingIfNeeded: $0) }
                for value in 0..<count { subject.send(value) }
                cancellable.cancel()
                return sum
            },
            BenchmarkCase("switchToLatest_inner", events: 1_000_000) { count in
                let outer = PassthroughSubject<Just<Int>, Never>()
                var sum: UInt64 = 0
                let cancellable = outer.switchToLatest().sink { sum &+= UInt64(truncatingIfNeeded: $0) }
                for value in 0..<count { outer.send(Just(value)) }
                cancellable.cancel()
                return sum
            },
            // Bursts of 4 values 1 ms apart, then 20 ms of quiet: one value out per burst.
            BenchmarkCase("debounce_virtual", events: 1_000_000) { count in
                let scheduler = DispatchQueue.test
                let subject = PassthroughSubject<Int, Never>()
                var sum: UInt64 = 0
                var emitted = 0
                let cancellable = subject
                    .debounce(for: .milliseconds(10), scheduler: scheduler)
                    .sink { sum &+= UInt64(truncatingIfNeeded: $0); emitted += 1 }
                var value = 0
                while value < count {
                    for step in 0..<4 {
                        subject.send(value)
                        value += 1
                        if step < 3 { scheduler.advance(by: .milliseconds(1)) }
                    }
                    scheduler.advance(by: .milliseconds(20))
                }
                cancellable.cancel()
                precondition(emitted == (count + 3) / 4, "debounce_virtual: expected one value per burst")
                return sum
            },
        ]
    }
}
