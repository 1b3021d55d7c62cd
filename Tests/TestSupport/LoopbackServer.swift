#if canImport(Glibc)
import Glibc
#endif
import Foundation
import HTTP

/// A small HTTP/1.1 server on 127.0.0.1 for tests: real sockets, a free port
/// chosen at run time, one thread per connection (so many at once), every
/// connection closed after its response. Tests never leave the machine.
///
/// Serve routes by path (the query is ignored when matching); anything else
/// gets a 404. Stop it at the end of the test (`defer { server.stop() }`);
/// deinit stops it too.
///
///     let server = try LoopbackServer(routes: [
///         "/insight_weather/": .json(fixtureData),                       // 200 application/json
///         "/launch/upcoming/": .file(ProjectPaths.fixtures.appendingPathComponent("ll2.json")),
///         "/limited": .status(429, headers: ["Retry-After": "120"], body: "slow down"),
///         "/flaky": .sequence([.status(503), .status(503), .text("ok")]), // one per request, last repeats
///         "/slow": .text("late").delayed(by: 2),                        // nothing for 2 s, then the response
///     ])
///     defer { server.stop() }
///     let url = server.url("/insight_weather/?api_key=DEMO_KEY")
///     server["/empty"] = .json("[]")                                    // add or replace a route later
///     server.requests                                                   // what arrived, in order
///
/// Faults: `.chunked`, `.gzip`, `.truncated` (Content-Length larger than what
/// is sent, then close), `.stall` (part of the body, then silence until the
/// client gives up), `.endless` (a chunked body that never ends),
/// `.closeWithoutResponse`, `.redirect`, and `.handler` for anything computed
/// from the request.
public final class LoopbackServer: @unchecked Sendable {
    /// A request as the server received it.
    public struct Request: Sendable {
        public let method: String
        /// The request target: path and query, as sent.
        public let target: String
        public let headers: HTTPHeaders
        public let body: Data

        /// The path without the query.
        public var path: String { String(target.prefix { $0 != "?" }) }
    }

    /// What the server does on a connection: a list of steps.
    public struct Response: Sendable {
        enum Step: Sendable {
            case write(Data)
            case pause(TimeInterval)
            /// Keep the connection open, silent, until the client closes it or the server stops.
            case holdOpen
            /// Write this chunk in chunked encoding again and again until the client leaves.
            case repeatChunk(Data)
            case computed(@Sendable (Request) -> Response)
        }

        let steps: [Step]

        init(steps: [Step]) { self.steps = steps }

        /// A complete response with `Content-Length` and `Connection: close`.
        public static func status(_ code: Int, headers: HTTPHeaders = [:], body: Data = Data()) -> Response {
            Response(steps: [.write(head(code, headers: headers.merging(["Content-Length": "\(body.count)"])) + body)])
        }

        public static func status(_ code: Int, headers: HTTPHeaders = [:], body: String) -> Response {
            status(code, headers: headers, body: Data(body.utf8))
        }

        /// 200 with a text body.
        public static func text(_ body: String, status code: Int = 200) -> Response {
            status(code, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Data(body.utf8))
        }

        /// 200 (or `code`) with an `application/json` body.
        public static func json(_ body: Data, status code: Int = 200) -> Response {
            status(code, headers: ["Content-Type": "application/json"], body: body)
        }

        public static func json(_ body: String, status code: Int = 200) -> Response {
            json(Data(body.utf8), status: code)
        }

        /// 200 with the contents of `file` (read when the route is made; a
        /// missing file serves a 500 naming it, so the test fails visibly).
        public static func file(_ file: URL, contentType: String = "application/json") -> Response {
            guard let data = try? Data(contentsOf: file) else {
                return status(500, body: "LoopbackServer: cannot read \(file.path)")
            }
            return status(200, headers: ["Content-Type": contentType], body: data)
        }

        /// `code` with a `Location` header.
        public static func redirect(to location: String, status code: Int = 302) -> Response {
            status(code, headers: ["Location": location], body: Data())
        }

        /// The body in `Transfer-Encoding: chunked`, one chunk per element.
        public static func chunked(_ chunks: [Data], status code: Int = 200, headers: HTTPHeaders = [:]) -> Response {
            var data = head(code, headers: headers.merging(["Transfer-Encoding": "chunked"]))
            for chunk in chunks where !chunk.isEmpty { data += chunkBytes(chunk) }
            data += Data("0\r\n\r\n".utf8)
            return Response(steps: [.write(data)])
        }

        /// `body` compressed with gzip, sent with `Content-Encoding: gzip`.
        public static func gzip(_ body: Data, status code: Int = 200, headers: HTTPHeaders = [:]) -> Response {
            status(code, headers: headers.merging(["Content-Encoding": "gzip"]), body: GzipEncoder.encode(body))
        }

        /// Announces `declaredLength` bytes, sends `body` (shorter), then closes.
        public static func truncated(_ body: Data, declaredLength: Int) -> Response {
            Response(steps: [.write(head(200, headers: ["Content-Length": "\(declaredLength)"]) + body)])
        }

        /// Announces `declaredLength` bytes, sends `body`, then goes silent
        /// with the connection open until the client closes it.
        public static func stall(after body: Data, declaredLength: Int) -> Response {
            Response(steps: [.write(head(200, headers: ["Content-Length": "\(declaredLength)"]) + body), .holdOpen])
        }

        /// Accepts the connection and reads the request, then says nothing
        /// until the client closes it (for cancel tests).
        public static let silence = Response(steps: [.holdOpen])

        /// A chunked body of `chunk` repeated until the client leaves.
        public static func endless(chunk: Data = Data(repeating: 0x61, count: 16 * 1024)) -> Response {
            Response(steps: [.write(head(200, headers: ["Transfer-Encoding": "chunked"])), .repeatChunk(chunk)])
        }

        /// Reads the request, then closes the connection without a byte.
        public static let closeWithoutResponse = Response(steps: [])

        /// 429 Too Many Requests, with `Retry-After` when given.
        public static func tooManyRequests(retryAfter: String? = nil, body: String = "rate limit exceeded") -> Response {
            var headers: HTTPHeaders = ["Content-Type": "text/plain"]
            if let retryAfter { headers["Retry-After"] = retryAfter }
            return status(429, headers: headers, body: body)
        }

        /// Whatever `respond` makes of the request.
        public static func handler(_ respond: @escaping @Sendable (Request) -> Response) -> Response {
            Response(steps: [.computed(respond)])
        }

        /// The first request gets `responses[0]`, the second `responses[1]`,
        /// and so on; the last one answers every later request.
        public static func sequence(_ responses: [Response]) -> Response {
            precondition(!responses.isEmpty, "a sequence needs at least one response")
            let counter = Counter()
            return handler { _ in responses[min(counter.next(), responses.count - 1)] }
        }

        /// The same response after `seconds` of silence (before the first byte).
        public func delayed(by seconds: TimeInterval) -> Response {
            Response(steps: [.pause(seconds)] + steps)
        }

        static func head(_ code: Int, headers: HTTPHeaders) -> Data {
            var text = "HTTP/1.1 \(code) \(reasonPhrase(code))\r\n"
            for field in headers.merging(["Connection": "close"]) { text += "\(field.name): \(field.value)\r\n" }
            return Data((text + "\r\n").utf8)
        }

        static func chunkBytes(_ chunk: Data) -> Data {
            Data((String(chunk.count, radix: 16) + "\r\n").utf8) + chunk + Data("\r\n".utf8)
        }

        static func reasonPhrase(_ code: Int) -> String {
            switch code {
            case 200: "OK"
            case 301: "Moved Permanently"
            case 302: "Found"
            case 303: "See Other"
            case 307: "Temporary Redirect"
            case 308: "Permanent Redirect"
            case 404: "Not Found"
            case 429: "Too Many Requests"
            case 500: "Internal Server Error"
            case 502: "Bad Gateway"
            case 503: "Service Unavailable"
            case 504: "Gateway Timeout"
            default: "Status"
            }
        }
    }

    public let port: UInt16
    private let listener: Int32
    private let state = ServerState()
    private let connections = DispatchGroup()
    private let acceptLoopDone = DispatchSemaphore(value: 0)

    /// Starts listening on 127.0.0.1 at a free port.
    public init(routes: KeyValuePairs<String, Response> = [:]) throws {
        let (fd, port) = try Sockets.listen(backlog: 128)
        listener = fd
        self.port = port
        for (path, response) in routes { state.setRoute(path, response) }
        let thread = Thread { [state, connections, acceptLoopDone, listener] in
            Self.acceptLoop(listener: listener, state: state, connections: connections)
            acceptLoopDone.signal()
        }
        thread.name = "LoopbackServer.accept"
        thread.start()
    }

    deinit { stop() }

    /// `http://127.0.0.1:<port>`.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// The URL of `pathAndQuery` (which starts with `/`) on this server.
    public func url(_ pathAndQuery: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(pathAndQuery)")!
    }

    /// The response for `path`; setting replaces it for later requests.
    public subscript(path: String) -> Response? {
        get { state.route(path) }
        set { state.setRoute(path, newValue) }
    }

    /// Every request received so far, in order of arrival.
    public var requests: [Request] { state.snapshot.requests }

    /// Connections whose client hung up before the server had finished
    /// responding (a cancel, a timeout, a refused body).
    public var connectionsClosedByClient: Int { state.snapshot.closedByClient }

    /// Connections fully handled (response sent or abandoned, socket closed).
    public var connectionsFinished: Int { state.snapshot.finished }

    /// Response bytes written, over all connections.
    public var bytesSent: Int { state.snapshot.bytesSent }

    /// Waits until `condition`, which reads this server's state (requests,
    /// connections, bytes sent), holds, or `timeout` passes; whether it held.
    /// The condition is checked again on each change of that state, never on a
    /// timer: a condition about anything else is checked only as the server's
    /// state changes.
    @discardableResult
    public func wait(timeout: TimeInterval = 5, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let seen = state.generation
            if condition() { return true }
            if !state.waitForChange(from: seen, until: deadline) { return condition() }
        }
    }

    /// Stops accepting, closes every open connection and waits for their
    /// threads to end. Safe to call more than once.
    public func stop() {
        guard state.beginStopping() else { return }
        // Wakes the accept loop's poll: on Linux a listening socket that is
        // shut down reads as ready, and accept then fails.
        shutdown(listener, Int32(SHUT_RDWR))
        acceptLoopDone.wait()
        close(listener)
        for fd in state.openConnections { shutdown(fd, Int32(SHUT_RDWR)) }
        _ = connections.wait(timeout: .now() + 10)
    }

    // MARK: Serving

    private static func acceptLoop(listener: Int32, state: ServerState, connections: DispatchGroup) {
        while !state.isStopping {
            guard Sockets.waitReadable(listener, milliseconds: -1) else { continue }
            let fd = accept(listener, nil, nil)
            guard fd >= 0 else { continue }
            guard state.opened(fd) else {
                close(fd)
                continue
            }
            connections.enter()
            let thread = Thread {
                serve(fd, state: state)
                state.closed(fd)
                close(fd)
                connections.leave()
            }
            thread.name = "LoopbackServer.connection"
            thread.start()
        }
    }

    private static func serve(_ fd: Int32, state: ServerState) {
        if startsWithTLSHandshake(fd) {
            // A client speaking https to this plain server: answer in plain
            // HTTP, as real servers do, so its TLS layer fails at once.
            _ = Sockets.writeAll(fd, Data("HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n".utf8))
            shutdown(fd, Int32(SHUT_WR))
            return
        }
        guard let request = readRequest(fd, state: state) else { return }
        state.record(request)
        let response = state.route(request.path) ?? .status(404, body: "LoopbackServer: no route for \(request.path)")
        if !run(response.steps, on: fd, request: request, state: state) {
            state.clientClosedEarly()
        }
        // Half-close first so the client reads everything before the close.
        shutdown(fd, Int32(SHUT_WR))
    }

    private enum WaitOutcome { case deadlinePassed, serverStopping, clientClosed }

    /// Waits, in poll(2), until the client closes the connection, the server
    /// stops (`stop()` shuts every connection down, which wakes the poll) or
    /// `deadline` passes (nil: no deadline).
    private static func waitForClose(_ fd: Int32, state: ServerState, until deadline: Date?) -> WaitOutcome {
        while true {
            if state.isStopping { return .serverStopping }
            var milliseconds: Int32 = -1
            if let deadline {
                let remaining = deadline.timeIntervalSinceNow
                if remaining <= 0 { return .deadlinePassed }
                milliseconds = Int32(min(remaining * 1000, Double(Int32.max)).rounded(.up))
            }
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, milliseconds)
            if ready < 0 && errno != EINTR { return .clientClosed }
            guard ready > 0 else { continue }
            if state.isStopping { return .serverStopping }
            if Sockets.peerClosed(fd) { return .clientClosed }
            // Bytes the client sent after its request: read and drop them, so
            // that the next poll waits again instead of returning at once.
            var scratch = [UInt8](repeating: 0, count: 4096)
            _ = recv(fd, &scratch, scratch.count, Int32(MSG_DONTWAIT))
        }
    }

    /// Runs the steps; false when the client went away before they were done.
    private static func run(_ steps: [Response.Step], on fd: Int32, request: Request, state: ServerState) -> Bool {
        for step in steps {
            switch step {
            case .write(let data):
                guard Sockets.writeAll(fd, data) else { return false }
                state.sent(data.count)
            case .pause(let seconds):
                switch waitForClose(fd, state: state, until: Date().addingTimeInterval(seconds)) {
                case .deadlinePassed: continue
                case .serverStopping: return true
                case .clientClosed: return false
                }
            case .holdOpen:
                return waitForClose(fd, state: state, until: nil) != .clientClosed
            case .repeatChunk(let chunk):
                let bytes = Response.chunkBytes(chunk)
                while !state.isStopping {
                    guard Sockets.writeAll(fd, bytes) else { return false }
                    state.sent(bytes.count)
                }
            case .computed(let respond):
                guard run(respond(request).steps, on: fd, request: request, state: state) else { return false }
            }
        }
        return true
    }

    /// Whether the first byte waiting is a TLS handshake record (0x16).
    private static func startsWithTLSHandshake(_ fd: Int32) -> Bool {
        guard Sockets.waitReadable(fd, milliseconds: -1) else { return false }
        var byte: UInt8 = 0
        return recv(fd, &byte, 1, Int32(MSG_PEEK)) == 1 && byte == 0x16
    }

    private static func readRequest(_ fd: Int32, state: ServerState) -> Request? {
        var buffer = Data()
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        let separator = Data("\r\n\r\n".utf8)
        var headerEnd: Range<Data.Index>?
        while headerEnd == nil {
            guard !state.isStopping, buffer.count < 1 << 20 else { return nil }
            guard Sockets.waitReadable(fd, milliseconds: -1) else { continue }
            let count = recv(fd, &chunk, chunk.count, 0)
            guard count > 0 else { return nil }
            buffer.append(contentsOf: chunk[0..<count])
            headerEnd = buffer.range(of: separator)
        }
        let headText = String(decoding: buffer[..<headerEnd!.lowerBound], as: UTF8.self)
        var lines = headText.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ")
        guard requestLine.count >= 2 else { return nil }
        var headers = HTTPHeaders()
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.add(name: String(line[..<colon]), value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        var body = Data(buffer[headerEnd!.upperBound...])
        let length = headers["Content-Length"].flatMap { Int($0) } ?? 0
        while body.count < length {
            guard !state.isStopping else { return nil }
            guard Sockets.waitReadable(fd, milliseconds: -1) else { continue }
            let count = recv(fd, &chunk, min(chunk.count, length - body.count), 0)
            guard count > 0 else { return nil }
            body.append(contentsOf: chunk[0..<count])
        }
        return Request(method: String(requestLine[0]), target: String(requestLine[1]), headers: headers, body: body)
    }
}

/// The server's shared state, behind one lock.
private final class ServerState: @unchecked Sendable {
    struct Snapshot {
        var requests: [LoopbackServer.Request] = []
        var closedByClient = 0
        var finished = 0
        var bytesSent = 0
    }

    private let condition = NSCondition()
    private var routes: [String: LoopbackServer.Response] = [:]
    private var counters = Snapshot()
    private var open: Set<Int32> = []
    private var stopping = false
    /// Counts changes, so a waiter knows whether one happened since it looked.
    private var changes = 0

    /// Runs `body` under the lock; every call may change the state, so it
    /// counts as a change and wakes the waiters.
    private func locked<T>(_ body: () -> T) -> T {
        condition.lock()
        defer {
            changes += 1
            condition.broadcast()
            condition.unlock()
        }
        return body()
    }

    private func reading<T>(_ body: () -> T) -> T {
        condition.lock()
        defer { condition.unlock() }
        return body()
    }

    /// The number of changes so far.
    var generation: Int { reading { changes } }

    /// Waits until the state has changed since `generation` was read, or
    /// `deadline` passes; false when it passed with no change.
    func waitForChange(from generation: Int, until deadline: Date) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while changes == generation {
            if !condition.wait(until: deadline) { return changes != generation }
        }
        return true
    }

    var snapshot: Snapshot { reading { counters } }
    var isStopping: Bool { reading { stopping } }
    var openConnections: Set<Int32> { reading { open } }

    func route(_ path: String) -> LoopbackServer.Response? { reading { routes[path] } }
    func setRoute(_ path: String, _ response: LoopbackServer.Response?) { locked { routes[path] = response } }
    func record(_ request: LoopbackServer.Request) { locked { counters.requests.append(request) } }
    func clientClosedEarly() { locked { counters.closedByClient += 1 } }
    func sent(_ count: Int) { locked { counters.bytesSent += count } }

    /// Registers a new connection; false once stopping.
    func opened(_ fd: Int32) -> Bool {
        locked {
            guard !stopping else { return false }
            open.insert(fd)
            return true
        }
    }

    func closed(_ fd: Int32) {
        locked {
            open.remove(fd)
            counters.finished += 1
        }
    }

    /// Marks the server stopping; false if it already was.
    func beginStopping() -> Bool {
        locked {
            defer { stopping = true }
            return !stopping
        }
    }
}

/// Counts calls from any thread.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value - 1
    }
}
