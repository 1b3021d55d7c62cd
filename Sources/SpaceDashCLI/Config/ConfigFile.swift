#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TOML

/// The config file of one run, read whole and checked whole against the
/// command tree's keys before anything runs: a wrong key, type or value
/// anywhere in it stops every command (exit 78), never half-read.
struct ConfigFile: Sendable {
    /// One key's setting in the file.
    struct Setting: Sendable, Equatable {
        /// As the command line would give them (a list's: one word each).
        let words: [String]
        let line: Int
    }

    let path: String
    let document: TOMLDocument
    /// By key path (`units`, `launches.limit`).
    let settings: [String: Setting]

    /// The file at `path` checked against the keys of the tree under `root`, or nil when there is none.
    static func load(path: String, root: any Command.Type) throws(CommandError) -> ConfigFile? {
        guard let bytes = try read(path: path) else { return nil }
        return try ConfigFile(path: path, bytes: bytes, root: root)
    }

    init(path: String, bytes: [UInt8], root: any Command.Type) throws(CommandError) {
        self.path = path
        do {
            document = try TOMLDocument(parsing: bytes)
        } catch {
            throw Self.error(path: path, at: error.position, error.message, suggestion: error.suggestion)
        }
        var settings: [String: Setting] = [:]
        var keys = ConfigKeyLookup(root: root)
        for entry in document.entries {
            if let table = entry.table, ConfigKeys.reservedSections.contains(table) { continue }
            guard let key = keys.key(section: entry.table, name: entry.key) else {
                throw Self.unknownKey(entry, in: document, path: path, keys: ConfigKeys(root: root))
            }
            do {
                settings[key.path] = Setting(words: try key.words(from: entry.value), line: entry.keyPosition.line)
            } catch {
                throw Self.error(path: path, at: entry.valuePosition, error.message, suggestion: error.suggestion)
            }
        }
        // A table with no key at all is still a misspelt section.
        for table in document.tables where !ConfigKeys.reservedSections.contains(table.name) && !keys.hasSection(table.name) {
            throw Self.unknownSection(table.name, at: table.position, path: path, keys: ConfigKeys(root: root))
        }
        self.settings = settings
    }

    /// The entries of a reserved section (`[place]`), unchecked, for the code that owns it.
    func reservedEntries(_ section: String) -> [TOMLDocument.Entry] {
        document.entries.filter { $0.table == section }
    }

    /// The one line a problem in the file gets: `PATH:LINE:COLUMN: what; how to fix it`, exit 78.
    static func error(path: String, at position: TOMLDocument.Position, _ message: String, suggestion: String? = nil) -> CommandError {
        CommandError("\(path):\(position.line):\(position.column): \(message)" + (suggestion.map { "; \($0)" } ?? ""),
                     exitCode: .configuration)
    }

    // MARK: - Reading

    /// The file's bytes; nil when it does not exist. Any other failure to read
    /// it is a configuration error: a file that is there is never skipped.
    static func read(path: String) throws(CommandError) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT { return nil }
            throw CommandError("cannot read the config file \(path): \(String(cString: strerror(code)))", exitCode: .configuration)
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                throw CommandError("cannot read the config file \(path): \(String(cString: strerror(errno)))", exitCode: .configuration)
            }
            bytes += chunk[..<count]
            if bytes.count > maximumSize {
                throw CommandError("the config file \(path) is over \(maximumSize / 1024) KB: it cannot be spacedash's settings", exitCode: .configuration)
            }
        }
    }

    /// A settings file is a few hundred bytes; a mistaken path (a log, a device) is not read on.
    static let maximumSize = 1_048_576

    // MARK: - Unknown keys

    private static func unknownKey(_ entry: TOMLDocument.Entry, in document: TOMLDocument, path: String, keys: ConfigKeys) -> CommandError {
        let section = entry.table
        if let section, !keys.sections.contains(section) {
            let header = document.tables.first { $0.name == section }?.position ?? entry.keyPosition
            return unknownSection(section, at: header, path: path, keys: keys)
        }
        let place = section.map { " in [\($0)]" } ?? ""
        let message = "unknown key '\(entry.key)'\(place)"
        let names = keys.keys.filter { $0.section == section }.map(\.name)
        let suggestion: String?
        if let close = Suggestion.closest(to: entry.key, among: names) {
            suggestion = "did you mean '\(close)'?"
        } else if let elsewhere = keys.keys.first(where: { $0.name == entry.key }) {
            suggestion = elsewhere.section.map { "'\(entry.key)' goes under [\($0)]" } ?? "'\(entry.key)' goes at the top, before any [section]"
        } else if isSecretLike(entry.key) {
            suggestion = "secrets are not settings: set \(Services.Variable.nasaKey) or \(Services.Variable.launchesToken) in the environment"
        } else if keys.commandLineOnlyNames.contains(entry.key) {
            suggestion = "--\(entry.key) is for the command line only"
        } else {
            suggestion = "spacedash config show lists every key"
        }
        return error(path: path, at: entry.keyPosition, message, suggestion: suggestion)
    }

    private static func unknownSection(_ section: String, at position: TOMLDocument.Position, path: String, keys: ConfigKeys) -> CommandError {
        let names = keys.sections + ConfigKeys.reservedSections
        let suggestion = Suggestion.closest(to: section, among: names).map { "did you mean [\($0)]?" }
            ?? "the sections are " + Suggestion.list(names.map { "[\($0)]" }, conjunction: "and")
        return error(path: path, at: position, "unknown section [\(section)]", suggestion: suggestion)
    }

    private static func isSecretLike(_ key: String) -> Bool {
        let lowered = key.lowercased()
        return ["token", "api-key", "api_key", "apikey", "key", "secret", "password", "nasa"].contains { lowered.contains($0) }
    }
}
