// Raw mode on a terminal: every key reaches the program at once, unechoed, with no
// line editing and no signals from Ctrl-C / Ctrl-Z / Ctrl-\ (they arrive as keys).
// Output processing stays on, so "\n" still returns the carriage.

import Glibc

public enum RawMode {
    /// The terminal's current settings, to hand back to `restore` later.
    public static func currentSettings(of fileDescriptor: Int32) throws -> termios {
        var settings = termios()
        guard tcgetattr(fileDescriptor, &settings) == 0 else {
            throw errno == ENOTTY ? TerminalError.notATerminal(fileDescriptor: fileDescriptor)
                                  : TerminalError.systemCall(name: "tcgetattr", errno: errno)
        }
        return settings
    }

    /// `settings` made raw: what cfmakeraw does, except that output processing (OPOST,
    /// ONLCR) is kept as it was.
    public static func rawSettings(from settings: termios) -> termios {
        var raw = settings
        raw.c_iflag &= ~tcflag_t(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR | ICRNL | IXON)
        raw.c_lflag &= ~tcflag_t(ECHO | ECHONL | ICANON | ISIG | IEXTEN)
        raw.c_cflag &= ~tcflag_t(CSIZE | PARENB)
        raw.c_cflag |= tcflag_t(CS8)
        // read() returns as soon as one byte is there.
        withUnsafeMutableBytes(of: &raw.c_cc) { controlCharacters in
            controlCharacters[Int(VMIN)] = 1
            controlCharacters[Int(VTIME)] = 0
        }
        return raw
    }

    /// Puts the terminal in raw mode; returns the settings it had.
    @discardableResult
    public static func enter(_ fileDescriptor: Int32) throws -> termios {
        let saved = try currentSettings(of: fileDescriptor)
        var raw = rawSettings(from: saved)
        try apply(&raw, to: fileDescriptor, when: TCSAFLUSH)
        return saved
    }

    /// Gives the terminal back exactly the settings it had (the same `stty -g`).
    public static func restore(_ fileDescriptor: Int32, to settings: termios) throws {
        var settings = settings
        try apply(&settings, to: fileDescriptor, when: TCSANOW)
    }

    private static func apply(_ settings: inout termios, to fileDescriptor: Int32, when: Int32) throws {
        while tcsetattr(fileDescriptor, when, &settings) != 0 {
            if errno != EINTR { throw TerminalError.systemCall(name: "tcsetattr", errno: errno) }
        }
    }
}
