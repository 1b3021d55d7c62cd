import Foundation
import Glibc
import Synchronization
import Testing
import HTTP
import SpaceData
import TestSupport

/// Real `spacedash launches` processes against the loopback server and one
/// cache folder: ten at once, killed in the middle of a write, a cache file that
/// is a symlink or another user's, and a reader that goes away.
@Suite(.serialized) struct ConcurrentRunsTests {
    
    /// A Launch Library page of `count` launches whose names carry `tag`, so
    /// each answer is recognisable in the cache.
    static func feed(tag: String, count: Int = 20) -> Data {
        let launches = (0..<count).map { index in
            #"{"id": "\#(tag)-\#(index)", "name": "Rocket \#(tag) | Mission \#(index)", "net": "2030-01-\#(String(format: "%02d", index % 28 + 1))T12:00:00Z", "net_precision": {"name": "Minute"}, "status": {"name": "Go for Launch", "abbrev": "Go"}, "launch_service_provider": {"name": "Agency \#(tag)"}, "mission": {"type": "Communications", "description": "\#(String(repeating: "d", count: 300))"}, "pad": {"location": {"name": "Site \#(tag)"}}}"#
        }
        return Data(#"{"count": \#(count), "next": null, "previous": null, "results": [\#(launches.joined(separator: ","))]}"#.utf8)
    }

    static let route = "/launches/upcoming/"
    static let launches = ["launches", "--refresh"]

    static func cacheKey(_ server: LoopbackServer) -> String {
        LaunchLibraryEndpoint(base: server.baseURL).cacheKey(.upcoming, page: 1)
    }

    /// What the cache keeps of an answer: its launches as decoded (`LaunchPageCompactForm`).
    static func cached(_ body: Data) -> Data {
        LaunchPageCompactForm.encode(try! LaunchLibraryDecoder.decodePage(body))
    }

    /// Tab-separated rows, one per launch of the page, seven fields each.
    static func showsValidLaunches(_ result: ProcessResult, count: Int = 20) -> Bool {
        let lines = result.stdoutText.split(separator: "\n")
        return result.exitCode == 0 && lines.count == count && lines.allSatisfy { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            return fields.count == 7 && fields[1].hasPrefix("Rocket ")
        }
    }

    @Test func tenProcessesAtOnceLeaveAValidCacheAndEachShowsValidData() throws {
        let run = Sandbox()
        let bodies = (0..<10).map { Self.feed(tag: "T\($0)") }
        let counter = Counter()
        let server = try LoopbackServer(routes: [Self.route: .handler { _ in
            .json(bodies[counter.next() % bodies.count]).delayed(by: 0.05)
        }])
        defer { server.stop() }
        let environment = run.environment(server: server)
        let processes = try (0..<10).map { _ in
            try ProcessRunner.start(ProjectPaths.spacedashBinary, arguments: Self.launches, environment: environment)
        }
        let results = processes.map { $0.wait(timeout: 120) }
        for (index, result) in results.enumerated() {
            #expect(Self.showsValidLaunches(result), "process \(index) (status \(result.status)): \(result.stdoutText.prefix(300)) \(result.stderrText)")
                    }
        #expect(server.requests.count == 10, "every process fetched")
        let store = CacheStore(directory: run.cache)
        guard case .hit(let entry) = store.read(Self.cacheKey(server)) else {
            Issue.record("the cache holds no valid entry: \(store.read(Self.cacheKey(server)))")
            return
        }
        #expect(bodies.map(Self.cached).contains(entry.body), "the cache holds one whole answer")
        let names = try FileManager.default.contentsOfDirectory(atPath: run.cache.path)
        #expect(names.filter { $0.hasSuffix(".tmp") }.isEmpty, "processes that finished leave no temporary files: \(names)")
        // And a later run offline shows the cached answer.
        let offline = try run.run(["launches", "--offline"], server: server)
        #expect(Self.showsValidLaunches(offline), "\(offline.stderrText)")
    }

    /// Kills `spacedash launches --refresh` with SIGKILL, 40 times, at moments
    /// of three kinds in turn. After each, the cache holds the previous answer or
    /// the new one, whole. No hook in the writer, and no count of kills that
    /// depends on how fast the machine is:
    /// - while Launch Library is answering (from inside the server's handler, so
    ///   the process is certainly running): the old answer stays;
    /// - at a random moment around the measured end of a run, where the write
    ///   is: before, during or after it (only the cache's wholeness is checked);
    /// - never: the run ends and the new answer replaces the old one.
    @Test func aProcessKilledAtAnyMomentLeavesTheOldOrTheNewCacheNeverATornOne() throws {
        let run = Sandbox()
        let counter = Counter()
        let killedWhileAnswering = Mutex<RunningProcess?>(nil)
        // Large answers (about 60 KB, cached in a fraction of that) so that a run takes a while.
        let bodies = (0..<41).map { Self.feed(tag: "K\($0)", count: 100) }
        let server = try LoopbackServer(routes: [Self.route: .handler { _ in
            killedWhileAnswering.withLock { $0 }?.send(signal: SIGKILL)
            return .json(bodies[counter.current])
        }])
        defer { server.stop() }
        let environment = run.environment(server: server)
        let store = CacheStore(directory: run.cache)

        // Two whole runs measure how long one takes here.
        var runTime = 0.0
        for _ in 0..<2 {
            let started = Date()
            let whole = try run.run(Self.launches, server: server)
            runTime = runTime == 0 ? Date().timeIntervalSince(started) : min(runTime, Date().timeIntervalSince(started))
            #expect(whole.exitCode == 0, "\(whole.stderrText)")
        }
        guard case .hit(let initial) = store.read(Self.cacheKey(server)) else { Issue.record("no cache after a whole run"); return }
        let cachedBodies = bodies.map(Self.cached)
        #expect(initial.body == cachedBodies[0])

        var previous = cachedBodies[0]
        for iteration in 1..<bodies.count {
            counter.set(iteration)
            let process = try ProcessRunner.start(ProjectPaths.spacedashBinary, arguments: Self.launches, environment: environment)
            let moment = iteration % 3
            if moment == 0 { killedWhileAnswering.withLock { $0 = process } }
            if moment == 1 {
                // A timer, not a wait: what follows synchronises on the process's end.
                DispatchQueue.global().asyncAfter(deadline: .now() + Double.random(in: 0.85...1.15) * runTime) {
                    process.send(signal: SIGKILL)
                }
            }
            let result = process.wait(timeout: 60)
            killedWhileAnswering.withLock { $0 = nil }
            switch moment {
            case 0: #expect(result.signal == SIGKILL, "iteration \(iteration): killed while the answer was on its way")
            case 2: #expect(result.exitCode == 0 && result.signal == nil, "iteration \(iteration): \(result.stderrText)")
            default: break
            }
            switch store.read(Self.cacheKey(server)) {
            case .hit(let entry):
                #expect(entry.body == previous || entry.body == cachedBodies[iteration],
                        "iteration \(iteration): the cache holds neither the old nor the new answer")
                if moment == 0 { #expect(entry.body == previous, "iteration \(iteration): killed before the answer, yet the cache changed") }
                if moment == 2 { #expect(entry.body == cachedBodies[iteration], "iteration \(iteration): a whole run did not replace the entry") }
                previous = entry.body
            case let other:
                Issue.record("iteration \(iteration): the cache entry is \(other)")
                return
            }
        }

        // Killed writers may have left temporary files. Once older than
        // `staleTemporaryAge` the next write removes them; a younger one may be a
        // live writer's and stays. One of each is planted, so this never passes empty.
        let leftByKills = Self.temporaryFiles(in: run.cache)
        let planted = ".\(Self.cacheKey(server)).cache.\(getpid()).1.tmp"
        let live = ".\(Self.cacheKey(server)).cache.\(getpid()).2.tmp"
        for name in [planted, live] {
            #expect(FileManager.default.createFile(atPath: run.cache.appendingPathComponent(name).path, contents: Data("torn".utf8)))
        }
        for name in leftByKills + [planted] {
            Self.makeOld(run.cache.appendingPathComponent(name).path, by: CacheStore.staleTemporaryAge + 60)
        }
        let cleaning = try run.run(Self.launches, server: server)
        #expect(Self.showsValidLaunches(cleaning, count: 100), "\(cleaning.stderrText)")
        #expect(Self.temporaryFiles(in: run.cache) == [live], "only the young temporary file is left")
    }

    static func temporaryFiles(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".tmp") }.sorted()
    }

    /// Sets a file's modification time `seconds` into the past.
    static func makeOld(_ path: String, by seconds: TimeInterval) {
        let then = time(nil) - time_t(seconds)
        var times = [timespec(tv_sec: then, tv_nsec: 0), timespec(tv_sec: then, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, path, &times, AT_SYMLINK_NOFOLLOW) == 0, "\(path)")
    }

    @Test func aCacheFileThatIsASymlinkIsNotWrittenThrough() throws {
        let run = Sandbox()
        let server = try LoopbackServer(routes: [Self.route: .json(Self.feed(tag: "S"))])
        defer { server.stop() }
        try FileManager.default.createDirectory(at: run.cache, withIntermediateDirectories: true)
        let target = run.directory.appendingPathComponent("precious.txt")
        try Data("do not touch\n".utf8).write(to: target)
        let link = run.cache.appendingPathComponent(Self.cacheKey(server) + ".cache")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)

        let result = try run.run(Self.launches, server: server)
        #expect(Self.showsValidLaunches(result), "\(result.stderrText)")
        #expect(try Data(contentsOf: target) == Data("do not touch\n".utf8), "the link's target is untouched")
        var info = stat()
        #expect(lstat(link.path, &info) == 0)
        if (info.st_mode & S_IFMT) != S_IFLNK {
            #expect(info.st_mode & 0o777 == 0o600, "an entry replacing the link is private")
        }
    }

    @Test(.enabled(if: geteuid() == 0, "only root can give a file to another user"))
    func aCacheFileOwnedByAnotherUserIsLeftAloneAndReportedOnce() throws {
        let run = Sandbox()
        let server = try LoopbackServer(routes: [Self.route: .json(Self.feed(tag: "N"))])
        defer { server.stop() }
        try FileManager.default.createDirectory(at: run.cache, withIntermediateDirectories: true)
        let entry = run.cache.appendingPathComponent(Self.cacheKey(server) + ".cache")
        try Data("someone else's\n".utf8).write(to: entry)
        #expect(chown(entry.path, 65534, 65534) == 0) // nobody
        // A second name for the same file, outside the cache: whatever the program
        // does to the entry's name, the file itself must not be written.
        let otherName = run.directory.appendingPathComponent("their-file")
        #expect(link(entry.path, otherName.path) == 0)

        for arguments in [Self.launches, ["launches"], ["launches", "--offline"]] {
            let result = try run.run(arguments, server: server)
            #expect(Self.showsValidLaunches(result) || arguments.contains("--offline"), "the data is still shown: \(result.stderrText)")
            #expect(result.exitCode == 0)
            let notices = result.stderrText.split(separator: "\n")
            #expect(notices.filter { $0.contains("another user") }.count == 1, "\(arguments): said once: \(result.stderrText)")
            #expect(notices.allSatisfy { $0.hasPrefix("spacedash: ") })
        }
        #expect(try Data(contentsOf: otherName) == Data("someone else's\n".utf8), "nothing was written through the file")
        var theirs = stat()
        #expect(stat(otherName.path, &theirs) == 0 && theirs.st_uid == 65534)
        // The entry's name still holds their file: not removed, not replaced.
        var current = stat()
        #expect(lstat(entry.path, &current) == 0 && current.st_ino == theirs.st_ino)
    }

    @Test func cacheFilesAndTheirFolderArePrivate() throws {
        let run = Sandbox()
        let server = try LoopbackServer(routes: [Self.route: .json(Self.feed(tag: "P"))])
        defer { server.stop() }
        let result = try run.run(Self.launches, server: server)
        #expect(result.exitCode == 0, "\(result.stderrText)")
        let names = try FileManager.default.contentsOfDirectory(atPath: run.cache.path)
        #expect(!names.isEmpty)
        for name in names {
            var info = stat()
            #expect(lstat(run.cache.appendingPathComponent(name).path, &info) == 0)
            #expect(info.st_mode & 0o777 == 0o600, "\(name) is mode \(String(info.st_mode & 0o777, radix: 8))")
        }
        var folder = stat()
        #expect(stat(run.cache.path, &folder) == 0 && folder.st_mode & 0o077 == 0, "the cache folder is private")
    }

    @Test func aClosedPipeEndsQuietly() throws {
        let run = Sandbox()
        let server = try LoopbackServer(routes: [Self.route: .json(Self.feed(tag: "H", count: 100))])
        defer { server.stop() }
        for arguments in [["launches"], ["launches", "--json"], ["launches", "--offline"]] {
            // The same run into a pipe that is read: its stderr (a notice at most)
            // is all a closed pipe may leave.
            let normal = try run.run(arguments, server: server)
            let result = try run.run(arguments, server: server, stdout: .closedPipe)
            #expect(result.exitCode == 0, "\(arguments): status \(result.status)")
            #expect(result.stderrText == normal.stderrText, "\(arguments): \(result.stderrText)")
        }
        // Through a real shell pipeline, the way users write it.
        let shell = try ProcessRunner.run(URL(fileURLWithPath: "/bin/bash"), arguments: [
            "-c", "set -o pipefail; \"$0\" launches | head -1", ProjectPaths.spacedashBinary.path,
        ], environment: run.environment(server: server), timeout: 60)
        #expect(shell.exitCode == 0, "status \(shell.status): \(shell.stderrText)")
        #expect(shell.stderrText == "")
        #expect(shell.stdoutText.split(separator: "\n").count == 1)
    }
}

/// A thread-safe counter for loopback handlers.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func next() -> Int { lock.lock(); defer { lock.unlock() }; value += 1; return value - 1 }
    var current: Int { lock.lock(); defer { lock.unlock() }; return value }
    func set(_ new: Int) { lock.lock(); value = new; lock.unlock() }
}
