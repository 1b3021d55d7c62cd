#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// A port on 127.0.0.1 where TCP connects hang: a listener with a backlog of
/// zero that never accepts, its queue already full, so the kernel drops new
/// SYNs. For connect-timeout tests that must not leave the machine.
public final class UnresponsiveListener: @unchecked Sendable {
    public let port: UInt16
    private let listener: Int32
    private var fillers: [Int32] = []
    private let lock = NSLock()
    private var isClosed = false

    public init() throws {
        (listener, port) = try Sockets.listen(backlog: 0)
        // A backlog of 0 still admits one connection; queue a few to be sure.
        for _ in 0..<3 { fillers.append(Sockets.connectWithoutWaiting(port: port)) }
        try Self.waitUntilOneConnects(fillers)
    }

    /// Waits for the event that fills the queue: a filler's handshake completing
    /// (its socket turns writable). The others stay unanswered, as the test's will.
    private static func waitUntilOneConnects(_ fillers: [Int32]) throws {
        var polled = fillers.map { pollfd(fd: $0, events: Int16(POLLOUT), revents: 0) }
        // The bound only stops a broken loopback from hanging the suite.
        guard poll(&polled, nfds_t(polled.count), 10_000) > 0 else {
            throw ListenerError(message: "no connection to the listener completed its handshake")
        }
    }

    struct ListenerError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    deinit { close() }

    /// `http://127.0.0.1:<port><path>`.
    public func url(_ path: String = "/") -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)")!
    }

    public func close() {
        lock.lock()
        defer { lock.unlock() }
        guard !isClosed else { return }
        isClosed = true
        for fd in fillers { Glibc.close(fd) }
        Glibc.close(listener)
    }
}
