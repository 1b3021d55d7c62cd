#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TOML

/// Rewrites the config file so that no reader ever sees half of it and no
/// concurrent writer's change is lost: under an exclusive lock on the file's
/// folder, the new content goes to a temporary file beside it, which is
/// flushed to disk and renamed over the old one (the folder flushed too).
/// A writer killed at any moment leaves the old file or the new one, and at
/// worst a stray `.config.toml.XXXXXX` beside it.
enum ConfigFileWriter {
    /// Replaces the file at `path` (or creates it) with what `edit` makes of its
    /// current bytes (empty when there is none), read under the lock.
    static func update(path: String, _ edit: ([UInt8]) throws(CommandError) -> [UInt8]) throws(CommandError) {
        // A symbolic link (a dotfiles folder) is followed: the file it names is replaced, the link kept.
        let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)).map { link in
            link.hasPrefix("/") ? link : (path as NSString).deletingLastPathComponent + "/" + link
        } ?? path
        try createDirectory(for: target)
        let directory = (target as NSString).deletingLastPathComponent
        let folder = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { throw failure("cannot open the folder of", target) }
        defer { close(folder) }
        guard flock(folder, LOCK_EX) == 0 else { throw failure("cannot lock the folder of", target) }

        let old = try ConfigFile.read(path: target)
        let new = try edit(old ?? [])

        let name = "." + (target as NSString).lastPathComponent + ".XXXXXX"
        var template = Array(((directory.isEmpty ? "." : directory) + "/" + name).utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw failure("cannot create a temporary file beside", target) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var written = false
        defer {
            if !written { unlink(temporary) }
        }
        var mode = mode_t(0o644)
        var status = stat()
        if stat(target, &status) == 0 { mode = status.st_mode & 0o7777 }
        fchmod(descriptor, mode)
        var offset = 0
        while offset < new.count {
            let count = new[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                close(descriptor)
                throw failure("cannot write", temporary)
            }
            offset += count
        }
        guard fsync(descriptor) == 0 else {
            close(descriptor)
            throw failure("cannot flush", temporary)
        }
        close(descriptor)
        guard rename(temporary, target) == 0 else { throw failure("cannot replace", target) }
        written = true
        fsync(folder)
    }

    /// The config file as `config set` edits it: checked whole first, as every
    /// run checks it, so a file with a mistake is never edited further.
    static func document(_ bytes: [UInt8], path: String) throws(CommandError) -> TOMLDocument {
        do {
            return try ConfigFile(path: path, bytes: bytes, root: SpaceDash.self).document
        } catch {
            throw CommandError(error.message + " (config set changes nothing in a file with a mistake: fix it with spacedash config edit)",
                               exitCode: .configuration)
        }
    }

    /// The folder the file goes in, made if need be (its parents too).
    static func createDirectory(for path: String) throws(CommandError) {
        let directory = (path as NSString).deletingLastPathComponent
        guard !directory.isEmpty else { return }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw CommandError("cannot create \(directory) for the config file: \(error.localizedDescription)", exitCode: .failure)
        }
    }

    private static func failure(_ what: String, _ path: String) -> CommandError {
        CommandError("\(what) \(path): \(String(cString: strerror(errno)))")
    }
}
