import Glibc

/// A pseudo-terminal pair for tests: the slave side is what a program sees as its
/// terminal, the master side is the "user" typing and watching the screen.
final class PseudoTerminal {
    private(set) var master: Int32
    let slave: Int32
    let slavePath: String

    init(columns: UInt16 = 80, rows: UInt16 = 24) throws {
        var master: Int32 = -1
        var slave: Int32 = -1
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        var name = [CChar](repeating: 0, count: 256)
        guard openpty(&master, &slave, &name, nil, &size) == 0 else {
            throw PseudoTerminalError.openFailed(errno)
        }
        _ = fcntl(master, F_SETFD, FD_CLOEXEC)
        _ = fcntl(slave, F_SETFD, FD_CLOEXEC)
        self.master = master
        self.slave = slave
        self.slavePath = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    deinit {
        if master >= 0 { close(master) }
        close(slave)
    }

    /// Hangs up: the program's side reads end-of-file or EIO from now on.
    func closeMaster() {
        close(master)
        master = -1
    }

    func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Reads the program's output until it contains `marker` (or `timeout` ms pass).
    func readOutput(until marker: String, timeout: Int32 = 10_000) -> String {
        var collected: [UInt8] = []
        var remaining = timeout
        while remaining > 0 {
            var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) >= 0 else { break }
            remaining -= 100
            if poller.revents & Int16(POLLIN) != 0 {
                var buffer = [UInt8](repeating: 0, count: 4096)
                let count = read(master, &buffer, buffer.count)
                if count > 0 { collected += buffer[..<count] }
            }
            if String(decoding: collected, as: UTF8.self).contains(marker) { break }
        }
        return String(decoding: collected, as: UTF8.self)
    }

    /// `stty -g`'s view of the settings: the whole termios structure.
    func settings() -> termios {
        var attributes = termios()
        tcgetattr(slave, &attributes)
        return attributes
    }

    func resize(columns: UInt16, rows: UInt16) {
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    /// Everything the program wrote so far, waiting up to `timeout` milliseconds for the first byte.
    func readOutput(timeout: Int32 = 2000) -> [UInt8] {
        var collected: [UInt8] = []
        var wait = timeout
        while true {
            var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, wait) > 0 else { return collected }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(master, &buffer, buffer.count)
            guard count > 0 else { return collected }
            collected += buffer[..<count]
            wait = 50
        }
    }
}

enum PseudoTerminalError: Error {
    case openFailed(Int32)
}

/// termios has no Equatable; compare it byte for byte, as `stty -g` would.
func sameSettings(_ lhs: termios, _ rhs: termios) -> Bool {
    var left = lhs
    var right = rhs
    return memcmp(&left, &right, MemoryLayout<termios>.size) == 0
}
