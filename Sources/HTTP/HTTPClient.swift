import Foundation
import Streams
import Synchronization

/// The real HTTP client, over the system's libcurl.
///
/// `send` returns a cold publisher: each subscription performs one transfer
/// on the engine's thread once demand arrives, delivers the response (any
/// status) and finishes, or fails with an `HTTPError`. Values arrive on a
/// global dispatch queue (tests give a queue of their own, to know when a
/// delivery is over), never on the subscribing thread. Cancelling aborts
/// the transfer at once and frees its handle.
///
/// Every request carries `User-Agent: <userAgent>` (the app's name and
/// version), accepts compressed bodies and verifies TLS peers and host names.
/// Redirects are followed to any host, at most `maxRedirects` of them, each
/// one logged; a redirect from https to plain http is refused at whatever hop
/// it comes (`HTTPError.insecureRedirect`): it would hand the request, and
/// what comes back, to anyone on the path. Proxies are libcurl's own
/// (`http_proxy`, `https_proxy`); the hosts that bypass them are given here,
/// never read from the environment.
public struct HTTPClient: HTTPFetching {
    let settings: TransferSettings
    let engine: CurlEngine
    let deliveryQueue: DispatchQueue

    /// - Parameters:
    ///   - userAgent: the `User-Agent` header, e.g. `spacedash/1.2.0`.
    ///   - noProxy: the hosts to reach without a proxy, as `NO_PROXY` lists them
    ///     (comma-separated, `*` for all); loopback addresses always are.
    ///   - log: where request, redirect and response lines go; nil: nowhere.
    ///   - maxRedirects: how many redirects one request follows; one more
    ///     fails with `HTTPError.tooManyRedirects`.
    public init(userAgent: String, noProxy: String = "", log: HTTPLog? = nil, maxRedirects: Int) {
        self.init(settings: TransferSettings(userAgent: userAgent, maxRedirects: maxRedirects, noProxy: noProxy, log: log), engine: .shared)
    }

    init(settings: TransferSettings, engine: CurlEngine, deliveryQueue: DispatchQueue = .global()) {
        self.settings = settings
        self.engine = engine
        self.deliveryQueue = deliveryQueue
    }

    public func send(_ request: HTTPRequest) -> AnyPublisher<HTTPResponse, HTTPError> {
        CurlRequestPublisher(request: request, settings: settings, engine: engine, deliveryQueue: deliveryQueue)
            .eraseToAnyPublisher()
    }
}

/// What every transfer of a client shares.
struct TransferSettings: Sendable {
    var userAgent: String
    var maxRedirects: Int
    /// The hosts reached without a proxy: those given, and loopback.
    var noProxy: String
    var log: HTTPLog?
    /// A PEM file of the certificate authorities to trust besides the
    /// system's (the tests' own https server); nil: the system's alone.
    var trustedCertificates: String?

    init(userAgent: String, maxRedirects: Int, noProxy: String = "", log: HTTPLog? = nil, trustedCertificates: String? = nil) {
        self.userAgent = userAgent
        self.maxRedirects = max(0, maxRedirects)
        self.noProxy = CurlTransfer.noProxyList(noProxy)
        self.log = log
        self.trustedCertificates = trustedCertificates
    }
}

/// One request as a cold publisher: the transfer starts on the first demand.
struct CurlRequestPublisher: Publisher {
    typealias Output = HTTPResponse
    typealias Failure = HTTPError

    let request: HTTPRequest
    let settings: TransferSettings
    let engine: CurlEngine
    let deliveryQueue: DispatchQueue

    var log: HTTPLog? { settings.log }

    func receive<S: Subscriber>(subscriber: S) where S.Input == HTTPResponse, S.Failure == HTTPError {
        subscriber.receive(subscription: CurlRequestSubscription(publisher: self, downstream: subscriber))
    }
}

/// Where a finished transfer's outcome goes; not generic, so closures sent
/// to other threads need not capture the subscriber's type.
private protocol ResultReceiver: AnyObject, Sendable {
    func deliver(_ result: Result<HTTPResponse, HTTPError>)
}

/// Hands `result` to another thread: never the engine's (a slow subscriber
/// must not hold up other transfers) nor the subscribing one.
private func deliverLater(_ result: Result<HTTPResponse, HTTPError>, to receiver: any ResultReceiver, on queue: DispatchQueue) {
    queue.async { receiver.deliver(result) }
}

private final class CurlRequestSubscription<Downstream: Subscriber>: Subscription, ResultReceiver, CustomStringConvertible, @unchecked Sendable
where Downstream.Input == HTTPResponse, Downstream.Failure == HTTPError {
    private enum State {
        case waitingForDemand(Downstream)
        case running(Downstream, CurlTransfer?)
        case done
    }

    private let publisher: CurlRequestPublisher
    private let state: Locked<State>
    private let startedAt = ContinuousClock.now

    init(publisher: CurlRequestPublisher, downstream: Downstream) {
        self.publisher = publisher
        state = Locked(.waitingForDemand(downstream))
    }

    var description: String { "HTTPRequest" }

    func request(_ demand: Subscribers.Demand) {
        precondition(demand > 0, "demand must be greater than zero")
        let downstream: Downstream? = state.withLock { state in
            guard case .waitingForDemand(let downstream) = state else { return nil }
            state = .running(downstream, nil)
            return downstream
        }
        guard downstream != nil else { return }
        publisher.log?.started(publisher.request)
        let transfer: CurlTransfer
        do {
            transfer = try CurlTransfer(
                request: publisher.request,
                settings: publisher.settings,
                liveHandles: publisher.engine.liveHandles
            ) { [receiver = self as any ResultReceiver, queue = publisher.deliveryQueue] result in
                deliverLater(result, to: receiver, on: queue)
            }
        } catch {
            deliverLater(.failure(error), to: self, on: publisher.deliveryQueue)
            return
        }
        let stillWanted = state.withLock { state in
            guard case .running(let downstream, nil) = state else { return false }
            state = .running(downstream, transfer)
            return true
        }
        if stillWanted {
            publisher.engine.start(transfer)
        }
    }

    func cancel() {
        let (wasRunning, transfer): (Bool, CurlTransfer?) = state.withLock { state in
            defer { state = .done }
            if case .running(_, let transfer) = state { return (true, transfer) }
            return (false, nil)
        }
        if let transfer { publisher.engine.cancel(transfer) }
        if wasRunning { publisher.log?.cancelled(publisher.request, milliseconds: milliseconds) }
    }

    func deliver(_ result: Result<HTTPResponse, HTTPError>) {
        let downstream: Downstream? = state.withLock { state in
            guard case .running(let downstream, _) = state else { return nil }
            state = .done
            return downstream
        }
        guard let downstream else { return }
        publisher.log?.finished(publisher.request, result: result, milliseconds: milliseconds)
        switch result {
        case .success(let response):
            _ = downstream.receive(response)
            downstream.receive(completion: .finished)
        case .failure(let error):
            downstream.receive(completion: .failure(error))
        }
    }

    private var milliseconds: Int {
        let elapsed = ContinuousClock.now - startedAt
        return Int(elapsed.components.seconds) * 1000 + Int(elapsed.components.attoseconds / 1_000_000_000_000_000)
    }
}
