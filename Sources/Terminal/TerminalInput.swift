// A session's input as events on a dispatch queue, for full-screen screens that are
// driven by events (the interactive search, the live views): nothing polls, no thread
// waits, and no timer runs except the one that settles a lone Escape.

import Dispatch

/// Delivers a `TerminalSession`'s input on `queue`: a read source on the terminal
/// brings keys (decoded by a `KeyDecoder`), one on the session's notification
/// descriptor brings resizes and resumes, and a lone ESC (or a sequence cut between
/// two reads) is settled once the decoder's `escapeTimeout` passes with no byte after
/// it, so Esc is a key of its own without waiting for the next one.
///
/// Touched on `queue` only: `start`, `cancel` and the handlers all run there.
public final class TerminalInput: @unchecked Sendable {
    private let session: TerminalSession
    private let queue: DispatchQueue
    private var decoder: KeyDecoder
    private var input: (any DispatchSourceRead)?
    private var notifications: (any DispatchSourceRead)?
    private var pendingFlush: DispatchWorkItem?
    private var deliver: (([TerminalEvent]) -> Void)?
    private var fail: ((any Error) -> Void)?

    public init(session: TerminalSession, queue: DispatchQueue, decoder: KeyDecoder = KeyDecoder()) {
        self.session = session
        self.queue = queue
        self.decoder = decoder
    }

    /// Whether events are being delivered: from `start` until `cancel` or a failure.
    public var isRunning: Bool { deliver != nil }

    /// Starts delivering: `events` with what each read brought, in order; `failed` once,
    /// when the terminal hangs up, after which nothing more is delivered.
    public func start(events: @escaping ([TerminalEvent]) -> Void, failed: @escaping (any Error) -> Void) {
        guard input == nil else { return }
        deliver = events
        fail = failed
        let input = DispatchSource.makeReadSource(fileDescriptor: session.fileDescriptor, queue: queue)
        input.setEventHandler { [weak self] in self?.readInput() }
        let notifications = DispatchSource.makeReadSource(fileDescriptor: session.notificationDescriptor, queue: queue)
        notifications.setEventHandler { [weak self] in
            guard let self, self.isRunning else { return }
            self.send(self.session.readNotifications())
        }
        self.input = input
        self.notifications = notifications
        input.resume()
        notifications.resume()
    }

    /// Stops delivering at once (an event handler may call it); `completion` runs on the
    /// queue once both sources are cancelled: only then may the session end, since the
    /// sources read its descriptors.
    public func cancel(then completion: @escaping @Sendable () -> Void) {
        deliver = nil
        fail = nil
        pendingFlush?.cancel()
        pendingFlush = nil
        let sources = [input, notifications].compactMap { $0 }
        input = nil
        notifications = nil
        guard !sources.isEmpty else {
            queue.async(execute: completion)
            return
        }
        let cancelled = DispatchGroup()
        for source in sources {
            cancelled.enter()
            source.setCancelHandler { cancelled.leave() }
            source.cancel()
        }
        cancelled.notify(queue: queue, execute: completion)
    }

    private func readInput() {
        guard isRunning else { return }
        pendingFlush?.cancel()
        pendingFlush = nil
        let events: [TerminalEvent]
        do {
            events = try session.readInput(&decoder)
        } catch {
            let fail = self.fail
            deliver = nil
            self.fail = nil
            fail?(error)
            return
        }
        send(events)
        guard isRunning, decoder.hasPendingInput else { return }
        let flush = DispatchWorkItem { [weak self] in
            guard let self, self.isRunning else { return }
            self.pendingFlush = nil
            self.send(self.decoder.flush().map(TerminalEvent.key))
        }
        pendingFlush = flush
        let (seconds, attoseconds) = decoder.escapeTimeout.components
        queue.asyncAfter(deadline: .now() + Double(seconds) + Double(attoseconds) / 1e18, execute: flush)
    }

    private func send(_ events: [TerminalEvent]) {
        guard !events.isEmpty else { return }
        deliver?(events)
    }
}
