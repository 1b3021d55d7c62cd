// What the process's environment allows on a terminal: styles and colour on an
// output stream, and whether an interactive screen can be opened at all.

import Glibc

public enum TerminalEnvironment {
    /// The device an interactive screen talks to, so stdin and stdout stay free for data.
    public static let controllingTerminalPath = "/dev/tty"

    /// Whether `fileDescriptor` is a terminal.
    public static func isTerminal(_ fileDescriptor: Int32) -> Bool {
        isatty(fileDescriptor) == 1
    }

    /// The styling allowed on an output: none off a terminal or with `TERM=dumb`;
    /// bold, dim, underline and reverse without colour when `NO_COLOR` is set (to
    /// anything non-empty, per no-color.org); everything otherwise.
    public static func styleMode(isTerminal: Bool, environment: [String: String]) -> StyleMode {
        guard isTerminal, environment["TERM"] != "dumb" else { return .plain }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .attributes }
        return .colour
    }

    /// Why an interactive screen cannot run here, or nil when it can: `TERM=dumb`, or no
    /// terminal device to open (cron, CI, a container without a tty, `setsid`).
    public static func interactiveUnavailability(environment: [String: String],
                                                 devicePath: String = controllingTerminalPath) -> TerminalError? {
        if environment["TERM"] == "dumb" { return .dumbTerminal }
        let descriptor = open(devicePath, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { return .noTerminal(path: devicePath, errno: errno) }
        defer { close(descriptor) }
        guard isatty(descriptor) == 1 else { return .noTerminal(path: devicePath, errno: ENOTTY) }
        return nil
    }

    /// The process environment, read from `environ` (no Foundation needed).
    public static func currentEnvironment() -> [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let pair = String(cString: pointer)
            if let equals = pair.firstIndex(of: "=") {
                result[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
            }
            entry += 1
        }
        return result
    }
}

/// Failures of the terminal layer, each a one-line message for the user.
public enum TerminalError: Error, Equatable, CustomStringConvertible {
    case dumbTerminal
    case noTerminal(path: String, errno: Int32)
    case notATerminal(fileDescriptor: Int32)
    case sessionAlreadyActive
    case inputClosed
    case systemCall(name: String, errno: Int32)

    public var description: String {
        switch self {
        case .dumbTerminal:
            return "interactive mode needs a terminal that can move the cursor, and TERM is 'dumb'"
        case .noTerminal(let path, let code):
            return "interactive mode needs a terminal, and \(path) cannot be opened (\(String(cString: strerror(code))))"
        case .notATerminal(let descriptor):
            return "file descriptor \(descriptor) is not a terminal"
        case .inputClosed:
            return "the terminal closed (hung up)"
        case .sessionAlreadyActive:
            return "a terminal session is already active in this process"
        case .systemCall(let name, let code):
            return "\(name) failed: \(String(cString: strerror(code)))"
        }
    }
}
