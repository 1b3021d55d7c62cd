// libFuzzer entry point for the detailed record's decoder and the events decoder
// (`make fuzz FUZZ=LaunchDetail`): any input decodes or fails with a typed error,
// never a crash, and what decodes encodes (`--json`) and yields only http(s)
// addresses, as one word, for a browser.
import Foundation
@testable import SpaceData

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLaunchDetail(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let body = Data(bytes: start, count: count)
    let encoder = JSONEncoder()
    if let details = try? LaunchDetailDecoder.decode(body) {
        for detail in details {
            _ = try? encoder.encode(detail)
            for address in [detail.bestWebcastAddress, detail.informationPageAddress].compactMap({ $0 }) {
                precondition(address.lowercased().hasPrefix("http"), "a browser would be given \(address)")
                precondition(address.utf8.allSatisfy { (0x21...0x7E).contains($0) }, "an address of more than one word: \(address)")
            }
            precondition(detail.timeline.map(\.offset) == detail.timeline.map(\.offset).sorted(), "the timeline is out of order")
        }
    }
    if let events = try? SpaceEventDecoder.decode(body) {
        for event in events { _ = try? encoder.encode(event) }
    }
    if let text = String(data: body, encoding: .utf8) { _ = LaunchTimelineEvent.seconds(inDuration: text) }
    return 0
}
