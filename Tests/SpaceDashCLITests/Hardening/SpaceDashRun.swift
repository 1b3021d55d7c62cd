import Foundation
import TestSupport

/// One end-to-end run of the built `spacedash`, against the loopback server,
/// with a private home and cache folder: for the hardening tests.
final class SpaceDashRun {
    let directory: URL
    var cache: URL { directory.appendingPathComponent("cache") }

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("spacedash-hardening-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// Nothing here may reach a real API: both base URLs point at `server`
    /// (or at a closed port).
    func environment(server: LoopbackServer?, extra: [String: String] = [:]) -> [String: String] {
        let base = server?.baseURL.absoluteString ?? "http://127.0.0.1:9"
        return [
            "PATH": "/usr/bin:/bin",
            "HOME": directory.path,
            "LANG": "C.UTF-8",
            "SPACEDASH_CACHE_DIR": cache.path,
            "SPACEDASH_INSIGHT_URL": base + "/insight_weather/",
            "SPACEDASH_CURIOSITY_URL": base + "/msl",
            "SPACEDASH_LAUNCHES_URL": base,
        ].merging(extra) { $1 }
    }

    func run(_ arguments: [String], server: LoopbackServer?, extra: [String: String] = [:],
             stdout: ProcessRunner.StandardOutput = .capture) throws -> ProcessResult {
        try ProcessRunner.run(ProjectPaths.spacedashBinary, arguments: arguments,
                              environment: environment(server: server, extra: extra), stdout: stdout, timeout: 90)
    }

    /// Every file under the run's folder (cache entries, temporary files), as bytes.
    func files() -> [(path: String, contents: Data)] {
        guard let walker = FileManager.default.enumerator(atPath: directory.path) else { return [] }
        var files: [(String, Data)] = []
        for case let relative as String in walker {
            let path = directory.appendingPathComponent(relative).path
            if let data = FileManager.default.contents(atPath: path) { files.append((relative, data)) }
        }
        return files
    }
}
