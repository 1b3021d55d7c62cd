// libFuzzer entry point for the sanitiser every API string passes before a
// terminal (`make fuzz`): whatever the input, the output holds no control
// character, escape, bidi control or (single-line) line break, and cleaning
// is idempotent.
import Terminal

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTerminalSanitizer(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    for mode in [TerminalSanitizer.Mode.singleLine, .multiLine] {
        let clean = TerminalSanitizer.clean(text, mode: mode)
        for scalar in clean.unicodeScalars {
            let value = scalar.value
            let allowedBreak = mode == .multiLine && value == 0x0A
            precondition(allowedBreak || !(value < 0x20 || (0x7F...0x9F).contains(value)), "control U+\(String(value, radix: 16)) survived")
            precondition(!(0x202A...0x202E).contains(value) && !(0x2066...0x2069).contains(value), "bidi control survived")
        }
        precondition(TerminalSanitizer.clean(clean, mode: mode) == clean, "cleaning is not idempotent")
    }
    return 0
}
