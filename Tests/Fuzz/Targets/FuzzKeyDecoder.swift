// libFuzzer entry point for the interactive UI's key decoder (`make fuzz`): the
// input is fed in chunks whose sizes come from the input itself, with a flush
// (the escape timeout) between some of them, and the paste buffer kept small so
// the bound on it is exercised.
import Terminal

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKeyDecoder(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    guard let first = bytes.first else { return 0 }
    var decoder = KeyDecoder(maximumPasteBytes: 256)
    let chunk = Int(first % 16) + 1
    var index = 1
    var keys = 0
    while index < bytes.count {
        let end = min(index + chunk, bytes.count)
        keys += decoder.feed(bytes[index..<end]).count
        if bytes[index] & 0x80 != 0 && decoder.hasPendingInput { keys += decoder.flush().count }
        index = end
    }
    keys += decoder.flush().count
    // Every key needs at least one byte: more keys than bytes means invented input.
    precondition(keys <= bytes.count, "\(keys) keys from \(bytes.count) bytes")
    return 0
}
