// libFuzzer entry point for the argument parser (`make fuzz`): the input is a
// NUL-separated command line parsed against the real command tree; usage
// errors must come back as one line.
@testable import SpaceDashCLI

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArguments(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    let words = bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    do {
        let invocation = try CommandLineParser.parse(words, root: SpaceDash.self)
        _ = invocation.commandPath
    } catch {
        _ = String(describing: error)
    }
    return 0
}
