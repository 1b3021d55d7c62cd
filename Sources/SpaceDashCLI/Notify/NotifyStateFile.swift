import Foundation
import SpaceData
#if canImport(Glibc)
import Glibc
#endif

/// `notify.json`: `$XDG_STATE_HOME/spacedash/` (else `~/.local/state/spacedash/`),
/// mode 0600, changed only under a lock (`notify.lock`, `flock`) so that runs
/// overlapping (a timer's `--once` beside a foreground `notify`, ten at once)
/// take turns: each reads what the one before it wrote, so no alert goes out twice.
///
/// A write goes to a temporary file in the same directory, is flushed with
/// `fsync`, renamed over the file and the directory flushed: a reader, or a
/// run killed at any point, sees the old state or the new one, never a torn file.
/// A file that is not JSON, or ours in a shape this version cannot read, is
/// set aside (`notify.json.damaged`), reported once, and started afresh; a file of
/// another program or another user, or a symbolic link, is never touched: a
/// configuration error (exit 78).
struct NotifyStateFile: Sendable {
    let directoryPath: String

    static let fileName = "notify.json"
    static let lockName = "notify.lock"
    static let damagedName = "notify.json.damaged"

    var path: String { CacheStore.path(Self.fileName, in: directoryPath) }

    /// The state directory for `environment`, or nil without a home.
    /// A relative `XDG_STATE_HOME` is ignored, as the XDG specification asks.
    static func directoryPath(environment: [String: String]) -> String? {
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") {
            return CacheStore.path("spacedash", in: CacheStore.absolutePath(xdg))
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return CacheStore.path(".local/state/spacedash", in: CacheStore.absolutePath(home))
    }

    /// What reading found.
    enum Reading: Equatable {
        case state(NotifyState)
        /// No file yet: nothing followed, nothing sent.
        case missing
        /// Torn or unreadable as ours: why.
        case damaged(String)
    }

    // MARK: - Reading

    /// The state as the file holds it. Throws (exit 78) for a file that is not ours to read.
    func read() throws(CommandError) -> Reading {
        var info = stat()
        if lstat(path, &info) != 0 {
            if errno == ENOENT { return .missing }
            throw CommandError("cannot read \(path): \(Self.errorText(errno))", exitCode: .configuration)
        }
        try checkOurs(info, what: path)
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { throw CommandError("cannot open \(path): \(Self.errorText(errno))", exitCode: .configuration) }
        defer { close(fd) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = Glibc.read(fd, &buffer, buffer.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw CommandError("cannot read \(path): \(Self.errorText(errno))", exitCode: .configuration)
            }
            if count == 0 { break }
            data.append(contentsOf: buffer[0..<count])
            if data.count > Self.maximumSize { return .damaged("it is larger than \(Self.maximumSize >> 20) MB") }
        }
        return try Self.reading(data, path: path)
    }

    /// A state file larger than this is damaged (a thousand followed launches take a megabyte).
    static let maximumSize = 16 << 20

    /// The bytes of a state file, read as ours, damaged, or another program's (thrown).
    static func reading(_ data: Data, path: String) throws(CommandError) -> Reading {
        // One parse for a good file (a timer reads it every few minutes); the rest says why not.
        if let state = try? NotifyState.decode(data), state.format == NotifyState.currentFormat { return .state(state) }
        guard let object = try? JSONSerialization.jsonObject(with: data) else {
            return .damaged(data.isEmpty ? "it is empty" : "it is not JSON")
        }
        guard let fields = object as? [String: Any], let format = fields["format"] as? String,
              format.hasPrefix("spacedash-notify ") else {
            throw CommandError("\(path) is not a spacedash notify state file: move it away or set XDG_STATE_HOME",
                               exitCode: .configuration)
        }
        guard format == NotifyState.currentFormat else {
            throw CommandError("\(path) is from another version of spacedash (\(format)): move it away to start afresh",
                               exitCode: .configuration)
        }
        return .damaged("its fields are not what spacedash writes")
    }

    private func checkOurs(_ info: stat, what: String) throws(CommandError) {
        if info.st_mode & S_IFMT == S_IFLNK {
            throw CommandError("\(what) is a symbolic link, which spacedash never follows: remove it", exitCode: .configuration)
        }
        guard info.st_uid == geteuid() else {
            throw CommandError("\(what) belongs to another user: remove it or set XDG_STATE_HOME", exitCode: .configuration)
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw CommandError("\(what) is not a regular file: remove it", exitCode: .configuration)
        }
    }

    // MARK: - Changing

    /// Runs `body` holding the lock: no other run reads or writes the state meanwhile.
    /// The lock is the file's own: it goes with the process, so a killed run never leaves it held.
    func withLock<Result>(_ body: () throws -> Result) throws -> Result {
        let directory = try openDirectory()
        defer { close(directory) }
        let fd = openat(directory, Self.lockName, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw CommandError("cannot open the lock \(CacheStore.path(Self.lockName, in: directoryPath)): \(Self.errorText(errno))",
                               exitCode: .configuration)
        }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw CommandError("cannot lock \(CacheStore.path(Self.lockName, in: directoryPath)): \(Self.errorText(errno))")
            }
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }

    /// The state read under the lock, with the notice to give when the file was
    /// damaged (it is then set aside, and the state starts afresh).
    func readForUpdate() throws(CommandError) -> (state: NotifyState, damage: String?) {
        switch try read() {
        case .state(let state): return (state, nil)
        case .missing: return (NotifyState(), nil)
        case .damaged(let reason):
            let aside = CacheStore.path(Self.damagedName, in: directoryPath)
            let kept = rename(path, aside) == 0
            let where_ = kept ? "set it aside as \(aside)" : "replacing it"
            return (NotifyState(), "\(path) was damaged (\(reason)); \(where_) and starting afresh: reminders may repeat, and followed launches must be followed again")
        }
    }

    /// Replaces the file with `state`, atomically (see the type's comment).
    func write(_ state: NotifyState) throws(CommandError) {
        let data: Data
        do { data = try state.encoded() } catch { throw CommandError("cannot encode the notify state: \(error)") }
        let directory = try openDirectory()
        defer { close(directory) }
        let temporary = ".\(Self.fileName).\(getpid()).\(UInt32.random(in: 0...UInt32.max))"
        let fd = openat(directory, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw CommandError("cannot write \(path): \(Self.errorText(errno))", exitCode: .configuration) }
        var renamed = false
        defer { if !renamed { unlinkat(directory, temporary, 0) } }
        let written = data.withUnsafeBytes { bytes -> Bool in
            var offset = 0
            while offset < bytes.count {
                let count = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0 { if errno == EINTR { continue }; return false }
                offset += count
            }
            return true
        }
        // The bytes must be on disk before the rename makes them the state.
        let synced = written && fsync(fd) == 0
        let code = errno
        close(fd)
        guard synced else { throw CommandError("cannot write \(path): \(Self.errorText(code))") }
        guard renameat(directory, temporary, directory, Self.fileName) == 0 else {
            throw CommandError("cannot replace \(path): \(Self.errorText(errno))")
        }
        renamed = true
        _ = fsync(directory)
    }

    /// The directory, created (0700, with its parents) when missing; never a link, never another user's.
    private func openDirectory() throws(CommandError) -> Int32 {
        var fd = open(directoryPath, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        if fd < 0 && errno == ENOENT {
            do {
                try FileManager.default.createDirectory(atPath: directoryPath, withIntermediateDirectories: true,
                                                        attributes: [.posixPermissions: 0o700])
            } catch {
                throw CommandError("cannot create \(directoryPath): \(error.localizedDescription)", exitCode: .configuration)
            }
            fd = open(directoryPath, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        }
        guard fd >= 0 else {
            throw CommandError("cannot open \(directoryPath): \(Self.errorText(errno)) (set XDG_STATE_HOME to a directory of yours)",
                               exitCode: .configuration)
        }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_uid == geteuid() else {
            close(fd)
            throw CommandError("\(directoryPath) belongs to another user: set XDG_STATE_HOME to a directory of yours", exitCode: .configuration)
        }
        return fd
    }

    static func errorText(_ code: Int32) -> String { String(cString: strerror(code)) }
}

extension NotifyStateFile {
    /// The run's state file, where its environment puts it.
    init(_ context: CommandContext) throws(CommandError) {
        guard let directory = Self.directoryPath(environment: context.environment) else {
            throw CommandError("no place for notify's state: set XDG_STATE_HOME or HOME", exitCode: .configuration)
        }
        self.init(directoryPath: directory)
    }
}
