import Foundation
import Testing
@testable import SpaceDashCLI
import TestSupport

/// The binary `make install` puts in place runs on a machine without the Swift
/// toolchain: it needs no Swift library at run time, has no search path but its
/// own folder, carries no symbols, and runs with the toolchain's library folder
/// hidden (a tmpfs mounted over it in a private mount namespace).
///
/// `make test` installs the release binary into a scratch prefix and names it in
/// `SPACEDASH_INSTALLED_BINARY`; a bare `swift test` has none to check.
private let installedBinary = ProcessInfo.processInfo.environment["SPACEDASH_INSTALLED_BINARY"].map(URL.init(fileURLWithPath:))

@Suite(.enabled(if: installedBinary != nil,
                "SPACEDASH_INSTALLED_BINARY is unset: `make test` builds, installs and checks the release binary"))
struct InstalledBinaryTests {
    private var binary: URL { installedBinary! }

    /// What a Debian 12 machine has without the toolchain: the C library and libstdc++.
    /// libcurl is not among them: it is loaded by the first request (see curl_shim.h).
    private static let systemLibraries: Set<String> = [
        "libc.so.6", "libm.so.6", "libdl.so.2", "libpthread.so.0", "librt.so.1", "libutil.so.1",
        "ld-linux-x86-64.so.2", "ld-linux-aarch64.so.1", "libstdc++.so.6", "libgcc_s.so.1",
    ]

    /// The toolchain's library folder (`…/usr/lib`, holding `swift/linux/libswiftCore.so`), from
    /// the copy of libswiftCore this test process loaded.
    static func toolchainLibraryFolder() throws -> String {
        // Read to the end: /proc files say they are empty.
        let maps = String(decoding: try #require(FileHandle(forReadingAtPath: "/proc/self/maps")).readDataToEndOfFile(), as: UTF8.self)
        let line = try #require(maps.split(separator: "\n").first { $0.hasSuffix("/libswiftCore.so") })
        let path = String(line[line.firstIndex(of: "/")!...])
        // …/usr/lib/swift/linux/libswiftCore.so -> …/usr/lib
        return URL(fileURLWithPath: path).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    }

    private func readelf(_ arguments: [String]) throws -> String {
        let result = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/readelf"), arguments: arguments + [binary.path])
        try #require(result.exitCode == 0, "readelf failed: \(result.stderrText)")
        return result.stdoutText
    }

    @Test func needsNoSwiftLibraryAndNoPathIntoTheToolchain() throws {
        let dynamic = try readelf(["-d"])
        let needed = dynamic.split(separator: "\n").filter { $0.contains("(NEEDED)") }.compactMap { line -> String? in
            guard let open = line.firstIndex(of: "["), let close = line.lastIndex(of: "]") else { return nil }
            return String(line[line.index(after: open) ..< close])
        }
        #expect(needed.contains("libc.so.6"))
        #expect(Set(needed).subtracting(Self.systemLibraries).isEmpty, "needs \(needed)")
        // SwiftPM's `$ORIGIN` (the binary's own folder) is the only search path.
        let paths = dynamic.split(separator: "\n").filter { $0.contains("(RUNPATH)") || $0.contains("(RPATH)") }
        #expect(paths.allSatisfy { $0.hasSuffix("[$ORIGIN]") }, "\(paths)")
    }

    /// Without a usable libcurl (an empty file found first in the library path),
    /// what needs no request runs, and a live command falls back to the bundled
    /// data saying in one line why it could not ask.
    @Test func runsWithoutLibcurlUntilARequestIsMade() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("spacedash-nocurl-\(UUID().uuidString)")
        let libraries = scratch.appendingPathComponent("lib")
        try FileManager.default.createDirectory(at: libraries, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        try Data().write(to: libraries.appendingPathComponent("libcurl.so.4"))
        let environment = ["PATH": "/usr/bin:/bin", "HOME": scratch.path, "LANG": "C.UTF-8", "LD_LIBRARY_PATH": libraries.path,
                           "SPACEDASH_CACHE_DIR": scratch.appendingPathComponent("cache").path,
                           // When the bundled listing was made: its launches are still ahead.
                           "SPACEDASH_NOW": "2026-07-20T14:38:00Z"]
        let version = try ProcessRunner.run(binary, arguments: ["--version"], environment: environment, timeout: 60)
        #expect(version.exitCode == 0 && version.stdoutText == "spacedash \(SpaceDashVersion.current)\n", "\(version.stderrText)")
        let offline = try ProcessRunner.run(binary, arguments: ["mars-weather", "--offline"], environment: environment, timeout: 60)
        #expect(offline.exitCode == 0 && offline.stderrText.contains("Source: the bundled sample"), "\(offline.stderrText)")
        #expect(!offline.stderrText.contains("libcurl"))
        let live = try ProcessRunner.run(binary, arguments: ["launches"], environment: environment, timeout: 60)
        #expect(live.exitCode == 0)
        #expect(live.stdoutText.contains("Falcon 9"))
        let problem = "spacedash: cannot make requests: libcurl could not be loaded (\(libraries.path)/libcurl.so.4: file too short); install it with: sudo apt-get install libcurl4\n"
        #expect(live.stderrText.hasPrefix(problem), "\(live.stderrText)")
    }

    @Test func isStripped() throws {
        let sections = try readelf(["-S", "-W"])
        #expect(!sections.contains(" .symtab "))
        #expect(!sections.contains(" .debug_info "))
    }

    @Test(arguments: [
        (["--version"], "spacedash \(SpaceDashVersion.current)\n"),
        (["mars-weather", "--offline"], "4801\t2026-02-07\t"),
        (["demo", "--fast"], "In all, 24 keys and 4 searches."),
    ])
    func runsWithTheToolchainHidden(_ arguments: [String], _ output: String) throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("spacedash-installed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let hidden = try Self.toolchainLibraryFolder()
        // unshare -r: root in a new user namespace, allowed to mount in its own mount namespace.
        let script = #"mount -t tmpfs none "$1" && shift && ! test -e "$0/swift/linux/libswiftCore.so" && exec "$@""#
        let result = try ProcessRunner.run(
            URL(fileURLWithPath: "/usr/bin/unshare"),
            arguments: ["-rm", "/bin/sh", "-c", script, hidden, hidden, binary.path] + arguments,
            environment: ["PATH": "/usr/bin:/bin", "HOME": scratch.path, "LANG": "C.UTF-8",
                          "SPACEDASH_CACHE_DIR": scratch.appendingPathComponent("cache").path],
            timeout: 60)
        #expect(result.exitCode == 0, "\(arguments): \(result.stderrText)")
        #expect(!result.stderrText.contains("cannot open shared object file"))
        #expect(result.stdoutText.contains(output), "\(arguments): \(result.stdoutText.prefix(300))")
    }

    /// The proof above holds only if hiding the folder works: the toolchain's own
    /// `swift` front end, which needs its libraries, must fail under the same mount.
    @Test func hidingTheToolchainStopsWhatNeedsIt() throws {
        let hidden = try Self.toolchainLibraryFolder()
        let frontend = URL(fileURLWithPath: hidden).deletingLastPathComponent().appendingPathComponent("bin/swift-frontend").path
        let result = try ProcessRunner.run(
            URL(fileURLWithPath: "/usr/bin/unshare"),
            arguments: ["-rm", "/bin/sh", "-c", #"mount -t tmpfs none "$0" && exec "$@""#, hidden, frontend, "--version"],
            environment: ["PATH": "/usr/bin:/bin"], timeout: 60)
        #expect(result.exitCode != 0)
        #expect(result.stderrText.contains("cannot open shared object file"), "\(result.stderrText)")
    }
}
