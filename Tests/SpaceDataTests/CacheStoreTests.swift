import Foundation
import Glibc
import HTTP
import Testing
import TestSupport
@testable import SpaceData

private func mode(of path: String) -> mode_t {
    var info = stat()
    precondition(lstat(path, &info) == 0)
    return info.st_mode & 0o777
}

@Suite struct CacheStoreTests {
    let savedAt = Date(timeIntervalSince1970: 1_700_000_000.25)

    private func store(in dir: Sandbox, subfolder: String = "cache") -> CacheStore {
        let now = savedAt
        return CacheStore(directory: dir.directory.appendingPathComponent(subfolder), clock: { now })
    }

    @Test func writtenEntryReadsBackWithItsBodyAndSaveTime() throws {
        let dir = Sandbox()
        let cache = store(in: dir)
        let body = Data("{\"sol_keys\": []}\n".utf8)
        try cache.write("insight", body: body)
        #expect(cache.read("insight") == .hit(CacheEntry(body: body, savedAt: savedAt)))
    }

    @Test func aRegisteredSecretIsNeverWrittenNorReadBack() throws {
        let dir = Sandbox()
        let cache = store(in: dir)
        // Distinctive: registration is process-wide and never undone.
        let early = "cacheEARLY\(UInt32.random(in: 1_000_000...9_999_999))x"
        let late = "cacheLATE\(UInt32.random(in: 1_000_000...9_999_999))x"
        Redaction.register(secret: early)
        try cache.write("echo", body: Data(#"{"a": "\#(early)", "b": "\#(late)"}"#.utf8))
        let file = try Data(contentsOf: URL(fileURLWithPath: cache.path(for: "echo")))
        #expect(file.range(of: Data(early.utf8)) == nil, "the file holds the registered secret")
        // An entry saved before its secret was known reads back masked.
        Redaction.register(secret: late)
        #expect(cache.read("echo") == .hit(CacheEntry(body: Data(#"{"a": "***", "b": "***"}"#.utf8), savedAt: savedAt)))
    }

    @Test func emptyBodyRoundTrips() throws {
        let dir = Sandbox()
        let cache = store(in: dir)
        try cache.write("empty", body: Data())
        #expect(cache.read("empty") == .hit(CacheEntry(body: Data(), savedAt: savedAt)))
    }

    @Test func missingDirectoryIsAMissAndIsNotCreatedByReading() {
        let dir = Sandbox()
        let cache = store(in: dir, subfolder: "a/b")
        #expect(cache.read("insight") == .miss)
        #expect(!FileManager.default.fileExists(atPath: cache.directory.path))
    }

    @Test func writeCreatesThePrivateDirectoryAndPrivateFiles() throws {
        let dir = Sandbox()
        let cache = store(in: dir, subfolder: "x/spacedash")
        try cache.write("insight", body: Data("1".utf8))
        #expect(mode(of: cache.directory.path) == 0o700)
        #expect(mode(of: cache.path(for: "insight")) == 0o600)
    }

    @Test func secondWriteReplacesTheFirstAndLeavesNoTemporaryFiles() throws {
        let dir = Sandbox()
        let cache = store(in: dir)
        try cache.write("insight", body: Data("old".utf8))
        try cache.write("insight", body: Data("new".utf8))
        guard case .hit(let entry) = cache.read("insight") else { Issue.record("no entry"); return }
        #expect(entry.body == Data("new".utf8))
        let names = try FileManager.default.contentsOfDirectory(atPath: cache.directory.path)
        #expect(names == ["insight.cache"])
    }

    @Test func garbageFileIsReportedOnceThenGone() throws {
        let dir = Sandbox()
        let cache = store(in: dir)
        try cache.write("insight", body: Data("x".utf8))
        try Data("not a cache file at all".utf8).write(to: URL(fileURLWithPath: cache.path(for: "insight")))
        guard case .unreadable(let problem) = cache.read("insight") else { Issue.record("garbage was accepted"); return }
        #expect(problem.path == cache.path(for: "insight"))
        #expect(problem.reason.contains("not a spacedash cache entry"))
        #expect(cache.read("insight") == .miss)
    }

    @Test func truncatedEntryIsReportedAsTruncated() throws {
        let dir = Sandbox()
        let cache = store(in: dir)
        try cache.write("insight", body: Data(repeating: 0x41, count: 1000))
        let path = cache.path(for: "insight")
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as! Int
        #expect(truncate(path, off_t(size - 10)) == 0)
        guard case .unreadable(let problem) = cache.read("insight") else { Issue.record("truncated entry was accepted"); return }
        #expect(problem.reason.contains("truncated (990 of 1000 bytes)"))
    }

    @Test func flippedBodyByteFailsTheChecksum() throws {
        let dir = Sandbox()
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
        let dir = Sandbox()
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

    /// Review P3 28: a cache directory that is the user's own link to a directory of
    /// theirs (a cache on another disk) is used, as a linked `XDG_CACHE_HOME` is.
    @Test func aDirectoryLinkOfTheUsersOwnToTheirDirectoryIsFollowed() throws {
        let dir = Sandbox()
        let real = dir.directory.appendingPathComponent("real")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        #expect(symlink(real.path, dir.directory.appendingPathComponent("cache").path) == 0)
        let cache = store(in: dir)
        try cache.write("insight", body: Data("x".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: real.path) == ["insight.cache"])
        guard case .hit(let entry) = cache.read("insight") else { Issue.record("the linked directory was not read"); return }
        #expect(entry.body == Data("x".utf8))
    }

    @Test func aDirectoryLinkToNothingIsRefusedNotCreatedThrough() throws {
        let dir = Sandbox()
        let missing = dir.directory.appendingPathComponent("elsewhere/cache")
        let link = dir.directory.appendingPathComponent("cache")
        #expect(symlink(missing.path, link.path) == 0)
        let named = CacheStore(directory: link, directorySetting: "MY_CACHE_VARIABLE")
        #expect(throws: CacheProblem.self) { try named.write("insight", body: Data("x".utf8)) }
        #expect(!FileManager.default.fileExists(atPath: missing.path), "nothing is created at the far end of a link")
        guard case .unreadable(let problem) = named.read("insight") else { Issue.record("a dangling link read as a miss"); return }
        #expect(problem.reason == "is a symbolic link to nothing (\(missing.path)); create that directory, or point MY_CACHE_VARIABLE at a real one")
    }

    @Test func aDirectoryLinkToAFileIsRefused() throws {
        let dir = Sandbox()
        let file = dir.directory.appendingPathComponent("file")
        try Data("precious".utf8).write(to: file)
        let link = dir.directory.appendingPathComponent("cache")
        #expect(symlink(file.path, link.path) == 0)
        let cache = CacheStore(directory: link)
        #expect(throws: CacheProblem.self) { try cache.write("insight", body: Data("x".utf8)) }
        guard case .unreadable(let problem) = cache.read("insight") else { Issue.record("used a link to a file"); return }
        #expect(problem.reason.hasPrefix("is a symbolic link to something that is not a directory"))
        #expect(try Data(contentsOf: file) == Data("precious".utf8))
    }

    @Test(.enabled(if: geteuid() == 0, "changing a link's owner needs root"))
    func aDirectoryLinkMadeByAnotherUserIsRefused() throws {
        let dir = Sandbox()
        let real = dir.directory.appendingPathComponent("real")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        let link = dir.directory.appendingPathComponent("cache")
        #expect(symlink(real.path, link.path) == 0)
        #expect(lchown(link.path, 65534, 65534) == 0)
        let cache = CacheStore(directory: link, directorySetting: "MY_CACHE_VARIABLE")
        #expect(throws: CacheProblem.self) { try cache.write("insight", body: Data("x".utf8)) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: real.path).isEmpty)
        guard case .unreadable(let problem) = cache.read("insight") else { Issue.record("followed another user's link"); return }
        #expect(problem.reason == "is a symbolic link made by another user; point MY_CACHE_VARIABLE at a directory of your own")
    }

    @Test(.enabled(if: geteuid() == 0, "changing a directory's owner needs root"))
    func aDirectoryLinkToAnotherUsersDirectoryIsRefused() throws {
        let dir = Sandbox()
        let real = dir.directory.appendingPathComponent("real")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        #expect(chown(real.path, 65534, 65534) == 0)
        let link = dir.directory.appendingPathComponent("cache")
        #expect(symlink(real.path, link.path) == 0)
        let cache = CacheStore(directory: link)
        #expect(throws: CacheProblem.self) { try cache.write("insight", body: Data("x".utf8)) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: real.path).isEmpty)
        guard case .unreadable(let problem) = cache.read("insight") else { Issue.record("used another user's directory"); return }
        #expect(problem.reason.hasPrefix("belongs to another user"))
    }

    @Test(.enabled(if: geteuid() == 0, "changing a file's owner needs root"))
    func anotherUsersEntryIsNotReadNorReplacedNorRemoved() throws {
        let dir = Sandbox()
        let cache = store(in: dir)
        try cache.write("insight", body: Data("theirs".utf8))
        let path = cache.path(for: "insight")
        let theirs = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(chown(path, 65534, 65534) == 0)

        // A write before any read: refused, and nothing says it was reported.
        do {
            try cache.write("insight", body: Data("mine".utf8))
            Issue.record("replaced another user's file")
        } catch {
            #expect(error.reason.contains("another user") && !error.reportedByRead)
        }
        for _ in 0..<2 {
            guard case .unreadable(let problem) = cache.read("insight") else { Issue.record("read another user's file"); return }
            #expect(problem.reason == "belongs to another user; left it alone")
        }
        // Once reported by a read, the refused write says so, so callers can say it once.
        do {
            try cache.write("insight", body: Data("mine".utf8))
            Issue.record("replaced another user's file")
        } catch {
            #expect(error.reportedByRead)
        }
        cache.remove("insight")

        var info = stat()
        #expect(lstat(path, &info) == 0 && info.st_uid == 65534, "their file is still there, still theirs")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == theirs, "and unchanged")
    }

    // MARK: - Temporary files of killed writers

    /// Makes `path` look last modified `age` seconds ago (a symbolic link itself, not its target).
    private func age(_ path: String, by age: TimeInterval) {
        let then = time(nil) - time_t(age)
        var times = [timespec(tv_sec: then, tv_nsec: 0), timespec(tv_sec: then, tv_nsec: 0)]
        precondition(utimensat(AT_FDCWD, path, &times, AT_SYMLINK_NOFOLLOW) == 0)
    }

    private func create(_ path: String, _ text: String = "partial") {
        precondition(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
    }

    @Test func temporaryNamesAreRecognisedAndNothingElseIs() {
        for key in ["insight", "launches-upcoming-2.3.0-p1", "a.b_c"] {
            let name = CacheStore.temporaryName(for: CacheStore.fileName(for: key))
            #expect(CacheStore.isTemporaryName(name), "\(name)")
        }
        #expect(CacheStore.isTemporaryName(".insight.cache.123.4294967295.tmp"))
        for name in ["insight.cache", ".insight.cache.tmp", ".insight.cache.123.tmp", "insight.cache.1.2.tmp",
                     ".insight.cache.1.x.tmp", ".insight.1.2.tmp", "..cache.1.2.tmp", ".notes.tmp", ".tmp",
                     ".insight.cache.1.2.tmp~", ".in sight.cache.1.2.tmp", ".insight.cache.1.12345678901.tmp",
                     ".insight.cache.1.\u{0661}.tmp"] {
            #expect(!CacheStore.isTemporaryName(name), "\(name)")
        }
    }

    @Test func aWriteRemovesStaleTemporaryFilesOfOursAndNothingElse() throws {
        let dir = Sandbox()
        let cache = store(in: dir)
        try cache.write("insight", body: Data("first".utf8))
        let folder = cache.directory.path
        func at(_ name: String) -> String { folder + "/" + name }
        let stale = CacheStore.staleTemporaryAge

        // Left by killed writers: of this entry and of another, long ago.
        let staleOfThisEntry = ".insight.cache.4242.17.tmp", staleOfAnother = ".launches-upcoming.cache.77.99.tmp"
        create(at(staleOfThisEntry)); age(at(staleOfThisEntry), by: stale + 60)
        create(at(staleOfAnother)); age(at(staleOfAnother), by: 30 * 24 * 3600)
        // A live writer in another process: just created, or slow but younger than the limit.
        let live = ".insight.cache.4243.18.tmp", slow = ".insight.cache.4244.19.tmp"
        create(at(live))
        create(at(slow)); age(at(slow), by: stale - 60)
        // Old things that are not our temporary files.
        let notOurs = [".notes.tmp", "readme.tmp", ".insight.cache.tmp"]
        for name in notOurs { create(at(name)); age(at(name), by: stale * 2) }
        // An old symbolic link and an old folder named like temporary files.
        let precious = dir.directory.appendingPathComponent("precious").path
        create(precious, "keep me")
        let link = ".insight.cache.5000.1.tmp", folderNamedLikeOne = ".insight.cache.5000.2.tmp"
        #expect(symlink(precious, at(link)) == 0); age(at(link), by: stale * 2)
        #expect(mkdir(at(folderNamedLikeOne), 0o700) == 0); age(at(folderNamedLikeOne), by: stale * 2)

        try cache.write("insight", body: Data("second".utf8))

        let names = Set(try FileManager.default.contentsOfDirectory(atPath: folder))
        #expect(!names.contains(staleOfThisEntry) && !names.contains(staleOfAnother), "stale temporary files are gone: \(names)")
        #expect(names.isSuperset(of: [live, slow]), "a live writer's file is left alone: \(names)")
        #expect(names.isSuperset(of: Set(notOurs)), "files of other names are left alone")
        #expect(names.isSuperset(of: [link, folderNamedLikeOne]), "links and folders are left alone")
        #expect(try String(contentsOfFile: precious, encoding: .utf8) == "keep me")
        guard case .hit(let entry) = cache.read("insight") else { Issue.record("no entry"); return }
        #expect(entry.body == Data("second".utf8))
    }

    @Test func aTemporaryFileFromTheFutureIsLeftAlone() throws {
        let dir = Sandbox()
        let cache = store(in: dir)
        try cache.write("insight", body: Data("first".utf8))
        let path = cache.directory.path + "/.insight.cache.1.1.tmp"
        create(path)
        age(path, by: -CacheStore.staleTemporaryAge * 3) // a clock set wrong, or another machine's
        try cache.write("insight", body: Data("second".utf8))
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test(.enabled(if: geteuid() == 0, "changing a file's owner needs root"))
    func anotherUsersStaleTemporaryFileIsLeftAlone() throws {
        let dir = Sandbox()
        let cache = store(in: dir)
        try cache.write("insight", body: Data("first".utf8))
        let path = cache.directory.path + "/.insight.cache.1.1.tmp"
        create(path)
        #expect(chown(path, 65534, 65534) == 0)
        age(path, by: CacheStore.staleTemporaryAge * 2)
        try cache.write("insight", body: Data("second".utf8))
        var info = stat()
        #expect(lstat(path, &info) == 0 && info.st_uid == 65534)
    }

    @Test(.enabled(if: geteuid() == 0, "changing a directory's owner needs root"))
    func anotherUsersDirectoryIsRefused() throws {
        let dir = Sandbox()
        let cache = store(in: dir)
        try cache.write("insight", body: Data("x".utf8))
        #expect(chown(cache.directory.path, 65534, 65534) == 0)
        #expect(throws: CacheProblem.self) { try cache.write("insight", body: Data("y".utf8)) }
        guard case .unreadable(let problem) = cache.read("insight") else { Issue.record("used another user's directory"); return }
        #expect(problem.reason.contains("another user"))
    }

    @Test func entriesAreKeptApartByName() throws {
        let dir = Sandbox()
        let cache = store(in: dir)
        try cache.write("insight", body: Data("a".utf8))
        try cache.write("launches-upcoming", body: Data("b".utf8))
        cache.remove("insight")
        #expect(cache.read("insight") == .miss)
        guard case .hit(let entry) = cache.read("launches-upcoming") else { Issue.record("lost an entry"); return }
        #expect(entry.body == Data("b".utf8))
    }

    @Test func concurrentWritersLeaveOneCompleteEntry() throws {
        let dir = Sandbox()
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
