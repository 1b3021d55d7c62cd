// libFuzzer entry point for the config file's TOML reader (`make fuzz`): any
// bytes either read or fail with a position inside the input; what reads
// survives an edit (`config set`) and reads back with the edited value.
import TOML

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTOML(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).count
    let document: TOMLDocument
    do {
        document = try TOMLDocument(parsing: bytes)
    } catch {
        precondition(error.position.line >= 1 && error.position.line <= lines, "error line \(error.position.line) outside \(lines) lines")
        precondition(error.position.column >= 1, "error column \(error.position.column)")
        return 0
    }
    for entry in document.entries.prefix(4) {
        precondition(entry.valueRange.upperBound <= bytes.count)
        let edited = document.setting(.array([.string("x\"\\\n"), .float(0.5)]), forKey: entry.key, inTable: entry.table)
        let reread = try? TOMLDocument(parsing: edited)
        precondition(reread?.entry(table: entry.table, key: entry.key)?.value == .array([.string("x\"\\\n"), .float(0.5)]),
                     "an edit of \(entry.key) did not read back")
    }
    // A top-level key of that name would make the new table a clash; spacedash's keys never name a section.
    guard document.entry(table: nil, key: "fuzz-new-table") == nil else { return 0 }
    let added = document.setting(.integer(1), forKey: "fuzz-new-key", inTable: "fuzz-new-table")
    precondition((try? TOMLDocument(parsing: added))?.entry(table: "fuzz-new-table", key: "fuzz-new-key")?.value == .integer(1),
                 "a new table did not read back")
    return 0
}
