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
        measure("launches.decode.page100.listing", label: "a 100-launch page of the bundled listing of 20 July 2026 (2.2.0 detailed)",
                page: page100(from: BundledLaunchListing.body))
        if let capture = sharedCapture() {
            measure("launches.decode.page100.real_2_3_0", label: "a 100-launch page of the real 2.3.0 capture in ../shared",
                    page: page100(from: capture))
        } else {
            FileHandle.standardError.write(Data("launches.decode.page100.real_2_3_0: ../shared/data/launches/ll2 not found, skipped\n".utf8))
        }
    }

    private static func measure(_ name: String, label: String, page: Data?) {
        guard let page else {
            FileHandle.standardError.write(Data("\(name): could not build the page, skipped\n".utf8))
            return
        }
        // Check once that the page decodes whole, both ways, so the numbers mean something.
        guard let decoded = try? LaunchLibraryDecoder.decodePage(page), decoded.launches.count == 100,
              let reference = try? LaunchLibraryDecoder.decodeWithJSONDecoder(page), reference.launches.count == 100 else {
            FileHandle.standardError.write(Data("\(name): the page did not decode to 100 launches both ways, skipped\n".utf8))
            return
        }
        if reference.launches != decoded.launches {
            FileHandle.standardError.write(Data("\(name): the two decoders read some launches differently\n".utf8))
        }
        let measurement = MeasuredOn()
        let time = CPUClock.median { (try? LaunchLibraryDecoder.decodePage(page).launches.count) ?? 0 }
        // The baseline: Foundation's JSONDecoder reading the same bytes into the
        // same `RawLaunch` values (the decoder the app keeps for other shapes).
        let baseline = CPUClock.median { (try? LaunchLibraryDecoder.decodeWithJSONDecoder(page).launches.count) ?? 0 }
        let rate = Double(page.count) / time / 1_000_000, baselineRate = Double(page.count) / baseline / 1_000_000
        print("\(name) \(format(rate)) MB/s")
        print("\(name).bytes \(page.count) bytes")
        print("\(name).per_launch \(format(time * 1e6 / 100)) us")
        print("\(name).jsondecoder_baseline \(format(baselineRate)) MB/s")
        fflush(nil)  // the other suites write unbuffered
        PerformanceTable.shared.add("Launch Library decode, \(label) (\(page.count.grouped) bytes)", figure: "\(rate.quoted) MB/s",
                                    baseline: "Foundation's JSONDecoder, same bytes, same shape: \(baselineRate.quoted) MB/s",
                                    ratio: rate / baselineRate, measured: measurement.text)
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

    private static func format(_ value: Double) -> String {
        String(format: value >= 100 ? "%.0f" : "%.2f", value)
    }
}
