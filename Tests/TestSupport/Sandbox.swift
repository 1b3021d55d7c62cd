import Foundation

/// A private folder for runs of the built `spacedash` (their home and cache),
/// removed at the end, with the environment those runs get: both APIs point
/// at a loopback server, or at a closed port, so nothing reaches a real API.
/// The one scratch-folder helper of the end-to-end tests.
public final class Sandbox: @unchecked Sendable {
    public let directory: URL
    /// The cache folder (`SPACEDASH_CACHE_DIR`), created by the first run that writes.
    public var cache: URL { directory.appendingPathComponent("cache") }

    public init() {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("spacedash-test-\(getpid())-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// The environment of a run: a fixed `PATH`, `HOME` in the folder, a UTF-8
    /// locale, the cache in the folder, and both APIs at `server`: InSight at
    /// `/insight_weather/`, Launch Library at `launchesPath` (the root by default).
    /// `extra` adds or replaces variables.
    public func environment(server: LoopbackServer?, launchesPath: String = "",
                            extra: [String: String] = [:]) -> [String: String] {
        let base = server?.baseURL.absoluteString ?? "http://127.0.0.1:9"
        return [
            "PATH": "/usr/bin:/bin",
            "HOME": directory.path,
            "LANG": "C.UTF-8",
            "SPACEDASH_CACHE_DIR": cache.path,
            "SPACEDASH_INSIGHT_URL": base + "/insight_weather/",
            "SPACEDASH_LAUNCHES_URL": base + launchesPath,
        ].merging(extra) { $1 }
    }

    /// Runs the built `spacedash` in this sandbox.
    public func run(_ arguments: [String], server: LoopbackServer?, launchesPath: String = "",
                    extra: [String: String] = [:], stdout: ProcessRunner.StandardOutput = .capture,
                    timeout: TimeInterval = 90) throws -> ProcessResult {
        try ProcessRunner.run(ProjectPaths.spacedashBinary, arguments: arguments,
                              environment: environment(server: server, launchesPath: launchesPath, extra: extra),
                              stdout: stdout, timeout: timeout)
    }

    /// Every file under the folder (cache entries, temporary files), as bytes.
    public func files() -> [(path: String, contents: Data)] {
        guard let walker = FileManager.default.enumerator(atPath: directory.path) else { return [] }
        var files: [(String, Data)] = []
        for case let relative as String in walker {
            let path = directory.appendingPathComponent(relative).path
            if let data = FileManager.default.contents(atPath: path) { files.append((relative, data)) }
        }
        return files
    }
}
