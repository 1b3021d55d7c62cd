import Foundation
import SpaceData

/// `make bench` cases for Curiosity's weather feed:
/// - `curiosity.decode.mission`: decoding the 2.9 MB whole-mission capture
///   (../shared/data/mars-rovers/msl-2026-02-11-chrstphlbr.json, read from the
///   current directory's parent, as `make bench` runs from the repository
///   root; skipped when absent), in MB/s and ms per answer. The bar is 15 ms.
/// - `curiosity.cache.read`: reading the same sols back from the cache's
///   compact form, in ms.
enum CuriosityBenchmarks {
    static let capturePath = "../shared/data/mars-rovers/msl-2026-02-11-chrstphlbr.json"

    static func run() {
        guard let body = FileManager.default.contents(atPath: capturePath) else {
            warn("curiosity.decode.mission: \(capturePath) not found (run from the repository root), skipped")
            return
        }
        guard let feed = try? CuriosityDecoder.decode(body), feed.sols.count == 4551 else {
            warn("curiosity.decode.mission: the capture did not decode to 4,551 sols, skipped")
            return
        }
        let decode = median { (try? CuriosityDecoder.decode(body).sols.count) ?? 0 }
        print("curiosity.decode.mission \(format(Double(body.count) / decode / 1_000_000)) MB/s")
        print("curiosity.decode.mission.per_answer \(format(decode * 1000)) ms")
        print("curiosity.decode.mission.bytes \(body.count) bytes")

        let compact = CuriosityCompactForm.encode(feed)
        let read = median { (try? CuriosityCompactForm.decode(compact).sols.count) ?? 0 }
        print("curiosity.cache.read \(format(read * 1000)) ms")
        print("curiosity.cache.bytes \(compact.count) bytes")
    }

    /// The median wall time of `work`, after half a second of warm-up (the CPU's clock up).
    static func median(_ work: () -> Int) -> Double {
        var checksum = 0
        let warmUp = Date().addingTimeInterval(0.5)
        while Date() < warmUp { checksum &+= work() }
        var samples: [Double] = []
        let deadline = Date().addingTimeInterval(3)
        while samples.count < 15 || (samples.count < 200 && Date() < deadline) {
            let start = DispatchTime.now().uptimeNanoseconds
            checksum &+= work()
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        if checksum == 0 { print("") }  // keeps the work from being optimised away
        return samples.sorted()[samples.count / 2]
    }

    private static func warn(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    private static func format(_ value: Double) -> String {
        String(format: value >= 100 ? "%.0f" : "%.2f", value)
    }
}
