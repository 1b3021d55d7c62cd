// libFuzzer entry point for the InSight decoder (`make fuzz`). Compiled only by the
// fuzz build: every input must decode or throw a typed error, and the result
// must render through its description without trapping.
import Foundation
@testable import SpaceData

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInSight(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let body = Data(bytes: start, count: count)
    // The first byte picks the HTTP status so error bodies are reached too.
    let statuses = [200, 200, 200, 429, 403, 404, 500, 503]
    let status = statuses[Int(body.first ?? 0) % statuses.count]
    do {
        let feed = try InSightDecoder.decode(body, status: status, retryAfter: nil)
        for sol in feed.sols { _ = String(describing: sol) }
    } catch {
        _ = error.description
    }
    return 0
}
