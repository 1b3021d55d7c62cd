import Foundation
import Glibc
import Testing
@testable import SpaceData

/// A fresh directory under the system's temporary folder, removed by `remove()`.
struct TemporaryDirectory {
    let url: URL
    init() {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("spacedash-test-\(getpid())-\(UUID().uuidString)", isDirectory: true)
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    func remove() { try? FileManager.default.removeItem(at: url) }
    var path: String { url.path }
}

private func mode(of path: String) -> mode_t {
    var info = stat()
    precondition(lstat(path, &info) == 0)
    return info.st_mode & 0o777
}

@Suite struct CacheStoreTests {
    let savedAt = Date(timeIntervalSince1970: 1_700_000_000.25)

    private func store(in dir: TemporaryDirectory, subfolder: String = "cache") -> CacheStore {
        let now = savedAt
        return CacheStore(directory: dir.url.appendingPathComponent(subfolder), clock: { now })
    }

    @Test func writtenEntryReadsBackWithItsBodyAndSaveTime() throws {
        let dir = TemporaryDirectory(); defer { dir.remove() }
        let cache = store(in: dir)
        let body = Data("{\"sol_keys\": []}\n".utf8)
        try cache.write("insight", body: body)
        #expect(cache.read("insight") == .hit(CacheEntry(body: body, savedAt: savedAt)))
    }

    @Test func emptyBodyRoundTrips() throws {
        let dir = TemporaryDirectory(); defer { dir.remove() }
        let cache = store(in: dir)
        try cache.write("empty", body: Data())
        #expect(cache.read("empty") == .hit(CacheEntry(body: Data(), savedAt: savedAt)))
    }

    @Test func missingDirectoryIsAMissAndIsNotCreatedByReading() {
        let dir = TemporaryDirectory(); defer { dir.remove() }
        let cache = store(in: dir, subfolder: "a/b")
        #expect(cache.read("insight") == .miss)
        #expect(!FileManager.default.fileExists(atPath: cache.directory.path))
    }

    @Test func writeCreatesThePrivateDirectoryAndPrivateFiles() throws {
        let dir = TemporaryDirectory(); defer { dir.remove() }
        let cache = store(in: dir, subfolder: "x/spacedash")
        try cache.write("insight", body: Data("1".utf8))
        #expect(mode(of: cache.directory.path) == 0o700)
        #expect(mode(of: cache.path(for: "insight")) == 0o600)
    }

    @Test func secondWriteReplacesTheFirstAndLeavesNoTemporaryFiles() throws {
        let dir = TemporaryDirectory(); defer { dir.remove() }
        let cache = store(in: dir)
        try cache.write("insight", body: Data("old".utf8))
        try cache.write("insight", body: Data("new".utf8))
        guard case .hit(let entry) = cache.read("insight") else { Issue.record("no entry"); return }
        #expect(entry.body == Data("new".utf8))
        let names = try FileManager.default.contentsOfDirectory(atPath: cache.directory.path)
        #expect(names == ["insight.cache"])
    }

    @Test func garbageFileIsReportedOnceThenGone() throws {
        let dir = TemporaryDirectory(); defer { dir.remove() }
        let cache = store(in: dir)
        try cache.write("insight", body: Data("x".utf8))
        try Data("not a cache file at all".utf8).write(to: URL(fileURLWithPath: cache.path(for: "insight")))
        guard case .unreadable(let problem) = cache.read("insight") else { Issue.record("garbage was accepted"); return }
        #expect(problem.path == cache.path(for: "insight"))
        #expect(problem.reason.contains("not a spacedash cache entry"))
        #expect(cache.read("insight") == .miss)
    }

    @Test func truncatedEntryIsReportedAsTruncated() throws {
        let dir = TemporaryDirectory(); defer { dir.remove() }
        let cache = store(in: dir)
        try cache.write("insight", body: Data(repeating: 0x41, count: 1000))
        let path = cache.path(for: "insight")
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as! Int
        #expect(truncate(path, off_t(size - 10)) == 0)
        guard case .unreadable(let problem) = cache.read("insight") else { Issue.record("truncated entry was accepted"); return }
        #expect(problem.reason.contains("truncated (990 of 1000 bytes)"))
    }

    @Test func flippedBodyByteFailsTheChecksum() throws {
        let dir = TemporaryDirectory(); defer { dir.remove() }
        let cache = store(in: dir)
        try cache.write("insight", body: Data("abcdef".utf8))
        let url = URL(fileURLWithPath: cache.path(for: "insight"))
        var bytes = try Data(contentsOf: url)
        bytes[bytes.count - 1] ^= 0x01
        try bytes.write(to: url)
        guard case .unreadable(let problem) = cache.read("insight") else { Issue.record("damage went unnoticed"); return }
        #expect(problem.reason.contains("checksum"))
    }

    @Test func symbolicLinkEntryIsNeitherFollowedForReadingNorWrittenThrough() throws {
        let dir = TemporaryDirectory(); defer { dir.remove() }
        let cache = store(in: dir)
        try cache.write("other", body: Data("target".utf8))
        let target = cache.path(for: "other")
        let targetBefore = try Data(contentsOf: URL(fileURLWithPath: target))
        #expect(symlink(target, cache.path(for: "insight")) == 0)

        guard case .unreadable(let problem) = cache.read("insight") else { Issue.record("followed a symlink"); return }
        #expect(problem.reason.contains("symbolic link"))

        #expect(symlink(target, cache.path(for: "insight")) == 0)
        try cache.write("insight", body: Data("mine".utf8))
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == targetBefore)
        #expect(mode(of: cache.path(for: "insight")) == 0o600)
        guard case .hit(let entry) = cache.read("insight") else { Issue.record("no entry"); return }
        #expect(entry.body == Data("mine".utf8))
    }

    @Test func directoryThatIsASymbolicLinkIsRefused() throws {
        let dir = TemporaryDirectory(); defer { dir.remove() }
        let real = dir.url.appendingPathComponent("real")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        #expect(symlink(real.path, dir.url.appendingPathComponent("cache").path) == 0)
        let cache = store(in: dir)
        #expect(throws: CacheProblem.self) { try cache.write("insight", body: Data("x".utf8)) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: real.path).isEmpty)
        guard case .unreadable(let problem) = cache.read("insight") else { Issue.record("used a symlinked directory"); return }
        #expect(problem.reason.contains("symbolic link"))
    }

    @Test(.enabled(if: geteuid() == 0, "changing a file's owner needs root"))
    func anotherUsersEntryIsNotReadNorReplaced() throws {
        let dir = TemporaryDirectory(); defer { dir.remove() }
        let cache = store(in: dir)
        try cache.write("insight", body: Data("theirs".utf8))
        #expect(chown(cache.path(for: "insight"), 65534, 65534) == 0)
        #expect(throws: CacheProblem.self) { try cache.write("insight", body: Data("mine".utf8)) }
        guard case .unreadable(let problem) = cache.read("insight") else { Issue.record("read another user's file"); return }
        #expect(problem.reason.contains("another user"))
    }

    @Test(.enabled(if: geteuid() == 0, "changing a directory's owner needs root"))
    func anotherUsersDirectoryIsRefused() throws {
        let dir = TemporaryDirectory(); defer { dir.remove() }
        let cache = store(in: dir)
        try cache.write("insight", body: Data("x".utf8))
        #expect(chown(cache.directory.path, 65534, 65534) == 0)
        #expect(throws: CacheProblem.self) { try cache.write("insight", body: Data("y".utf8)) }
        guard case .unreadable(let problem) = cache.read("insight") else { Issue.record("used another user's directory"); return }
        #expect(problem.reason.contains("another user"))
    }

    @Test func entriesAreKeptApartByName() throws {
        let dir = TemporaryDirectory(); defer { dir.remove() }
        let cache = store(in: dir)
        try cache.write("insight", body: Data("a".utf8))
        try cache.write("launches-upcoming", body: Data("b".utf8))
        cache.remove("insight")
        #expect(cache.read("insight") == .miss)
        guard case .hit(let entry) = cache.read("launches-upcoming") else { Issue.record("lost an entry"); return }
        #expect(entry.body == Data("b".utf8))
    }

    @Test func concurrentWritersLeaveOneCompleteEntry() throws {
        let dir = TemporaryDirectory(); defer { dir.remove() }
        let cache = store(in: dir)
        let bodies = (0..<16).map { Data(repeating: UInt8($0), count: 100_000) }
        DispatchQueue.concurrentPerform(iterations: bodies.count) { index in
            _ = try? cache.write("insight", body: bodies[index])
        }
        guard case .hit(let entry) = cache.read("insight") else { Issue.record("no valid entry"); return }
        #expect(bodies.contains(entry.body))
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.directory.path) == ["insight.cache"])
    }
}
