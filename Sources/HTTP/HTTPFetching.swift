import Foundation
import Streams

/// Anything that can perform HTTP requests as publishers: `HTTPClient` over
/// libcurl, or `ScriptedHTTPClient` for tests and the offline demo.
///
/// `send` returns a cold publisher: nothing happens until a subscriber asks
/// for a value, then the request is made once per subscription and the
/// publisher delivers one `HTTPResponse` (whatever its status) and finishes,
/// or fails with an `HTTPError`. Cancelling the subscription abandons the
/// request. Use `validateStatus()` to turn non-2xx responses into errors and
/// `retryTransientFailures(scheduler:)` to retry what may heal on its own.
public protocol HTTPFetching: Sendable {
    func send(_ request: HTTPRequest) -> AnyPublisher<HTTPResponse, HTTPError>
}

extension HTTPFetching {
    /// A GET of `url` with the default limits.
    public func get(_ url: URL, headers: HTTPHeaders = [:]) -> AnyPublisher<HTTPResponse, HTTPError> {
        send(HTTPRequest(url: url, headers: headers))
    }
}
