// libFuzzer entry point for the Launch Library decoder (`make fuzz`).
import Foundation
@testable import SpaceData

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLaunchLibrary(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let body = Data(bytes: start, count: count)
    do {
        let page = try LaunchLibraryDecoder.decodePage(body)
        for launch in page.launches { _ = String(describing: launch) }
    } catch {
        _ = error.description
    }
    _ = LaunchLibraryDecoder.detail(in: body)
    return 0
}
