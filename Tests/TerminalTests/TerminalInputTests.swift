import Dispatch
import Glibc
import Synchronization
import Testing
@testable import Terminal
import TestSupport

/// `TerminalInput` on a session over a pseudo-terminal. A session is one per process,
/// so these tests belong to `TerminalSessionTests`' serialized suite. They wait for
/// the events themselves (a semaphore the handler signals), never for a time.
extension TerminalSessionTests {
    /// What an input delivered, with a semaphore signalled at each delivery.
    final class Deliveries: Sendable {
        private let events = Mutex<[TerminalEvent]>([])
        private let failures = Mutex<[String]>([])
        let arrived = DispatchSemaphore(value: 0)

        var received: [TerminalEvent] { events.withLock { $0 } }
        var failed: [String] { failures.withLock { $0 } }

        func start(_ input: TerminalInput, on queue: DispatchQueue) {
            queue.sync {
                input.start(events: { [self] new in
                    events.withLock { $0 += new }
                    arrived.signal()
                }, failed: { [self] error in
                    failures.withLock { $0.append("\(error)") }
                    arrived.signal()
                })
            }
        }

        /// Waits for deliveries until `condition` holds (a generous bound for real I/O).
        func wait(until condition: (Deliveries) -> Bool) -> Bool {
            while !condition(self) {
                guard arrived.wait(timeout: .now() + 20) == .success else { return false }
            }
            return true
        }
    }

    static func cancel(_ input: TerminalInput, on queue: DispatchQueue) {
        let cancelled = DispatchSemaphore(value: 0)
        queue.sync { input.cancel { cancelled.signal() } }
        #expect(cancelled.wait(timeout: .now() + 20) == .success, "the completion runs once the sources are cancelled")
    }

    @Test func typedKeysArriveAsEventsAndALoneEscapeIsAKeyWithoutWaitingForAnother() throws {
        let pty = try PseudoTerminal()
        let session = try TerminalSession(fileDescriptor: pty.slave)
        defer { session.end() }
        let queue = DispatchQueue(label: "test.input")
        let input = TerminalInput(session: session, queue: queue)
        let deliveries = Deliveries()
        deliveries.start(input, on: queue)
        pty.type("q\u{1B}[A東")
        #expect(deliveries.wait { $0.received.count >= 3 })
        #expect(deliveries.received == [.key(KeyPress(.text("q"))), .key(KeyPress(.up)), .key(KeyPress(.text("東")))])
        // ESC alone could start a sequence: the input settles it itself, after the
        // decoder's escape timeout, with no further byte typed.
        pty.type("\u{1B}")
        #expect(deliveries.wait { $0.received.count >= 4 })
        #expect(deliveries.received.last == .key(KeyPress(.escape)))
        Self.cancel(input, on: queue)
        #expect(queue.sync { !input.isRunning })
    }

    @Test func anArrowSplitAcrossTwoReadsStaysAnArrow() throws {
        let pty = try PseudoTerminal()
        let session = try TerminalSession(fileDescriptor: pty.slave)
        defer { session.end() }
        let queue = DispatchQueue(label: "test.input")
        // An escape timeout longer than any test: the ESC waits for the rest of its sequence.
        let input = TerminalInput(session: session, queue: queue, decoder: KeyDecoder(escapeTimeout: .seconds(3600)))
        let deliveries = Deliveries()
        deliveries.start(input, on: queue)
        pty.type("x\u{1B}")
        #expect(deliveries.wait { !$0.received.isEmpty })
        // The read that brought `x` took the ESC too: nothing is left on the terminal.
        try #require(pty.unreadInputCount == 0)
        #expect(deliveries.received == [.key(KeyPress(.text("x")))], "the ESC waits, not yet a key")
        pty.type("[A")
        #expect(deliveries.wait { $0.received.count >= 2 })
        #expect(deliveries.received == [.key(KeyPress(.text("x"))), .key(KeyPress(.up))])
        Self.cancel(input, on: queue)
    }

    @Test func aResizeArrivesAsAnEvent() throws {
        let pty = try PseudoTerminal(columns: 100, rows: 30)
        let session = try TerminalSession(fileDescriptor: pty.slave)
        defer { session.end() }
        let queue = DispatchQueue(label: "test.input")
        let input = TerminalInput(session: session, queue: queue)
        let deliveries = Deliveries()
        deliveries.start(input, on: queue)
        pty.resize(columns: 60, rows: 20)
        // The pty is not this process's controlling terminal: send the signal the kernel would.
        kill(getpid(), SIGWINCH)
        #expect(deliveries.wait { !$0.received.isEmpty })
        #expect(deliveries.received == [.resized(TerminalSize(columns: 60, rows: 20))])
        Self.cancel(input, on: queue)
    }

    @Test func aHangUpIsReportedOnceAndEndsTheDeliveries() throws {
        let pty = try PseudoTerminal()
        let session = try TerminalSession(fileDescriptor: pty.slave)
        let queue = DispatchQueue(label: "test.input")
        let input = TerminalInput(session: session, queue: queue)
        let deliveries = Deliveries()
        deliveries.start(input, on: queue)
        pty.closeMaster()
        #expect(deliveries.wait { !$0.failed.isEmpty })
        #expect(deliveries.failed == ["\(TerminalError.inputClosed)"])
        #expect(queue.sync { !input.isRunning })
        Self.cancel(input, on: queue)
        // A hung-up terminal has no settings left to restore; ending must still be quiet.
        session.end()
    }
}
