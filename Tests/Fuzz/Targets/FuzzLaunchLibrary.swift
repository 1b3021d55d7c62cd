// libFuzzer entry point for the Launch Library decoder (`make fuzz`). Differential:
// whatever page the record reader (every page and `--file`) makes of an input,
// JSONDecoder's reading of the same input, the reference it follows, must make too.
import Foundation
@testable import SpaceData

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLaunchLibrary(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let body = Data(bytes: start, count: count)
    // Not compared on text that is not UTF-8: the record reader shows a broken
    // string with U+FFFD where JSONDecoder drops the object holding it.
    if String(validating: body, as: UTF8.self) != nil, let records = LaunchLibraryFileDecoder.recordsPage(body) {
        let whole = Result { () throws(LaunchLibraryError) in try LaunchLibraryDecoder.decodeWithJSONDecoder(body) }
        guard case .success(let page) = whole, page == records else {
            preconditionFailure("the record reader read \(records), JSONDecoder \(whole)")
        }
    }
    do {
        let page = try LaunchLibraryDecoder.decodePage(body)
        for launch in page.launches { _ = String(describing: launch) }
    } catch {
        _ = error.description
    }
    _ = LaunchLibraryDecoder.detail(in: body)
    return 0
}
