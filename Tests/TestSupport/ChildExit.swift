#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// A child process's next change of state (its exit, or with `WUNTRACED` a
/// stop), awaited in a blocking `waitpid` on a thread of its own: callers wait
/// on that event with a deadline, never by polling `WNOHANG`.
public final class ChildExit: @unchecked Sendable {
    private let changed = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var result: (pid: pid_t, status: Int32)?

    /// Starts waiting for `pid` at once.
    public init(pid: pid_t, options: Int32 = 0) {
        let thread = Thread { [self] in
            var status: Int32 = 0
            var waited: pid_t
            repeat { waited = waitpid(pid, &status, options) } while waited < 0 && errno == EINTR
            lock.withLock { result = (waited, status) }
            changed.signal()
        }
        thread.name = "ChildExit.\(pid)"
        thread.start()
    }

    /// Waits until the change has happened or `deadline` passes; whether it happened.
    /// Once it has, later calls return true at once.
    public func wait(until deadline: DispatchTime) -> Bool {
        if lock.withLock({ result != nil }) { return true }
        guard changed.wait(timeout: deadline) == .success else { return false }
        changed.signal()  // for the next caller
        return true
    }

    /// The `waitpid` status of the change; nil before it, or if waitpid failed
    /// (the process was not a child, or another waiter took it).
    public var status: Int32? {
        lock.withLock { result.flatMap { $0.pid > 0 ? $0.status : nil } }
    }
}
