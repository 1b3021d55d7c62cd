// libFuzzer entry point for the search query parser and engine (`make fuzz`):
// the input is typed one character at a time into a search session, as in the
// interactive search; answers refined from the previous results must equal a
// fresh search, and highlights must lie inside the text they mark.
import SpaceData

// The bundled history (GCAT's 6,471 real launches, in the product): the synthetic corpus is test support,
// which the fuzz build does not link.
private let engine = SearchEngine(launches: LaunchHistory.launches)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSearchQuery(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    var session = SearchSession(engine: engine)
    var typed = ""
    for character in text.prefix(64) {
        typed.append(character)
        let refined = session.search(typed)
        let fresh = engine.search(typed)
        precondition(Array(refined) == Array(fresh), "refined results differ from a fresh search for \(typed.debugDescription)")
        for index in refined.indices.prefix(3) { _ = refined.highlights(at: index) }
    }
    _ = SearchQuery(text).terms.count
    return 0
}
