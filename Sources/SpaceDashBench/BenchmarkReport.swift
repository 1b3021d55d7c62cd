import Foundation
import Synchronization

/// BENCHMARKS.md, written by `make bench` itself: the three tables the cases
/// print, under what each measures and against which baseline, headed by the
/// date and the machine. Only a run of every case writes it (a filtered run
/// would leave tables out), so the file always holds one whole run.
final class BenchmarkReport: Sendable {
    static let shared = BenchmarkReport()

    enum Table: CaseIterable {
        case summary, startup, fileLoad
    }

    private let rows = Mutex<[Table: [String]]>([:])

    /// Prints a table line on stdout and keeps it for the report.
    func add(_ line: String, to table: Table) {
        rows.withLock { $0[table, default: []].append(line) }
        print(line)
        fflush(nil)
    }

    /// Writes the report to `path`; `false` when it could not.
    @discardableResult
    func write(to path: String) -> Bool {
        let tables = rows.withLock { $0 }
        func table(_ which: Table) -> String {
            tables[which].map { $0.joined(separator: "\n") } ?? "(not measured in this run: see the bench's messages on stderr)"
        }
        let text = """
            # spacedash benchmarks

            Written by `make bench` on \(Self.date()), on \(Self.machine()). Every figure is \
            measured on the path the app runs, beside a baseline measured in the same run, so that \
            the ratio means something on any machine; absolute figures move with the machine (a \
            shared virtual machine can be half as fast from one minute to the next). Run it again \
            with `make bench`; `make bench BENCH_ARGS=startup` runs one group and leaves this file \
            as it is.

            ## Summary

            In-process cases are CPU time (the median of at least 15 runs after a warm-up); the \
            start-up and interactive cases are wall time.

            \(table(.summary))

            The Streams cases run once more on OpenCombine 0.14, in the same run: a bench-only \
            package, `Benchmarks/OpenCombineBaseline` (outside the root package, which takes no \
            dependencies; `make test` never builds it), compiles the very same case code, runner and \
            `TestScheduler` against OpenCombine. If it cannot be built, the bench says so and prints \
            the figures recorded in issue 16 instead (`NAME.opencombine_recorded`). The Launch \
            Library, InSight and Curiosity decoders are compared with Foundation reading the same \
            bytes: `JSONDecoder` into the same shape where one exists, `JSONSerialization`'s untyped \
            parse otherwise. The history and search rows are compared with the least work that \
            gives the same answer (splitting the table into fields; a linear scan of the same folded \
            text). The cases that read `../shared`'s captures are skipped without it.

            ## Start-up

            `StartupBaseline` is a Swift program that imports only `FoundationEssentials`, decodes a \
            small JSON and prints a line, built the default way (release, static Swift runtime, \
            stripped) in the same run. Each command runs 21 times, interleaved with the others (the \
            first round is dropped); medians of wall time (spawn to exit) and of peak RSS (GNU \
            time's `%M`). `launches next` runs from a fresh cache entry of the listing of 20 July \
            2026, with `SPACEDASH_NOW` at the listing's time so a launch is ahead on any day; the \
            bench checks it prints one line and exits 0 before timing it.

            \(table(.startup))

            What keeps start-up short, and which files it runs through, is in DEVELOPERS.md \
            ("Start-up path").

            ## `--file` load

            `--file` reads a saved response as a stream of records: the file in 1 MiB chunks, each \
            launch checked and decoded alone in one walk over its bytes, so memory holds the \
            launches decoded so far and never the whole document. The bench writes synthetic Launch \
            Library files of 10,000, 100,000 and 1,000,000 launches and loads each in a fresh process \
            through the loader `launches --file` uses, then indexes it as the app does. The load's \
            time is CPU time, the median of five loads of each size made in turns, so that a slow \
            minute of the machine falls on every size alike; each size's MB/s is compared with the \
            10,000-launch file's in the same run, and memory with the index the launches make.

            \(table(.fileLoad))

            """
        do {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return true
        } catch {
            FileHandle.standardError.write(Data("SpaceDashBench: cannot write \(path): \(error)\n".utf8))
            return false
        }
    }

    private static func date() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
        return formatter.string(from: Date())
    }

    /// "an Intel Xeon … (2 CPUs, 24 GiB), Debian GNU/Linux 12 (bookworm), Linux 6.1": what the
    /// kernel says of the processor, the memory and the system.
    private static func machine() -> String {
        func field(_ file: String, _ name: String, separator: Character) -> String? {
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return nil }
            for line in text.split(separator: "\n") where line.hasPrefix(name) {
                guard let index = line.firstIndex(of: separator) else { continue }
                return line[line.index(after: index)...].trimmingCharacters(in: CharacterSet(charactersIn: " \t\""))
            }
            return nil
        }
        let processor = field("/proc/cpuinfo", "model name", separator: ":") ?? "an unknown processor"
        let memory = field("/proc/meminfo", "MemTotal", separator: ":")
            .flatMap { Double($0.split(separator: " ").first ?? "") }
            .map { String(format: "%.0f GiB", $0 / 1_048_576) } ?? "unknown memory"
        let system = field("/etc/os-release", "PRETTY_NAME", separator: "=") ?? "an unknown system"
        var names = utsname()
        uname(&names)
        let kernel = withUnsafeBytes(of: &names.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return "\(processor) (\(ProcessInfo.processInfo.activeProcessorCount) CPUs, \(memory)), \(system), Linux \(kernel)"
    }
}
