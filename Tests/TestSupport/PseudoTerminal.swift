import Foundation
import Glibc

/// A pseudo-terminal pair for tests: the slave side is what a program sees as its
/// terminal, the master side is the user typing and watching the screen. Everything
/// read from the master also goes through `screen`, a `ScreenModel` of the window, so
/// tests assert on what the screen shows.
public final class PseudoTerminal: @unchecked Sendable {
    public private(set) var master: Int32
    public let slave: Int32
    /// The slave's device path (`/dev/pts/N`), for a program to open as its terminal.
    public let path: String
    /// The terminal's settings (termios bytes) as the program found them.
    public let initialSettings: [UInt8]
    /// What the output read so far shows.
    public private(set) var screen: ScreenModel
    /// Every byte of the output read so far, for what a screen does not keep (the
    /// alternate screen entered and left, bracketed paste turned on).
    public private(set) var transcript: [UInt8] = []

    public init(columns: UInt16 = 80, rows: UInt16 = 24) throws {
        var master: Int32 = -1
        var slave: Int32 = -1
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        var name = [CChar](repeating: 0, count: 256)
        guard openpty(&master, &slave, &name, nil, &size) == 0 else { throw POSIXError(.EIO) }
        _ = fcntl(master, F_SETFD, FD_CLOEXEC)
        _ = fcntl(slave, F_SETFD, FD_CLOEXEC)
        self.master = master
        self.slave = slave
        path = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        initialSettings = Self.settings(of: slave)
        screen = ScreenModel(columns: Int(columns), rows: Int(rows))
    }

    deinit {
        if master >= 0 { close(master) }
        close(slave)
    }

    /// The user's side goes away: the program's terminal hangs up (reads give EOF or EIO).
    public func closeMaster() {
        close(master)
        master = -1
    }

    /// Changes the window size as a terminal emulator does; the kernel sends SIGWINCH.
    /// The screen model starts over at the new size (the program redraws it whole).
    public func resize(columns: UInt16, rows: UInt16) {
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        screen = ScreenModel(columns: Int(columns), rows: Int(rows))
    }

    public func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// The bytes typed that the program has not read yet (the terminal's input queue).
    public var unreadInputCount: Int {
        var count: Int32 = 0
        return ioctl(slave, UInt(FIONREAD), &count) == 0 ? Int(count) : -1
    }

    /// Reads once, waiting up to `wait` ms: the bytes read (empty on timeout), nil at end of output.
    private func readOnce(wait: Int32) -> [UInt8]? {
        var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        let ready = poll(&poller, 1, wait)
        if ready < 0 { return errno == EINTR ? [] : nil }
        if ready == 0 { return [] }
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = Glibc.read(master, &buffer, buffer.count)
        guard count > 0 else { return nil }
        let bytes = Array(buffer[..<count])
        screen.apply(bytes)
        transcript += bytes
        return bytes
    }

    /// Reads until the screen satisfies `condition` (real I/O: a generous bound of
    /// `timeout` ms) and returns the screen as it then is. Each read waits in
    /// poll(2) for the program's next output, never on a timer.
    @discardableResult
    public func waitForScreen(timeout: Int32 = 20_000, _ condition: (ScreenModel) -> Bool) -> ScreenModel {
        let deadline = Date().addingTimeInterval(Double(timeout) / 1000)
        while !condition(screen), let wait = Self.milliseconds(until: deadline) {
            guard readOnce(wait: wait) != nil else { break }
        }
        return screen
    }

    /// Reads until some row of the screen contains `text`; the screen then.
    @discardableResult
    public func waitForScreen(showing text: String, timeout: Int32 = 20_000) -> ScreenModel {
        waitForScreen(timeout: timeout) { $0.row(containing: text) != nil }
    }

    /// The output until it contains `marker` (or `timeout` ms pass), as text.
    @discardableResult
    public func read(until marker: String, timeout: Int32 = 20_000) -> String {
        var collected: [UInt8] = []
        let deadline = Date().addingTimeInterval(Double(timeout) / 1000)
        while !String(decoding: collected, as: UTF8.self).contains(marker), let wait = Self.milliseconds(until: deadline) {
            guard let bytes = readOnce(wait: wait) else { break }
            collected += bytes
        }
        return String(decoding: collected, as: UTF8.self)
    }

    /// Everything the program has written and not yet been read, once it has
    /// ended (or stopped writing). The kernel hands a program's output to this
    /// side asynchronously, so rather than wait an arbitrary time this writes a
    /// marker on the program's side, which arrives after all of it, and reads
    /// up to the marker. The marker never reaches `screen`.
    public func readRemainingOutput(timeout: Int32 = 20_000) -> [UInt8] {
        let marker = Array("<<spacedash-test-end-of-output-\(UUID().uuidString)>>".utf8)
        _ = marker.withUnsafeBytes { write(slave, $0.baseAddress, $0.count) }
        var collected: [UInt8] = []
        var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        let deadline = Date().addingTimeInterval(Double(timeout) / 1000)
        var buffer = [UInt8](repeating: 0, count: 65536)
        while collected.firstRange(of: marker) == nil, let wait = Self.milliseconds(until: deadline) {
            let ready = poll(&poller, 1, wait)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { break }
            let count = Glibc.read(master, &buffer, buffer.count)
            guard count > 0 else { break }
            collected += buffer[..<count]
        }
        let output = collected.firstRange(of: marker).map { Array(collected[..<$0.lowerBound]) } ?? collected
        screen.apply(output)
        transcript += output
        return output
    }

    /// The milliseconds left until `deadline`, for poll(2); nil once it has passed.
    private static func milliseconds(until deadline: Date) -> Int32? {
        let remaining = deadline.timeIntervalSinceNow
        guard remaining > 0 else { return nil }
        return Int32(min(remaining * 1000, Double(Int32.max)).rounded(.up))
    }

    /// The terminal's settings now, as `stty -g` sees them: the whole termios structure.
    public func settings() -> termios {
        var attributes = termios()
        tcgetattr(slave, &attributes)
        return attributes
    }

    /// Whether the settings are exactly those the program found, byte for byte.
    public var isRestored: Bool { Self.settings(of: slave) == initialSettings }

    public static func settings(of descriptor: Int32) -> [UInt8] {
        var attributes = termios()
        tcgetattr(descriptor, &attributes)
        return withUnsafeBytes(of: &attributes) { Array($0) }
    }
}

/// termios has no Equatable; compare it byte for byte, as `stty -g` would.
public func sameSettings(_ lhs: termios, _ rhs: termios) -> Bool {
    var left = lhs
    var right = rhs
    return memcmp(&left, &right, MemoryLayout<termios>.size) == 0
}
