import Foundation
import SpaceData
#if canImport(Glibc)
import Glibc
#endif

/// `make bench` cases for the Launch Library decoder: throughput on a page of
/// 100 launches in the 2.3.0 normal schema, the largest page the API serves.
///
/// Two pages: the bundled listing's launches (Launch Library 2's listing of
/// 20 July 2026, 2.2.0 detailed) repeated to 100 (always there),
/// and the real 2.3.0 capture's launches repeated to 100 when
/// `../shared/data/launches/ll2` is present (real launches carry much more
/// nested detail, so they are the more honest number).
enum LaunchLibraryBenchmarks {
    static func run() {
        measure("launches.decode.page100.listing", page: page100(from: BundledLaunchListing.body))
        if let capture = sharedCapture() {
            measure("launches.decode.page100.real_2_3_0", page: page100(from: capture))
        } else {
            FileHandle.standardError.write(Data("launches.decode.page100.real_2_3_0: ../shared/data/launches/ll2 not found, skipped\n".utf8))
        }
    }

    private static func measure(_ name: String, page: Data?) {
        guard let page else {
            FileHandle.standardError.write(Data("\(name): could not build the page, skipped\n".utf8))
            return
        }
        // Check once that the page decodes whole, so the number means something.
        guard let decoded = try? LaunchLibraryDecoder.decodePage(page), decoded.launches.count == 100 else {
            FileHandle.standardError.write(Data("\(name): the page did not decode to 100 launches, skipped\n".utf8))
            return
        }
        var samples: [Double] = []
        var launches = 0
        let deadline = Date().addingTimeInterval(3)
        while samples.count < 15 || (samples.count < 200 && Date() < deadline) {
            let start = cpuSeconds()
            launches &+= (try? LaunchLibraryDecoder.decodePage(page).launches.count) ?? 0
            samples.append(cpuSeconds() - start)
        }
        let median = samples.sorted()[samples.count / 2]
        print("\(name) \(format(Double(page.count) / median / 1_000_000)) MB/s")
        print("\(name).bytes \(page.count) bytes")
        print("\(name).per_launch \(format(median * 1e6 / 100)) us")
        if launches == 0 { print("") }  // keeps the decode from being optimised away
        // For scale: Foundation's untyped parse of the same bytes, which builds
        // every value and decodes nothing.
        var baseline: [Double] = []
        for _ in 0..<15 {
            let start = cpuSeconds()
            _ = try? JSONSerialization.jsonObject(with: page)
            baseline.append(cpuSeconds() - start)
        }
        print("\(name).jsonserialization_baseline \(format(Double(page.count) / baseline.sorted()[baseline.count / 2] / 1_000_000)) MB/s")
        fflush(nil)  // the other suites write unbuffered
    }

    /// A page envelope around `source`'s launches repeated to 100, each copy
    /// with its own id (the decoder and its callers de-duplicate by id).
    static func page100(from source: Data) -> Data? {
        guard let json = try? JSONSerialization.jsonObject(with: source) else { return nil }
        let results = (json as? [[String: Any]]) ?? ((json as? [String: Any])?["results"] as? [[String: Any]]) ?? []
        guard !results.isEmpty else { return nil }
        var page: [[String: Any]] = []
        for index in 0..<100 {
            var launch = results[index % results.count]
            launch["id"] = String(format: "00000000-0000-4000-8000-%012d", index)
            page.append(launch)
        }
        let envelope: [String: Any] = [
            "count": 100, "next": NSNull(), "previous": NSNull(), "results": page,
        ]
        return try? JSONSerialization.data(withJSONObject: envelope)
    }

    private static func sharedCapture() -> Data? {
        // The benchmark runs from the package root (make bench).
        let path = FileManager.default.currentDirectoryPath + "/../shared/data/launches/ll2/capture-EloxFire-astroshare-app-1.json"
        return FileManager.default.contents(atPath: path)
    }

    /// The process's CPU time, as the other suites measure: the machines are
    /// shared, and wall time would count other processes' turns.
    private static func cpuSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    private static func format(_ value: Double) -> String {
        String(format: value >= 100 ? "%.0f" : "%.2f", value)
    }
}
