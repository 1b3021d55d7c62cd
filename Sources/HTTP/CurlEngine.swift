import CCurl
import CurlShim
import Foundation
import Synchronization

/// Runs every transfer of the process on one thread with a libcurl multi
/// handle.
///
/// Why one thread and the multi interface rather than `curl_easy_perform` per
/// request: fifty requests cost one thread instead of fifty, connections are
/// reused, and a cancel takes effect at once: `curl_multi_wakeup` interrupts
/// the wait and the handle is removed and freed, instead of waiting up to a
/// second for the next progress callback.
final class CurlEngine: @unchecked Sendable {
    /// The engine `HTTPClient` uses unless given another (tests make their own
    /// to count handles in isolation).
    static let shared = CurlEngine(name: "http.curl")

    /// Easy handles allocated and not yet freed, for leak checks.
    let liveHandles = HandleCounter()

    private struct Commands {
        var starts: [CurlTransfer] = []
        var cancels: [CurlTransfer] = []
        var idleWaiters: [DispatchSemaphore] = []
        var shutDown = false
    }

    /// Made, with the engine's thread, by the first `start`: an engine that
    /// never runs a transfer needs neither (nor libcurl, loaded by then).
    private let multi = Mutex<UnsafeMutableRawPointer?>(nil)
    private let name: String
    private let commands = Mutex(Commands())
    private let stopped = DispatchSemaphore(value: 0)
    // Engine thread only.
    private var active: [UnsafeMutableRawPointer: CurlTransfer] = [:]

    init(name: String = "http.curl.engine") {
        self.name = name
    }

    /// Queues `transfer` to start on the engine's thread, starting the thread
    /// the first time. `transfer` exists, so libcurl is loaded.
    func start(_ transfer: CurlTransfer) {
        commands.withLock { $0.starts.append(transfer) }
        let handle = multi.withLock { multi in
            if let multi { return multi }
            guard let made = sd_multi_init() else { fatalError("libcurl could not create a multi handle (out of memory)") }
            multi = made
            let thread = Thread { [self] in run() }
            thread.name = name
            thread.start()
            return made
        }
        sd_multi_wakeup(handle)
    }

    /// Interrupts the engine thread's wait, if it is running.
    private func wake() {
        if let handle = multi.withLock({ $0 }) { sd_multi_wakeup(handle) }
    }

    /// Aborts `transfer` (queued or running) and frees its handle without
    /// reporting an outcome.
    func cancel(_ transfer: CurlTransfer) {
        transfer.isCancelled.store(true, ordering: .relaxed)
        commands.withLock { $0.cancels.append(transfer) }
        wake()
    }

    /// Waits until the engine's thread has handled every start and cancel
    /// queued before this call (a cancelled transfer's handle is then freed),
    /// or `timeout` passes; whether it did. For leak checks: the wait is the
    /// engine's own wake-up, never a poll.
    func waitUntilCommandsHandled(timeout: DispatchTime) -> Bool {
        // No thread yet: no transfer was ever started, so there is nothing to handle.
        guard let handle = multi.withLock({ $0 }) else { return true }
        let handled = DispatchSemaphore(value: 0)
        commands.withLock { $0.idleWaiters.append(handled) }
        sd_multi_wakeup(handle)
        return handled.wait(timeout: timeout) == .success
    }

    /// Aborts every transfer, stops the thread and frees the multi handle.
    /// For engines made by tests; the shared one lives as long as the process.
    func shutDown() {
        commands.withLock { $0.shutDown = true }
        guard let handle = multi.withLock({ $0 }) else { return }
        sd_multi_wakeup(handle)
        stopped.wait()
    }

    private func run() {
        let multi = self.multi.withLock { $0! }
        while true {
            let batch = commands.withLock { commands in
                let taken = commands
                commands.starts.removeAll()
                commands.cancels.removeAll()
                commands.idleWaiters.removeAll()
                return taken
            }
            for transfer in batch.starts {
                if transfer.isCancelled.load(ordering: .relaxed) || batch.shutDown {
                    transfer.discard()
                } else if sd_multi_add_handle(multi, transfer.handle) == CURLM_OK {
                    active[transfer.handle] = transfer
                } else {
                    transfer.finish(code: CURLE_FAILED_INIT)
                }
            }
            for transfer in batch.cancels where active[transfer.handle] === transfer {
                remove(transfer, from: multi).discard()
            }
            for waiter in batch.idleWaiters { waiter.signal() }
            if batch.shutDown {
                for transfer in Array(active.values) { remove(transfer, from: multi).discard() }
                sd_multi_cleanup(multi)
                stopped.signal()
                return
            }

            var running: Int32 = 0
            sd_multi_perform(multi, &running)
            var remaining: Int32 = 0
            while let message = sd_multi_info_read(multi, &remaining) {
                guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle,
                      let transfer = active[handle] else { continue }
                let code = sd_multi_message_result(message)
                remove(transfer, from: multi).finish(code: code)
            }
            // Sleeps until a socket is ready, a libcurl timer is due or
            // `curl_multi_wakeup` is called; the timeout only bounds idle waits.
            sd_multi_poll(multi, 10_000)
        }
    }

    private func remove(_ transfer: CurlTransfer, from multi: UnsafeMutableRawPointer) -> CurlTransfer {
        sd_multi_remove_handle(multi, transfer.handle)
        active[transfer.handle] = nil
        return transfer
    }
}
