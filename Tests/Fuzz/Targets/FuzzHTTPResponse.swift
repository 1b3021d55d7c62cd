// libFuzzer entry point for HTTP response handling above libcurl (`make fuzz`):
// header lines as libcurl hands them over, Retry-After in both forms, the
// status error and its redacted excerpt, and the rate-limit messages built
// from Retry-After.
import Foundation
@testable import HTTP
@testable import SpaceData

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTPResponse(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    // Head and body are split at the first empty line, as on the wire.
    let raw = Array(bytes)
    var split = raw.count
    for index in raw.indices where index + 3 < raw.count
        && raw[index] == 13 && raw[index + 1] == 10 && raw[index + 2] == 13 && raw[index + 3] == 10 {
        split = index
        break
    }
    var headers = HTTPHeaders()
    var status = 200
    for line in raw[..<split].split(separator: 10, omittingEmptySubsequences: false) {
        switch HTTPHeaders.parseLine(Array(line)) {
        case .statusLine(let code):
            headers = HTTPHeaders()
            status = code ?? status
        case .field(let name, let value):
            headers.add(name: name, value: value)
        case .ignored:
            break
        }
    }
    let body = Data(raw[min(split + 4, raw.count)...])
    let response = HTTPResponse(status: status, headers: headers, body: body,
                                finalURL: URL(string: "https://api.nasa.gov/insight_weather/?api_key=SECRET")!)
    _ = headers.description
    if let value = headers["Retry-After"] {
        _ = RetryAfter.seconds(from: value, serverDate: headers["Date"], now: Date(timeIntervalSince1970: 1_700_000_000))
    }
    let retryAfter = response.retryAfter
    _ = HTTPError.status(of: response).description
    _ = InSightError.rateLimited(usingDemoKey: true, retryAfter: retryAfter).description
    _ = LaunchLibraryError.throttled(retryAfter: retryAfter.map { Int($0.rounded(.up)) }).description
    _ = Redaction.redact(text: String(decoding: body, as: UTF8.self))
    return 0
}
