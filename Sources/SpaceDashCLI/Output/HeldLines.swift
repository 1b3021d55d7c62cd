import Synchronization

/// Lines for stderr held while a full-screen view is open (a line written then
/// would garble the screen), written once it closes: `--verbose`'s request
/// lines, a `--file`'s notices.
final class HeldLines: Sendable {
    private let held = Mutex<[String]>([])

    func hold(_ line: String) { held.withLock { $0.append(line) } }
    var lines: [String] { held.withLock { $0 } }
}
