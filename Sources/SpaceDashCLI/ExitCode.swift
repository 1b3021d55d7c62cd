/// Every way spacedash ends, with the status it exits with
/// (sysexits.h for usage, unavailable and configuration, the shell's 128+SIGINT for 130).
enum ExitCode: Int32, Sendable, Equatable {
    /// Data shown, fallback data included.
    case success = 0
    /// Anything else that went wrong.
    case failure = 1
    /// The command line was wrong.
    case usage = 64
    /// `--strict` and no live data.
    case unavailable = 69
    /// A setting outside the command line is wrong: an environment variable
    /// (`SPACEDASH_NOW`, `SPACEDASH_LAUNCHES_URL`, …) that cannot be used.
    case configuration = 78
    /// Cancelled by the user (Ctrl-C, Esc in the interactive search).
    case interrupted = 130
}

/// A failure with a one-line message and the exit code it ends with:
/// `throw CommandError("no live data (--strict)", exitCode: .unavailable)`.
struct CommandError: Error, Sendable, Equatable, CustomStringConvertible {
    var message: String
    var exitCode: ExitCode

    init(_ message: String, exitCode: ExitCode = .failure) {
        self.message = message
        self.exitCode = exitCode
    }

    var description: String { message }
}

/// A wrong command line: exits 64 after one line naming the problem (with a
/// "did you mean" when a known word is close) and the command's usage line.
struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, e.g. "unknown option '--sol'".
    var message: String
    /// A close known word, shown as "; did you mean '--sols'?".
    var suggestion: String?
    /// How to fix it when that is not a suggestion, e.g. "give a value: --sols 3".
    var hint: String?
    /// The command whose usage line follows the message; the parser fills it in.
    var commandPath: [String]?
    /// The error is a word the command does not know (an option, a command, an
    /// argument): `--help` does not hide it, as it hides a bad value.
    var namesAnUnknownWord = false

    init(_ message: String, suggestion: String? = nil, hint: String? = nil) {
        self.message = message
        self.suggestion = suggestion
        self.hint = hint
    }

    /// An option, command or argument the command does not know.
    static func unknownWord(_ message: String, suggestion: String? = nil, hint: String? = nil) -> UsageError {
        var error = UsageError(message, suggestion: suggestion, hint: hint)
        error.namesAnUnknownWord = true
        return error
    }

    /// The one line shown on stderr (without the program name).
    var description: String {
        var line = message
        if let suggestion { line += "; did you mean '\(suggestion)'?" }
        if let hint { line += " (\(hint))" }
        return line
    }
}
