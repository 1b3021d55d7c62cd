import Foundation
import Streams

/// An `HTTPFetching` that answers from a script instead of the network: for
/// tests and for the offline demo, which swaps it in for `HTTPClient`.
///
/// Answers come from a route table (first matching route wins) or a closure,
/// immediately when the subscriber asks for the value, or after `delay` on an
/// injected scheduler (a `TestScheduler` in tests). Every request is
/// recorded in `requests`.
///
///     let client = ScriptedHTTPClient(routes: [
///         "/insight_weather/": .ok(json: insightData),
///         "ll.thespacedevs.com": .status(429, headers: ["Retry-After": "60"]),
///         "https://example.com/down": .failure(.cannotResolveHost(host: "example.com")),
///     ])
///
/// A route key containing `://` matches URLs starting with it; a key starting
/// with `/` matches the URL's path exactly; any other key matches the host.
/// A request no route matches gets a 404.
public final class ScriptedHTTPClient: HTTPFetching, @unchecked Sendable {
    public typealias Responder = @Sendable (HTTPRequest) -> Result<HTTPResponse, HTTPError>

    /// A scripted answer.
    public struct Reply: Sendable {
        let respond: Responder

        /// This reply's answer to `request`.
        public func respond(to request: HTTPRequest) -> Result<HTTPResponse, HTTPError> { respond(request) }

        /// Answers with `respond`'s result for each request.
        public static func custom(_ respond: @escaping Responder) -> Reply { Reply(respond: respond) }

        /// A response with `code`, `headers` and `body`, from the request's URL.
        public static func status(_ code: Int, headers: HTTPHeaders = [:], body: Data = Data()) -> Reply {
            Reply { request in .success(HTTPResponse(status: code, headers: headers, body: body, finalURL: request.url)) }
        }

        /// A 200 response with `body`.
        public static func ok(_ body: Data, headers: HTTPHeaders = [:]) -> Reply {
            status(200, headers: headers, body: body)
        }

        /// A 200 response with a UTF-8 text body.
        public static func ok(_ text: String, headers: HTTPHeaders = ["Content-Type": "text/plain; charset=utf-8"]) -> Reply {
            status(200, headers: headers, body: Data(text.utf8))
        }

        /// A 200 `application/json` response.
        public static func ok(json: Data) -> Reply {
            status(200, headers: ["Content-Type": "application/json"], body: json)
        }

        /// A failure, as the real client would report it.
        public static func failure(_ error: HTTPError) -> Reply {
            Reply { _ in .failure(error) }
        }
    }

    private let respond: Responder
    // Schedulers are meant to be used from any thread (DispatchQueue,
    // TestScheduler keep their own locks), hence `@unchecked Sendable` above.
    private let schedule: ((@escaping () -> Void) -> Void)?
    private let recorded = Locked<[HTTPRequest]>([])
    private let log: HTTPLog?

    /// Answers each request with `respond`, as soon as it is asked for.
    /// `log` gets the same lines `HTTPClient` would write.
    public init(log: HTTPLog? = nil, _ respond: @escaping Responder) {
        self.respond = respond
        self.log = log
        schedule = nil
    }

    /// Answers each request with `respond`, `delay` after it is asked for,
    /// on `scheduler`.
    public init<S: Scheduler>(delay: S.SchedulerTimeType.Stride, scheduler: S, log: HTTPLog? = nil, _ respond: @escaping Responder) {
        self.respond = respond
        self.log = log
        schedule = { action in
            scheduler.schedule(after: scheduler.now.advanced(by: delay), action)
        }
    }

    /// Answers from `routes`, checked in order; unmatched requests get a 404.
    public convenience init(routes: KeyValuePairs<String, Reply>, log: HTTPLog? = nil) {
        self.init(log: log, Self.router(Array(routes)))
    }

    /// Answers from `routes`, `delay` after each request, on `scheduler`.
    public convenience init<S: Scheduler>(delay: S.SchedulerTimeType.Stride, scheduler: S, routes: KeyValuePairs<String, Reply>, log: HTTPLog? = nil) {
        self.init(delay: delay, scheduler: scheduler, log: log, Self.router(Array(routes)))
    }

    /// Every request asked for so far, oldest first.
    public var requests: [HTTPRequest] { recorded.withLock { $0 } }

    public func send(_ request: HTTPRequest) -> AnyPublisher<HTTPResponse, HTTPError> {
        ScriptedPublisher(request: request, client: self).eraseToAnyPublisher()
    }

    /// Whether `key` (see the type's documentation) matches `url`.
    public static func route(_ key: String, matches url: URL) -> Bool {
        if key.contains("://") { return url.absoluteString.hasPrefix(key) }
        if key.hasPrefix("/") {
            // URL.path drops a trailing slash; the routes keep it ("/insight_weather/").
            let path = URLComponents(url: url, resolvingAgainstBaseURL: true)?.percentEncodedPath ?? url.path
            return (path.isEmpty ? "/" : path) == key
        }
        return url.host?.lowercased() == key.lowercased()
    }

    private static func router(_ routes: [(key: String, value: Reply)]) -> Responder {
        { request in
            guard let reply = routes.first(where: { route($0.key, matches: request.url) })?.value else {
                let message = "no scripted route for \(Redaction.redact(url: request.url))"
                return .success(HTTPResponse(status: 404, body: Data(message.utf8), finalURL: request.url))
            }
            return reply.respond(request)
        }
    }

    fileprivate func answer(_ request: HTTPRequest, deliver: @escaping @Sendable (Result<HTTPResponse, HTTPError>) -> Void) {
        recorded.withLock { $0.append(request) }
        log?.started(request)
        let startedAt = ContinuousClock.now
        let result = respond(request)
        let finish: @Sendable () -> Void = { [log] in
            let elapsed = ContinuousClock.now - startedAt
            log?.finished(request, result: result, milliseconds: Int(elapsed.components.seconds) * 1000 + Int(elapsed.components.attoseconds / 1_000_000_000_000_000))
            deliver(result)
        }
        if let schedule {
            schedule(finish)
        } else {
            finish()
        }
    }
}

private struct ScriptedPublisher: Publisher {
    typealias Output = HTTPResponse
    typealias Failure = HTTPError

    let request: HTTPRequest
    let client: ScriptedHTTPClient

    func receive<S: Subscriber>(subscriber: S) where S.Input == HTTPResponse, S.Failure == HTTPError {
        subscriber.receive(subscription: ScriptedSubscription(request: request, client: client, downstream: subscriber))
    }
}

private protocol ScriptedResultReceiver: AnyObject, Sendable {
    func deliver(_ result: Result<HTTPResponse, HTTPError>)
}

private final class ScriptedSubscription<Downstream: Subscriber>: Subscription, ScriptedResultReceiver, CustomStringConvertible, @unchecked Sendable
where Downstream.Input == HTTPResponse, Downstream.Failure == HTTPError {
    private enum State {
        case waitingForDemand(Downstream)
        case answering(Downstream)
        case done
    }

    private let request: HTTPRequest
    private let client: ScriptedHTTPClient
    private let state: Locked<State>

    init(request: HTTPRequest, client: ScriptedHTTPClient, downstream: Downstream) {
        self.request = request
        self.client = client
        state = Locked(.waitingForDemand(downstream))
    }

    var description: String { "ScriptedHTTPRequest" }

    func request(_ demand: Subscribers.Demand) {
        precondition(demand > 0, "demand must be greater than zero")
        let start: Bool = state.withLock { state in
            guard case .waitingForDemand(let downstream) = state else { return false }
            state = .answering(downstream)
            return true
        }
        guard start else { return }
        client.answer(request) { [receiver = self as any ScriptedResultReceiver] result in
            receiver.deliver(result)
        }
    }

    func cancel() {
        state.withLock { $0 = .done }
    }

    func deliver(_ result: Result<HTTPResponse, HTTPError>) {
        let downstream: Downstream? = state.withLock { state in
            guard case .answering(let downstream) = state else { return nil }
            state = .done
            return downstream
        }
        guard let downstream else { return }
        switch result {
        case .success(let response):
            _ = downstream.receive(response)
            downstream.receive(completion: .finished)
        case .failure(let error):
            downstream.receive(completion: .failure(error))
        }
    }
}
