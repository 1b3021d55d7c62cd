#if canImport(Glibc)
import Glibc
#endif
import Foundation
@testable import HTTP
import Streams
import Testing
import TestSupport

/// The libcurl client against the loopback server: exact responses, every
/// fault the issue lists, timing bounds, cancel, concurrency and leaks.
/// Each test gets its own engine (thread + multi handle) so the handle
/// counts are its own.
@Suite struct HTTPClientTests {
    let engine = CurlEngine()
    /// Where the client delivers: a queue of the test's own, so that
    /// `delivery.sync {}` waits until every delivery so far is over.
    let delivery = DispatchQueue(label: "HTTPClientTests.delivery")
    let client: HTTPClient

    init() {
        client = HTTPClient(settings: TransferSettings(userAgent: "spacedash/9.9.9-test", maxRedirects: 3), engine: engine, deliveryQueue: delivery)
    }

    /// Sends `request`, waits for the outcome, and returns it with the time it took.
    private func fetch(_ request: HTTPRequest) throws -> (result: Result<HTTPResponse, HTTPError>, seconds: Double) {
        let start = ContinuousClock.now
        let result = try #require(client.send(request).waitForFirstResult(timeout: 30), "no outcome within 30 s")
        let elapsed = ContinuousClock.now - start
        return (result, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }

    private func failure(_ request: HTTPRequest) throws -> (error: HTTPError, seconds: Double) {
        let (result, seconds) = try fetch(request)
        guard case .failure(let error) = result else {
            Issue.record("expected a failure, got \(result)")
            throw CancellationError()
        }
        return (error, seconds)
    }

    private func response(_ request: HTTPRequest) throws -> HTTPResponse {
        try fetch(request).result.get()
    }

    /// Lets the engine's thread handle every cancel queued so far (cancels are
    /// carried out there), then expects every easy handle freed.
    private func expectNoLiveHandles(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(engine.waitUntilCommandsHandled(timeout: .now() + 10), "the engine's thread did not answer",
                sourceLocation: sourceLocation)
        #expect(engine.liveHandles.value == 0, "easy handles leaked", sourceLocation: sourceLocation)
    }

    // MARK: Responses

    @Test func returnsStatusHeadersBodyAndFinalURL() throws {
        let server = try LoopbackServer(routes: [
            "/hello": .status(200, headers: ["Content-Type": "text/plain", "X-Trace": "abc"], body: "hello, mars"),
        ])
        defer { server.stop(); engine.shutDown() }

        let url = server.url("/hello?sol=1")
        let response = try response(HTTPRequest(url: url, headers: ["Authorization": "Token t0k3n"]))

        #expect(response.status == 200)
        #expect(response.text == "hello, mars")
        #expect(response.headers["content-type"] == "text/plain")
        #expect(response.headers["X-TRACE"] == "abc")
        #expect(response.finalURL == url)
        #expect(response.duration > 0 && response.duration < 5)
        let received = try #require(server.requests.first)
        #expect(received.method == "GET")
        #expect(received.target == "/hello?sol=1")
        #expect(received.headers["User-Agent"] == "spacedash/9.9.9-test")
        #expect(received.headers["Authorization"] == "Token t0k3n")
        expectNoLiveHandles()
    }

    @Test func nonSuccessStatusIsAResponseUntilValidated() throws {
        let server = try LoopbackServer(routes: [
            "/missing": .status(404, headers: ["Content-Type": "application/json"], body: #"{"error": "no such sol"}"#),
            "/limited": .tooManyRequests(retryAfter: "120", body: "rate limit exceeded for api_key=SECRET123"),
        ])
        defer { server.stop(); engine.shutDown() }

        let missing = try response(HTTPRequest(url: server.url("/missing")))
        #expect(missing.status == 404)
        #expect(missing.text == #"{"error": "no such sol"}"#)

        let limited = try response(HTTPRequest(url: server.url("/limited?api_key=SECRET123")))
        guard case .status(let code, let excerpt, let retryAfter, let url) = HTTPError.status(of: limited) else { return }
        #expect(code == 429)
        #expect(retryAfter == 120)
        #expect(excerpt == "rate limit exceeded for api_key=***")
        #expect(url.hasSuffix("/limited?api_key=***"))
        let description = HTTPError.status(code: code, bodyExcerpt: excerpt, retryAfter: retryAfter, url: url).description
        #expect(description.contains("HTTP 429 Too Many Requests"))
        #expect(description.contains("retry in 2 min"))
        #expect(!description.contains("SECRET123"))
    }

    @Test func sendsPostBodies() throws {
        let server = try LoopbackServer(routes: ["/echo": .handler { request in .text("\(request.method) \(String(decoding: request.body, as: UTF8.self))") }])
        defer { server.stop(); engine.shutDown() }

        let response = try response(HTTPRequest(url: server.url("/echo"), method: .post, headers: ["Content-Type": "application/json"], body: Data(#"{"q":"falcon"}"#.utf8)))
        #expect(response.text == #"POST {"q":"falcon"}"#)
        #expect(server.requests.first?.headers["Content-Type"] == "application/json")
    }

    @Test func assemblesChunkedBodies() throws {
        let chunks = ["first chunk, ", "second, ", String(repeating: "x", count: 70_000)].map { Data($0.utf8) }
        let server = try LoopbackServer(routes: ["/chunked": .chunked(chunks)])
        defer { server.stop(); engine.shutDown() }

        let response = try response(HTTPRequest(url: server.url("/chunked")))
        #expect(response.status == 200)
        #expect(response.body == chunks.reduce(Data(), +))
        #expect(response.headers["Transfer-Encoding"] == "chunked")
    }

    @Test func decodesGzipBodiesAndAdvertisesEncodings() throws {
        let original = Data(String(repeating: "{\"sol\": 675, \"temp\": -62.3}\n", count: 5_000).utf8)
        let server = try LoopbackServer(routes: ["/gz": .gzip(original, headers: ["Content-Type": "application/json"])])
        defer { server.stop(); engine.shutDown() }

        let response = try response(HTTPRequest(url: server.url("/gz")))
        #expect(response.body == original)
        #expect(response.headers["Content-Encoding"] == "gzip")
        let acceptEncoding = try #require(server.requests.first?.headers["Accept-Encoding"])
        #expect(acceptEncoding.contains("gzip"))
    }

    // MARK: Timeouts

    @Test func aDelayShorterThanTheTimeoutIsFine() throws {
        let server = try LoopbackServer(routes: ["/late": .text("worth the wait").delayed(by: 0.3)])
        defer { server.stop(); engine.shutDown() }

        let response = try response(HTTPRequest(url: server.url("/late"), totalTimeout: 5))
        #expect(response.text == "worth the wait")
        #expect(response.duration >= 0.3)
    }

    @Test func aDelayBeforeTheFirstByteHitsTheTotalTimeout() throws {
        let server = try LoopbackServer(routes: ["/late": .text("too late").delayed(by: 10)])
        defer { server.stop(); engine.shutDown() }

        let (error, seconds) = try failure(HTTPRequest(url: server.url("/late?api_key=SECRET123"), totalTimeout: 1))
        guard case .timedOut(.total, let limit, let url) = error else {
            Issue.record("expected a total timeout, got \(error)")
            return
        }
        #expect(limit == 1)
        #expect(url.hasSuffix("/late?api_key=***"))
        #expect(seconds >= 0.9, "fired after \(seconds) s, before its 1 s limit")
        #expect(error.description.contains("took longer than 1 s"))
        #expect(server.wait { server.connectionsClosedByClient == 1 })
        expectNoLiveHandles()
    }

    @Test func aStallMidBodyHitsTheTotalTimeout() throws {
        let server = try LoopbackServer(routes: ["/stall": .stall(after: Data(repeating: 0x41, count: 1_000), declaredLength: 5_000)])
        defer { server.stop(); engine.shutDown() }

        let (error, seconds) = try failure(HTTPRequest(url: server.url("/stall"), totalTimeout: 1))
        guard case .timedOut(.total, 1, _) = error else {
            Issue.record("expected a total timeout, got \(error)")
            return
        }
        #expect(seconds >= 0.9, "fired after \(seconds) s, before its 1 s limit")
        #expect(server.wait { server.connectionsClosedByClient == 1 })
    }

    @Test func aConnectThatHangsHitsTheConnectTimeout() throws {
        let listener = try UnresponsiveListener()
        defer { listener.close(); engine.shutDown() }

        let (error, seconds) = try failure(HTTPRequest(url: listener.url("/?api_key=SECRET123"), connectTimeout: 1, totalTimeout: 10))
        guard case .timedOut(.connect, let limit, _) = error else {
            Issue.record("expected a connect timeout, got \(error)")
            return
        }
        #expect(limit == 1)
        #expect(seconds >= 0.9, "fired after \(seconds) s, before its 1 s limit")
        #expect(error.description.contains("timed out after 1 s connecting to http://127.0.0.1:\(listener.port)"))
        expectNoLiveHandles()
    }

    // MARK: Broken bodies and connections

    @Test func aBodyCutShortIsTruncated() throws {
        let server = try LoopbackServer(routes: ["/short": .truncated(Data(repeating: 0x42, count: 600), declaredLength: 1_000)])
        defer { server.stop(); engine.shutDown() }

        let (error, _) = try failure(HTTPRequest(url: server.url("/short")))
        #expect(error == .truncatedBody(url: server.url("/short").absoluteString, received: 600, expected: 1_000))
        #expect(error.description.contains("ended after 600 of 1000 bytes"))
    }

    @Test func aConnectionClosedWithoutAResponseIsAnEmptyResponse() throws {
        let server = try LoopbackServer(routes: ["/hangup": .closeWithoutResponse])
        defer { server.stop(); engine.shutDown() }

        let (error, _) = try failure(HTTPRequest(url: server.url("/hangup")))
        #expect(error == .emptyResponse(url: server.url("/hangup").absoluteString))
        expectNoLiveHandles()
    }

    @Test func aBodyAnnouncedTooLargeIsRefusedAtOnce() throws {
        let server = try LoopbackServer(routes: ["/big": .status(200, body: Data(repeating: 0x43, count: 300_000))])
        defer { server.stop(); engine.shutDown() }

        let (error, _) = try failure(HTTPRequest(url: server.url("/big"), maxBodyBytes: 100_000))
        #expect(error == .bodyTooLarge(limit: 100_000, url: server.url("/big").absoluteString))
        #expect(error.description.contains("larger than 100000 bytes"))
    }

    @Test func anEndlessBodyIsStoppedAtTheCapWithoutBufferingIt() throws {
        let server = try LoopbackServer(routes: ["/endless": .endless()])
        defer { server.stop(); engine.shutDown() }

        let limit = 1024 * 1024
        let (error, _) = try failure(HTTPRequest(url: server.url("/endless"), maxBodyBytes: limit))
        #expect(error == .bodyTooLarge(limit: limit, url: server.url("/endless").absoluteString))
        #expect(error.description.contains("larger than 1 MiB"))
        // The client hung up: the server stopped writing, well short of an endless stream.
        #expect(server.wait { server.connectionsClosedByClient == 1 })
        #expect(server.bytesSent < 64 * limit)
        expectNoLiveHandles()
    }

    @Test func exactlyTheCapIsAccepted() throws {
        let body = Data(repeating: 0x44, count: 4_096)
        let server = try LoopbackServer(routes: ["/exact": .chunked([body.prefix(1_000), body.dropFirst(1_000)])])
        defer { server.stop(); engine.shutDown() }

        let response = try response(HTTPRequest(url: server.url("/exact"), maxBodyBytes: 4_096))
        #expect(response.body == body)
    }

    // MARK: Redirects

    @Test func followsARedirectChain() throws {
        let server = try LoopbackServer(routes: [
            "/r1": .redirect(to: "/r2", status: 301),
            "/r2": .redirect(to: "r3", status: 307),
            "/r3": .redirect(to: "/final?x=1", status: 303),
            "/final": .text("arrived"),
        ])
        defer { server.stop(); engine.shutDown() }

        let response = try response(HTTPRequest(url: server.url("/r1")))
        #expect(response.status == 200)
        #expect(response.text == "arrived")
        #expect(response.finalURL == server.url("/final?x=1"))
        #expect(response.headers["Location"] == nil, "headers are those of the final response")
        #expect(server.requests.map(\.path) == ["/r1", "/r2", "/r3", "/final"])
    }

    @Test func aRedirectLoopStopsAfterTheLimit() throws {
        let server = try LoopbackServer(routes: ["/loop": .redirect(to: "/loop?api_key=SECRET123")])
        defer { server.stop(); engine.shutDown() }

        let (error, _) = try failure(HTTPRequest(url: server.url("/loop?api_key=SECRET123")))
        #expect(error == .tooManyRedirects(limit: 3, url: server.url("/loop?api_key=***").absoluteString))
        #expect(server.requests.count == 4, "the first request and 3 redirects")
        #expect(!error.description.contains("SECRET123"))

        let strictClient = HTTPClient(settings: TransferSettings(userAgent: "spacedash/test", maxRedirects: 1), engine: engine)
        let strict = try #require(strictClient.send(HTTPRequest(url: server.url("/loop"))).waitForFirstResult(timeout: 30))
        #expect(strict == .failure(.tooManyRedirects(limit: 1, url: server.url("/loop").absoluteString)))
    }

    /// A redirect to a scheme that is not http(s), from http: libcurl's own
    /// list of allowed schemes refuses it.
    @Test func aRedirectToARefusedSchemeIsInsecure() throws {
        let server = try LoopbackServer(routes: ["/away": .redirect(to: "ftp://127.0.0.1/file?api_key=SECRET123")])
        defer { server.stop(); engine.shutDown() }

        let (error, _) = try failure(HTTPRequest(url: server.url("/away")))
        #expect(error == .insecureRedirect(from: server.url("/away").absoluteString, to: "ftp://127.0.0.1/file?api_key=***"))
        #expect(error.description.contains("refused redirect"))
        #expect(server.requests.count == 1)
    }

    @Test func eachRedirectIsLoggedAsItIsFollowedUpToTheLimit() throws {
        let server = try LoopbackServer(routes: [
            "/one": .redirect(to: "/two?api_key=SECRET123", status: 301),
            "/two": .redirect(to: "/three", status: 307),
            "/three": .redirect(to: "/feed", status: 308),
            "/feed": .text("arrived"),
            "/four": .redirect(to: "/one"),
        ])
        defer { server.stop(); engine.shutDown() }

        let lines = LineSink()
        let logging = HTTPClient(settings: TransferSettings(userAgent: "spacedash/test", maxRedirects: 3, log: HTTPLog(lines.append)), engine: engine)
        let arrived = try #require(logging.send(HTTPRequest(url: server.url("/one"))).waitForFirstResult(timeout: 30)).get()
        #expect(arrived.text == "arrived")
        let base = "http://127.0.0.1:\(server.port)"
        #expect(lines.lines.dropLast() == [
            "http: GET \(base)/one",
            "http: 301 GET \(base)/one redirects to \(base)/two?api_key=***",
            "http: 307 GET \(base)/two?api_key=*** redirects to \(base)/three",
            "http: 308 GET \(base)/three redirects to \(base)/feed",
        ])
        #expect(lines.lines.last?.hasPrefix("http: 200 GET \(base)/feed 7 bytes ") == true)

        // One hop more than the limit: the fourth redirect is not followed.
        let tooFar = logging.send(HTTPRequest(url: server.url("/four"))).waitForFirstResult(timeout: 30)
        #expect(tooFar == .failure(.tooManyRedirects(limit: 3, url: server.url("/four").absoluteString)))
        #expect(server.requests.map(\.path).suffix(4) == ["/four", "/one", "/two", "/three"])
    }

    /// A client of the tests' https server, which trusts its certificate.
    private func client(trusting tls: LoopbackTLSServer, log: HTTPLog? = nil) -> HTTPClient {
        HTTPClient(settings: TransferSettings(userAgent: "spacedash/test", maxRedirects: 3, log: log, trustedCertificates: tls.certificateFile),
                   engine: engine, deliveryQueue: delivery)
    }

    @Test(.enabled(if: LoopbackTLSServer.isAvailable))
    func redirectsWithinHTTPSAreFollowedToAnotherHostAndLogged() throws {
        let tls = try LoopbackTLSServer()
        defer { tls.stop(); engine.shutDown() }
        try tls.serve("/rss/api", .redirect(to: "https://localhost:\(tls.port)/moved", status: 301))
        try tls.serve("/moved", .redirect(to: "https://127.0.0.1:\(tls.port)/feed", status: 302))
        try tls.serve("/feed", .json(#"{"soles":[]}"#))

        let lines = LineSink()
        let result = try #require(client(trusting: tls, log: HTTPLog(lines.append)).send(HTTPRequest(url: tls.url("/rss/api"))).waitForFirstResult(timeout: 30))
        let response = try result.get()
        #expect(response.status == 200)
        #expect(response.text == #"{"soles":[]}"#)
        #expect(response.finalURL == tls.url("/feed"))
        let base = "https://127.0.0.1:\(tls.port)"
        #expect(lines.lines.dropLast() == [
            "http: GET \(base)/rss/api",
            "http: 301 GET \(base)/rss/api redirects to https://localhost:\(tls.port)/moved",
            "http: 302 GET https://localhost:\(tls.port)/moved redirects to \(base)/feed",
        ])
        expectNoLiveHandles()
    }

    @Test(.enabled(if: LoopbackTLSServer.isAvailable))
    func aRedirectFromHTTPSToPlainHTTPIsRefused() throws {
        let plain = try LoopbackServer(routes: ["/feed": .text("in the clear")])
        let tls = try LoopbackTLSServer()
        defer { plain.stop(); tls.stop(); engine.shutDown() }
        try tls.serve("/moved", .redirect(to: plain.url("/feed?api_key=SECRET123").absoluteString))

        let result = client(trusting: tls).send(HTTPRequest(url: tls.url("/moved"))).waitForFirstResult(timeout: 30)
        #expect(result == .failure(.insecureRedirect(from: tls.url("/moved").absoluteString, to: plain.url("/feed?api_key=***").absoluteString)))
        #expect(plain.requests.isEmpty, "nothing was sent in the clear")
        expectNoLiveHandles()
    }

    /// libcurl's allowed schemes are set from the first address (http allows
    /// both); the hop from https back to http is refused as its head arrives.
    @Test(.enabled(if: LoopbackTLSServer.isAvailable))
    func aLaterHopFromHTTPSToPlainHTTPIsRefusedToo() throws {
        let plain = try LoopbackServer()
        let tls = try LoopbackTLSServer()
        defer { plain.stop(); tls.stop(); engine.shutDown() }
        plain["/start"] = .redirect(to: tls.url("/up").absoluteString)
        plain["/feed"] = .text("in the clear")
        try tls.serve("/up", .redirect(to: plain.url("/feed").absoluteString, status: 301))

        let lines = LineSink()
        let result = client(trusting: tls, log: HTTPLog(lines.append)).send(HTTPRequest(url: plain.url("/start"))).waitForFirstResult(timeout: 30)
        #expect(result == .failure(.insecureRedirect(from: tls.url("/up").absoluteString, to: plain.url("/feed").absoluteString)))
        #expect(plain.requests.map(\.path) == ["/start"])
        #expect(lines.lines.contains("http: 302 GET \(plain.url("/start").absoluteString) redirects to \(tls.url("/up").absoluteString)"))
        expectNoLiveHandles()
    }

    // MARK: TLS

    /// https to the plain loopback server: the handshake fails, as it would
    /// against a server with a bad certificate or protocol, and says so.
    @Test func aFailedTLSHandshakeIsATLSError() throws {
        let server = try LoopbackServer()
        defer { server.stop(); engine.shutDown() }

        let (error, _) = try failure(HTTPRequest(url: URL(string: "https://127.0.0.1:\(server.port)/?api_key=SECRET123")!))
        guard case .tls(let url, let detail) = error else {
            Issue.record("expected a TLS error, got \(error)")
            return
        }
        #expect(url == "https://127.0.0.1:\(server.port)/?api_key=***")
        #expect(!detail.isEmpty)
        #expect(error.description.hasPrefix("secure connection to https://127.0.0.1:\(server.port) failed"))
        expectNoLiveHandles()
    }

    // MARK: Names, ports and URLs

    @Test func anUnresolvableHostIsReported() throws {
        defer { engine.shutDown() }
        let (error, _) = try failure(HTTPRequest(url: URL(string: "http://nonexistent.invalid/feed?api_key=SECRET123")!, connectTimeout: 5))
        #expect(error == .cannotResolveHost(host: "nonexistent.invalid"))
        #expect(error.description == "cannot resolve host nonexistent.invalid: check the name and your network connection")
    }

    @Test func aClosedPortCannotConnect() throws {
        defer { engine.shutDown() }
        let port = try closedPort()
        let (error, _) = try failure(HTTPRequest(url: URL(string: "http://127.0.0.1:\(port)/x?api_key=SECRET123")!))
        guard case .cannotConnect(let url, let detail) = error else {
            Issue.record("expected cannotConnect, got \(error)")
            return
        }
        #expect(url == "http://127.0.0.1:\(port)/x?api_key=***")
        #expect(detail == "connection refused")
    }

    @Test(arguments: ["ftp://example.com/file", "mailto:someone@example.com", "file:///etc/passwd", "https:///nohost", "/relative/path"])
    func nonHTTPURLsAreInvalid(_ text: String) throws {
        defer { engine.shutDown() }
        let url = try #require(URL(string: text))
        let (error, _) = try failure(HTTPRequest(url: url))
        guard case .invalidURL = error else {
            Issue.record("expected invalidURL, got \(error)")
            return
        }
        expectNoLiveHandles()
    }

    // MARK: Publisher behaviour

    @Test func isColdAndMakesOneTransferPerSubscription() throws {
        let server = try LoopbackServer(routes: ["/count": .handler { _ in .text("hi") }, "/barrier": .text("done")])
        defer { server.stop(); engine.shutDown() }

        let publisher = client.send(HTTPRequest(url: server.url("/count")))
        let waiting = BlockingRecorder<HTTPResponse, HTTPError>(demand: .none)
        publisher.subscribe(waiting)
        // A barrier instead of a sleep: a transfer on the same engine, started after the
        // subscription, and awaited to its end. A wrongly eager client would have queued
        // its transfer first: it would still be live, or the server would have seen it.
        _ = client.send(HTTPRequest(url: server.url("/barrier"))).waitForFirstResult()
        #expect(server.requests.map(\.path) == ["/barrier"], "no request before demand")
        #expect(engine.liveHandles.value == 0)
        waiting.cancel()

        _ = publisher.waitForFirstResult()
        _ = publisher.waitForFirstResult()
        #expect(server.requests.filter { $0.path == "/count" }.count == 2)
    }

    @Test func deliversOffTheSubscribingThread() throws {
        let server = try LoopbackServer(routes: ["/t": .text("t")])
        defer { server.stop(); engine.shutDown() }

        let caller = pthread_self()
        let delivered = ThreadBox()
        let done = DispatchSemaphore(value: 0)
        let subscriber = ClosureSubscriber { _ in
            delivered.set(pthread_self())
            done.signal()
        }
        client.send(HTTPRequest(url: server.url("/t"))).subscribe(subscriber)
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(delivered.get().map { pthread_equal($0, caller) == 0 } == true)
        subscriber.cancel()
    }

    @Test func cancelStopsPromptlyAndTheServerSeesTheClose() throws {
        let server = try LoopbackServer(routes: ["/silent": .silence])
        defer { server.stop(); engine.shutDown() }

        let recorder = BlockingRecorder<HTTPResponse, HTTPError>()
        client.send(HTTPRequest(url: server.url("/silent"), totalTimeout: 30)).subscribe(recorder)
        #expect(server.wait { server.requests.count == 1 })
        #expect(engine.liveHandles.value == 1)

        recorder.cancel()
        // The cancel wakes the engine (curl_multi_wakeup), which would otherwise
        // sleep up to 10 s and the request 30 s: the server sees the close first.
        #expect(server.wait(timeout: 5) { server.connectionsClosedByClient == 1 }, "the connection outlived its cancel")
        expectNoLiveHandles()
        #expect(!recorder.waitForCompletion(timeout: 0), "a cancelled request delivers nothing")
        #expect(recorder.values.isEmpty)
    }

    @Test func fiftyConcurrentRequestsAllCompleteWithTheirBodies() throws {
        // Each answer waits until all fifty requests are open at once: a client
        // that ran them one after another could never get there.
        let allOpen = ArrivalGate(count: 50)
        let server = try LoopbackServer(routes: ["/item": .handler { request in
            allOpen.arriveAndWait(timeout: 20) ? .text("body of \(request.target)") : .status(503, body: "not concurrent")
        }])
        defer { server.stop(); engine.shutDown() }

        let recorders = (0..<50).map { index -> (Int, BlockingRecorder<HTTPResponse, HTTPError>) in
            let recorder = BlockingRecorder<HTTPResponse, HTTPError>()
            client.send(HTTPRequest(url: server.url("/item?n=\(index)"))).subscribe(recorder)
            return (index, recorder)
        }
        for (index, recorder) in recorders {
            let result = try #require(recorder.result(timeout: 30))
            #expect(try result.get().text == "body of /item?n=\(index)", "the 50 transfers ran concurrently")
        }
        #expect(server.requests.count == 50)
        expectNoLiveHandles()
    }

    @Test func subscriptionsAreFreedAfterCompletionAndCancel() throws {
        let server = try LoopbackServer(routes: ["/done": .text("done"), "/silent": .silence])
        defer { server.stop(); engine.shutDown() }

        let completed = WeakSubscriptionRecorder()
        client.send(HTTPRequest(url: server.url("/done"))).subscribe(completed)
        #expect(completed.waitForCompletion())

        let cancelled = WeakSubscriptionRecorder()
        client.send(HTTPRequest(url: server.url("/silent"))).subscribe(cancelled)
        #expect(server.wait { server.requests.count == 2 })
        cancelled.cancel()

        // Clean-up runs on the engine's thread and delivery on the client's
        // queue: once the engine has handled the cancel and the queue has run
        // out, neither transfer holds its subscription.
        expectNoLiveHandles()
        delivery.sync {}
        #expect(completed.subscriptionIsGone && cancelled.subscriptionIsGone, "a subscription outlived its transfer")
    }

    // MARK: Logging

    @Test func debugLinesAreRedacted() throws {
        let server = try LoopbackServer(routes: ["/feed": .text("12345"), "/gone": .status(410, body: "gone")])
        defer { server.stop(); engine.shutDown() }

        let lines = LineSink()
        let logging = HTTPClient(settings: TransferSettings(userAgent: "spacedash/test", maxRedirects: 3, log: HTTPLog(lines.append)), engine: engine)
        _ = logging.send(HTTPRequest(url: server.url("/feed?api_key=SECRET123&feedtype=json"), headers: ["Authorization": "Token SECRET456"])).waitForFirstResult()
        _ = logging.send(HTTPRequest(url: server.url("/gone"))).waitForFirstResult()
        _ = logging.send(HTTPRequest(url: URL(string: "http://nonexistent.invalid/?api_key=SECRET123")!)).waitForFirstResult()

        let logged = lines.lines
        #expect(logged.count == 6)
        let base = "http://127.0.0.1:\(server.port)"
        #expect(logged[0] == "http: GET \(base)/feed?api_key=***&feedtype=json")
        #expect(logged[1].hasPrefix("http: 200 GET \(base)/feed?api_key=***&feedtype=json 5 bytes "))
        #expect(logged[1].hasSuffix(" ms"))
        #expect(logged[3].hasPrefix("http: 410 GET \(base)/gone 4 bytes "))
        #expect(logged[5].hasPrefix("http: failed GET http://nonexistent.invalid/?api_key=*** after "))
        for line in logged {
            #expect(!line.contains("SECRET"), "leaked: \(line)")
        }
    }

    // MARK: Redaction

    @Test func noErrorDescriptionLeaksTheKey() throws {
        let listener = try UnresponsiveListener()
        let server = try LoopbackServer(routes: [
            "/late": .text("x").delayed(by: 5),
            "/short": .truncated(Data(count: 10), declaredLength: 20),
            "/hangup": .closeWithoutResponse,
            "/big": .status(200, body: Data(count: 2_000)),
            "/loop": .redirect(to: "/loop?api_key=SECRET123"),
            "/away": .redirect(to: "ftp://127.0.0.1/?api_key=SECRET123"),
            "/denied": .status(403, body: "invalid api_key=SECRET123\nAuthorization: Token SECRET123"),
        ])
        defer { server.stop(); listener.close(); engine.shutDown() }

        let query = "?api_key=SECRET123"
        var requests = ["/late", "/short", "/hangup", "/big", "/loop", "/away", "/denied"].map {
            HTTPRequest(url: server.url($0 + query), totalTimeout: 1, maxBodyBytes: 1_000)
        }
        requests.append(HTTPRequest(url: listener.url("/" + query), connectTimeout: 1))
        requests.append(HTTPRequest(url: URL(string: "http://nonexistent.invalid/" + query)!))
        requests.append(HTTPRequest(url: URL(string: "http://user:SECRET123@127.0.0.1:\(try closedPort())/" + query)!))
        requests.append(HTTPRequest(url: URL(string: "ftp://127.0.0.1/" + query)!))

        var seen: Set<String> = []
        for request in requests {
            let result = try #require(client.send(request).waitForFirstResult(timeout: 30))
            let failure: HTTPError? = switch result {
            case .failure(let error): error
            case .success(let response) where !response.isSuccess: HTTPError.status(of: response)
            case .success: nil
            }
            guard let error = failure else {
                Issue.record("\(request) did not fail")
                continue
            }
            seen.insert("\(error)".components(separatedBy: " ").prefix(2).joined(separator: " "))
            #expect(!error.description.contains("SECRET123"), "leaked: \(error)")
            #expect(!String(reflecting: error).contains("SECRET123"), "leaked: \(String(reflecting: error))")
        }
        #expect(seen.count == requests.count, "each request failed its own way: \(seen)")
    }

    private func closedPort() throws -> UInt16 {
        let server = try LoopbackServer()
        let port = server.port
        server.stop()
        return port
    }
}

private final class LineSink: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    func append(_ line: String) { lock.withLock { stored.append(line) } }
    var lines: [String] { lock.withLock { stored } }
}

private final class ThreadBox: @unchecked Sendable {
    private let lock = NSLock()
    private var thread: pthread_t?
    func set(_ value: pthread_t) { lock.withLock { thread = value } }
    func get() -> pthread_t? { lock.withLock { thread } }
}

/// Requests one value and hands each event to a closure.
private final class ClosureSubscriber: Subscriber, Cancellable, @unchecked Sendable {
    typealias Input = HTTPResponse
    typealias Failure = HTTPError
    private let onValue: (HTTPResponse) -> Void
    private var subscription: Subscription?
    init(_ onValue: @escaping (HTTPResponse) -> Void) { self.onValue = onValue }
    func receive(subscription: Subscription) {
        self.subscription = subscription
        subscription.request(.max(1))
    }
    func receive(_ input: HTTPResponse) -> Subscribers.Demand {
        onValue(input)
        return .none
    }
    func receive(completion: Subscribers.Completion<HTTPError>) {}
    func cancel() { subscription?.cancel() }
}

/// Requests one response, then holds its subscription only weakly, so a test
/// can see whether anything else keeps it alive.
private final class WeakSubscriptionRecorder: Subscriber, @unchecked Sendable {
    typealias Input = HTTPResponse
    typealias Failure = HTTPError
    private let lock = NSLock()
    private weak var weakSubscription: AnyObject?
    private let done = DispatchSemaphore(value: 0)

    func receive(subscription: Subscription) {
        lock.withLock { weakSubscription = subscription as AnyObject }
        subscription.request(.max(1))
    }
    func receive(_ input: HTTPResponse) -> Subscribers.Demand { .none }
    func receive(completion: Subscribers.Completion<HTTPError>) { done.signal() }

    func cancel() {
        let subscription = lock.withLock { weakSubscription as? Subscription }
        subscription?.cancel()
    }

    var subscriptionIsGone: Bool { lock.withLock { weakSubscription == nil } }

    func waitForCompletion() -> Bool { done.wait(timeout: .now() + 10) == .success }
}

/// Holds each arrival until `count` have arrived (or a timeout passes).
private final class ArrivalGate: @unchecked Sendable {
    private let condition = NSCondition()
    private let count: Int
    private var arrived = 0

    init(count: Int) { self.count = count }

    /// Whether all `count` arrivals were in before `timeout` seconds.
    func arriveAndWait(timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        arrived += 1
        condition.broadcast()
        while arrived < count {
            if !condition.wait(until: deadline) { return arrived >= count }
        }
        return true
    }
}
