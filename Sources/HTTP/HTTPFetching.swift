import Foundation
import Streams

/// Anything that can perform HTTP requests as publishers: `HTTPClient` over
/// libcurl, or `ScriptedHTTPClient` for tests and the offline demo.
///
/// `send` returns a cold publisher: nothing happens until a subscriber asks
/// for a value, then the request is made once per subscription and the
/// publisher delivers one `HTTPResponse` (whatever its status) and finishes,
/// or fails with an `HTTPError`. Cancelling the subscription abandons the
/// request. What a non-2xx status means is the caller's to decide
/// (`HTTPError.status(of:)` words one).
public protocol HTTPFetching: Sendable {
    func send(_ request: HTTPRequest) -> AnyPublisher<HTTPResponse, HTTPError>
}
