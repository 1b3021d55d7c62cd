import Foundation
import HTTP
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Raw responses saved on disk by name, with the time they were saved.
///
/// Safe for several processes at once: a write goes to a temporary file in
/// the same directory, is flushed with `fsync`, renamed over the entry, and
/// the directory is flushed too, so a reader (or a crash) sees the old entry
/// or the new one, never a torn file. A writer killed before its rename leaves
/// its temporary file behind; a later write removes such files of ours once
/// they are older than `staleTemporaryAge`, which no live write takes.
///
/// The store never follows a symbolic link (but the directory's own, when it is
/// the user's and leads to a directory of theirs) and never uses another user's file
/// or directory: another user's entry is neither read, replaced nor removed,
/// only reported (as `.unreadable`, and by `write` throwing). A damaged entry
/// of ours is reported once (as `.unreadable`) and removed, never fatal.
///
/// File layout: a short text header (format, save time, body length and an
/// FNV-1a checksum) ending with an empty line, then the body bytes exactly.
public final class CacheStore: Sendable {
    /// The directory holding the entries (created, mode 0700, on first write), as
    /// an absolute path: a start-up that reads one entry builds no `URL` (Foundation's
    /// first `URL.path` costs more than reading and checking the entry).
    public let directoryPath: String
    /// The same directory as a file URL.
    public var directory: URL { URL(fileURLWithPath: directoryPath, isDirectory: true) }
    /// The clock that stamps new entries and ages old ones.
    public let clock: @Sendable () -> Date
    /// How the user chooses another directory (the app's setting, such as an
    /// environment variable's name), named by the problems that need one.
    public let directorySetting: String
    /// Other users' entries this store has reported on reading, by file name.
    private let reportedForeignEntries = Mutex<Set<String>>([])

    /// Entries larger than this are treated as damaged rather than read into memory.
    public static let maximumEntrySize = 64 << 20

    static let magic = "spacedash-cache 1"

    /// How old a temporary file must be before a write removes it as left by a
    /// killed writer. A live write takes milliseconds (at most a few seconds for
    /// the largest entry on a slow disk), so an hour never races one; and a
    /// writer stopped longer than that only loses its rename, never the entry.
    public static let staleTemporaryAge: TimeInterval = 60 * 60

    public convenience init(directory: URL, directorySetting: String = "the cache directory",
                            clock: @escaping @Sendable () -> Date = { Date() }) {
        self.init(directoryPath: directory.path, directorySetting: directorySetting, clock: clock)
    }

    /// - Parameter directoryPath: an absolute path (a relative one is taken from the current directory).
    public init(directoryPath: String, directorySetting: String = "the cache directory",
                clock: @escaping @Sendable () -> Date = { Date() }) {
        self.directoryPath = Self.absolutePath(directoryPath)
        self.directorySetting = directorySetting
        self.clock = clock
    }

    /// `path` from the root, without a trailing slash, as `URL(fileURLWithPath:).path` gives it.
    public static func absolutePath(_ path: String) -> String {
        var absolute = path
        if !absolute.hasPrefix("/") {
            let cwd = getcwd(nil, 0)
            defer { free(cwd) }
            absolute = (cwd.map { String(cString: $0) } ?? "") + "/" + absolute
        }
        while absolute.utf8.count > 1 && absolute.hasSuffix("/") { absolute.removeLast() }
        return absolute
    }

    /// The current time by this store's clock.
    public var now: Date { clock() }

    /// The path of the file holding `key`.
    public func path(for key: String) -> String {
        Self.path(Self.fileName(for: key), in: directoryPath)
    }

    /// `name` (a file, or a relative path) inside the absolute path `directory`.
    public static func path(_ name: String, in directory: String) -> String {
        directory == "/" ? "/" + name : directory + "/" + name
    }

    // MARK: - Reading

    /// Looks up `key`. A missing directory is a miss; a damaged entry is removed
    /// and returned as `.unreadable`, so the next lookup is a plain miss.
    public func read(_ key: String) -> CacheLookup {
        let name = Self.fileName(for: key)
        let directoryFD: Int32
        switch openDirectory(create: false) {
        case .success(let fd): directoryFD = fd
        case .failure(let problem):
            return problem.reason == Self.missingReason ? .miss : .unreadable(problem)
        }
        defer { close(directoryFD) }

        let filePath = path(for: key)
        let fd = openat(directoryFD, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        if fd < 0 {
            let code = errno
            switch code {
            case ENOENT:
                return .miss
            case ELOOP:
                // Opening with O_NOFOLLOW fails this way on a symbolic link; remove
                // the link itself (never what it points to), if it is ours.
                let removed = removeIfOurs(directoryFD: directoryFD, name: name)
                return .unreadable(CacheProblem(path: filePath, reason: "is a symbolic link, which the cache never follows; "
                                                    + (removed ? "removed it" : "left it alone")))
            default:
                return .unreadable(CacheProblem(path: filePath, reason: "cannot be opened (\(Self.errorText(code)))"))
            }
        }
        defer { close(fd) }

        var info = stat()
        guard fstat(fd, &info) == 0 else {
            return .unreadable(CacheProblem(path: filePath, reason: "cannot be examined (\(Self.errorText(errno)))"))
        }
        let damaged = { (reason: String) -> CacheLookup in
            self.removeIfSame(directoryFD: directoryFD, name: name, info: info)
            return .unreadable(CacheProblem(path: filePath, reason: reason + "; removed it"))
        }
        // Another user's file is theirs: not read, not removed, just reported.
        guard info.st_uid == geteuid() else {
            reportedForeignEntries.withLock { _ = $0.insert(name) }
            return .unreadable(CacheProblem(path: filePath, reason: "belongs to another user; left it alone"))
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return damaged("is not a regular file") }
        guard info.st_size <= Self.maximumEntrySize else { return damaged("is larger than any cache entry (\(info.st_size) bytes)") }

        let file: UnsafeMutableRawBufferPointer
        switch Self.readAll(fd: fd, expected: Int(info.st_size)) {
        case .success(let read): file = read
        case .failure(let error):
            return .unreadable(CacheProblem(path: filePath, reason: "cannot be read (\(Self.errorText(error.code)))"))
        }
        switch Self.decode(UnsafeRawBufferPointer(file)) {
        case .success(let header):
            // The body is handed over where it was read: copying it would touch
            // as much memory again, which costs more than reading it.
            let body = Data(bytesNoCopy: file.baseAddress! + header.bodyStart, count: file.count - header.bodyStart,
                            deallocator: .custom { _, _ in file.deallocate() })
            // An entry saved before a key was configured (or by an older spacedash) may hold it.
            return .hit(CacheEntry(body: Redaction.maskRegisteredSecrets(in: body), savedAt: header.savedAt))
        case .failure(let problem):
            file.deallocate()
            return damaged(problem.reason)
        }
    }

    // MARK: - Writing

    /// Saves `body` under `key`, stamped with the clock's current time, replacing
    /// any earlier entry atomically. Registered secrets in `body` (a server
    /// echoing a key) are saved as `***`: a cache file never holds one.
    @discardableResult
    public func write(_ key: String, body: Data) throws(CacheProblem) -> CacheEntry {
        let entry = CacheEntry(body: Redaction.maskRegisteredSecrets(in: body), savedAt: clock())
        let name = Self.fileName(for: key)
        let directoryFD: Int32
        switch openDirectory(create: true) {
        case .success(let fd): directoryFD = fd
        case .failure(let problem): throw problem
        }
        defer { close(directoryFD) }
        let filePath = path(for: key)

        // Never replace a file that is not ours: another user's entry in a shared
        // directory is left alone, and we say so.
        var existing = stat()
        if fstatat(directoryFD, name, &existing, AT_SYMLINK_NOFOLLOW) == 0,
           (existing.st_mode & S_IFMT) != S_IFLNK, existing.st_uid != geteuid() {
            throw CacheProblem(path: filePath, reason: "belongs to another user; not replacing it",
                               reportedByRead: reportedForeignEntries.withLock { $0.contains(name) })
        }

        let temporary = Self.temporaryName(for: name)
        let fd = openat(directoryFD, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw CacheProblem(path: filePath, reason: "cannot be written (\(Self.errorText(errno)))")
        }
        var renamed = false
        defer { if !renamed { unlinkat(directoryFD, temporary, 0) } }

        let bytes = Self.encode(entry)
        let writeError = bytes.withUnsafeBytes { buffer -> Int32? in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
        if let code = writeError {
            close(fd)
            throw CacheProblem(path: filePath, reason: "cannot be written (\(Self.errorText(code)))")
        }
        // The data must be on disk before the rename makes it the entry, or a
        // crash could leave an empty file under the entry's name.
        if fsync(fd) != 0 {
            let code = errno
            close(fd)
            throw CacheProblem(path: filePath, reason: "cannot be flushed to disk (\(Self.errorText(code)))")
        }
        close(fd)
        guard renameat(directoryFD, temporary, directoryFD, name) == 0 else {
            throw CacheProblem(path: filePath, reason: "cannot be replaced (\(Self.errorText(errno)))")
        }
        renamed = true
        // Flush the directory so the rename itself survives a crash.
        _ = fsync(directoryFD)
        removeStaleTemporaries(directoryFD: directoryFD)
        return entry
    }

    /// Removes the entry under `key`, if any and if it is ours.
    public func remove(_ key: String) {
        guard case .success(let directoryFD) = openDirectory(create: false) else { return }
        defer { close(directoryFD) }
        removeIfOurs(directoryFD: directoryFD, name: Self.fileName(for: key))
    }

    /// Removes `name` itself (a link, never its target) when it belongs to us.
    @discardableResult
    private func removeIfOurs(directoryFD: Int32, name: String) -> Bool {
        var info = stat()
        guard fstatat(directoryFD, name, &info, AT_SYMLINK_NOFOLLOW) == 0, info.st_uid == geteuid() else { return false }
        return unlinkat(directoryFD, name, 0) == 0
    }

    // MARK: - Temporary files

    /// The temporary file a write fills before renaming it over `name`:
    /// `.NAME.PID.RANDOM.tmp`, unique to this process and write.
    static func temporaryName(for name: String) -> String {
        ".\(name).\(getpid()).\(UInt32.random(in: 0 ... .max)).tmp"
    }

    /// Whether `name` is one of `temporaryName`'s names, for any entry.
    static func isTemporaryName(_ name: String) -> Bool {
        guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return false }
        let parts = name.dropFirst().dropLast(4).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 4 else { return false }
        let numbers = parts.suffix(2)
        guard numbers.allSatisfy({ !$0.isEmpty && $0.count <= 10 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }) else { return false }
        let entry = parts.dropLast(2).joined(separator: ".")
        guard entry.hasSuffix(".cache") else { return false }
        let key = String(entry.dropLast(6))
        return !key.isEmpty && key.count <= 100 && !key.hasPrefix(".") && key.unicodeScalars.allSatisfy(isKeyCharacter)
    }

    /// Removes the temporary files of killed writers: regular files of ours,
    /// named as `temporaryName` names them, last modified `staleTemporaryAge`
    /// or more ago by the system clock (the one that stamps file times).
    /// Anything younger may belong to a write in progress in another process
    /// and is left alone; failures are ignored, the next write tries again.
    func removeStaleTemporaries(directoryFD: Int32) {
        let listing = dup(directoryFD)
        guard listing >= 0 else { return }
        guard let stream = fdopendir(listing) else { close(listing); return }
        defer { closedir(stream) }
        var names: [String] = []
        while let item = readdir(stream) {
            let name = withUnsafePointer(to: &item.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if Self.isTemporaryName(name) { names.append(name) }
        }
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        for name in names {
            var info = stat()
            guard fstatat(directoryFD, name, &info, AT_SYMLINK_NOFOLLOW) == 0,
                  (info.st_mode & S_IFMT) == S_IFREG, info.st_uid == geteuid() else { continue }
            // Whole seconds: a file from the future (clock skew) has a negative age and stays.
            let age = TimeInterval(now.tv_sec - info.st_mtim.tv_sec)
            guard age >= Self.staleTemporaryAge else { continue }
            unlinkat(directoryFD, name, 0)
        }
    }

    // MARK: - The directory

    static let missingReason = "does not exist"

    /// Opens the cache directory, following a symbolic link at its last
    /// component only as `openLinkedDirectory` allows, creating it (and missing
    /// parents) with mode 0700 when asked.
    private func openDirectory(create: Bool) -> Result<Int32, CacheProblem> {
        let path = directoryPath
        var fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        if fd < 0 && errno == ENOENT {
            guard create else { return .failure(CacheProblem(path: path, reason: Self.missingReason)) }
            if let problem = Self.makeDirectories(path) { return .failure(problem) }
            fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        }
        if fd < 0 && (errno == ELOOP || errno == ENOTDIR) {
            var link = stat()
            guard lstat(path, &link) == 0 && (link.st_mode & S_IFMT) == S_IFLNK else {
                return .failure(CacheProblem(path: path, reason: "is not a directory"))
            }
            switch openLinkedDirectory(path, link: link) {
            case .success(let linked): fd = linked
            case .failure(let problem): return .failure(problem)
            }
        }
        guard fd >= 0 else {
            return .failure(CacheProblem(path: path, reason: "cannot be opened (\(Self.errorText(errno)))"))
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            close(fd)
            return .failure(CacheProblem(path: path, reason: "cannot be examined (\(Self.errorText(code)))"))
        }
        guard info.st_uid == geteuid() else {
            close(fd)
            return .failure(CacheProblem(path: path, reason: "belongs to another user; set \(directorySetting) to a directory of your own"))
        }
        return .success(fd)
    }

    /// The directory itself may be a symbolic link, as `XDG_CACHE_HOME` above it
    /// may be (a cache kept on another disk). It is followed only when the link
    /// is the user's own (or root's), so nobody else chose where it points; what
    /// it points at must then pass the checks of a real directory (a directory,
    /// the user's own). A link to nothing is refused, never created through.
    private func openLinkedDirectory(_ path: String, link: stat) -> Result<Int32, CacheProblem> {
        guard link.st_uid == geteuid() || link.st_uid == 0 else {
            return .failure(CacheProblem(path: path, reason: "is a symbolic link made by another user; point \(directorySetting) at a directory of your own"))
        }
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            let target = Self.linkTarget(path).map { " (\($0))" } ?? ""
            switch code {
            case ENOENT:
                return .failure(CacheProblem(path: path, reason: "is a symbolic link to nothing\(target); create that directory, or point \(directorySetting) at a real one"))
            case ENOTDIR:
                return .failure(CacheProblem(path: path, reason: "is a symbolic link to something that is not a directory\(target); point \(directorySetting) at a directory"))
            default:
                return .failure(CacheProblem(path: path, reason: "is a symbolic link that cannot be followed\(target) (\(Self.errorText(code)))"))
            }
        }
        return .success(fd)
    }

    /// Where a symbolic link points, as written in it.
    private static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink(path, &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `mkdir -p` with mode 0700 for every directory it creates.
    private static func makeDirectories(_ path: String) -> CacheProblem? {
        var prefix = ""
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += "/" + component
            if mkdir(prefix, 0o700) != 0 && errno != EEXIST {
                return CacheProblem(path: prefix, reason: "cannot be created (\(errorText(errno)))")
            }
        }
        // mkdir honours the umask; the cache directory must end up exactly 0700.
        chmod(path, 0o700)
        return nil
    }

    // MARK: - File format

    static func fileName(for key: String) -> String {
        precondition(
            !key.isEmpty && key.count <= 100 && !key.hasPrefix(".")
                && key.unicodeScalars.allSatisfy(isKeyCharacter),
            "cache keys are short ASCII names: \(key)"
        )
        return key + ".cache"
    }

    static func isKeyCharacter(_ scalar: Unicode.Scalar) -> Bool {
        // By hand rather than CharacterSet.alphanumerics, which loads CoreFoundation's tables on every run.
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "-", "_", ".": true
        default: false
        }
    }

    static func encode(_ entry: CacheEntry) -> Data {
        let milliseconds = Int64((entry.savedAt.timeIntervalSince1970 * 1000).rounded())
        let header = """
        \(magic)
        saved-ms \(milliseconds)
        length \(entry.body.count)
        fnv1a64 \(String(fnv1a64(entry.body), radix: 16))


        """
        var data = Data(header.utf8)
        data.append(entry.body)
        return data
    }

    /// Where the body starts and when the entry was saved, once the header,
    /// the body's length and its checksum are found right.
    static func decode(_ bytes: UnsafeRawBufferPointer) -> Result<(bodyStart: Int, savedAt: Date), CacheProblem> {
        let problem = { (reason: String) in Result<(bodyStart: Int, savedAt: Date), CacheProblem>.failure(CacheProblem(path: "", reason: reason)) }
        // The header ends at the first empty line.
        var headerEnd: Int?
        var index = 0
        while index + 1 < bytes.count && index < 512 {
            if bytes[index] == 0x0A && bytes[index + 1] == 0x0A { headerEnd = index; break }
            index += 1
        }
        guard let end = headerEnd, let header = String(bytes: bytes[0..<end], encoding: .utf8) else {
            return problem("is not a spacedash cache entry (no header)")
        }
        let lines = header.split(separator: "\n").map(String.init)
        guard lines.first == magic else { return problem("is not a spacedash cache entry (unknown format)") }
        var fields: [String: String] = [:]
        for line in lines.dropFirst() {
            let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { return problem("has a damaged header") }
            fields[parts[0]] = parts[1]
        }
        guard let saved = fields["saved-ms"].flatMap(Int64.init),
              let length = fields["length"].flatMap(Int.init), length >= 0,
              let checksum = fields["fnv1a64"].flatMap({ UInt64($0, radix: 16) })
        else { return problem("has a damaged header") }
        let body = UnsafeRawBufferPointer(rebasing: bytes[(end + 2)...])
        guard body.count == length else {
            return problem(body.count < length ? "is truncated (\(body.count) of \(length) bytes)" : "has \(body.count - length) bytes too many")
        }
        guard fnv1a64(body) == checksum else { return problem("is damaged (checksum mismatch)") }
        return .success((bodyStart: end + 2, savedAt: Date(timeIntervalSince1970: Double(saved) / 1000)))
    }

    static func fnv1a64(_ data: Data) -> UInt64 {
        // Over the raw bytes: Data's iterator costs ~50 instructions a byte,
        // which made checking a 270 KB entry slower than reading it.
        data.withUnsafeBytes { fnv1a64($0) }
    }

    static func fnv1a64(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }

    // MARK: - POSIX helpers

    private struct ErrnoCode: Error { let code: Int32 }

    /// The whole file, read straight into memory of its own (which the caller
    /// deallocates): no chunk buffer, no copy. `expected` is the size `fstat`
    /// gave; a file that grew since is read to its end all the same.
    private static func readAll(fd: Int32, expected: Int) -> Result<UnsafeMutableRawBufferPointer, ErrnoCode> {
        var buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: min(expected, maximumEntrySize) + 1, alignment: 16)
        var filled = 0
        while true {
            if filled == buffer.count {
                guard filled <= maximumEntrySize else {
                    buffer.deallocate()
                    return .failure(ErrnoCode(code: EFBIG))
                }
                let larger = UnsafeMutableRawBufferPointer.allocate(byteCount: min(buffer.count * 2, maximumEntrySize + 1), alignment: 16)
                larger.copyMemory(from: UnsafeRawBufferPointer(buffer))
                buffer.deallocate()
                buffer = larger
            }
            let count = Glibc.read(fd, buffer.baseAddress! + filled, buffer.count - filled)
            if count < 0 {
                if errno == EINTR { continue }
                let code = errno
                buffer.deallocate()
                return .failure(ErrnoCode(code: code))
            }
            if count == 0 { return .success(UnsafeMutableRawBufferPointer(rebasing: buffer[..<filled])) }
            filled += count
        }
    }

    /// Removes a damaged entry, unless another process replaced it meanwhile
    /// (then the new entry is left in place).
    private func removeIfSame(directoryFD: Int32, name: String, info: stat) {
        var current = stat()
        guard fstatat(directoryFD, name, &current, AT_SYMLINK_NOFOLLOW) == 0,
              current.st_ino == info.st_ino, current.st_dev == info.st_dev else { return }
        unlinkat(directoryFD, name, 0)
    }

    static func errorText(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
