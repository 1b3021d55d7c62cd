import Glibc
import Testing
@testable import Terminal
import TestSupport

@Suite struct TerminalEnvironmentTests {
    @Test func styleModeFollowsTerminalTermAndNoColor() {
        #expect(TerminalEnvironment.styleMode(isTerminal: true, environment: ["TERM": "xterm-256color"]) == .colour)
        #expect(TerminalEnvironment.styleMode(isTerminal: false, environment: ["TERM": "xterm"]) == .plain)
        #expect(TerminalEnvironment.styleMode(isTerminal: true, environment: ["TERM": "dumb"]) == .plain)
        #expect(TerminalEnvironment.styleMode(isTerminal: true, environment: ["TERM": "xterm", "NO_COLOR": "1"]) == .attributes)
        #expect(TerminalEnvironment.styleMode(isTerminal: true, environment: ["TERM": "xterm", "NO_COLOR": ""]) == .colour)
        #expect(TerminalEnvironment.styleMode(isTerminal: false, environment: ["NO_COLOR": "1"]) == .plain)
    }

    @Test func dumbTerminalIsRefused() {
        #expect(TerminalEnvironment.interactiveUnavailability(environment: ["TERM": "dumb"]) == .dumbTerminal)
    }

    @Test func missingDeviceIsRefusedWithAClearMessage() throws {
        let reason = try #require(TerminalEnvironment.interactiveUnavailability(environment: ["TERM": "xterm"],
                                                                             devicePath: "/nonexistent/tty"))
        #expect(reason == .noTerminal(path: "/nonexistent/tty", errno: ENOENT))
        #expect(reason.description == "interactive mode needs a terminal, and /nonexistent/tty cannot be opened (No such file or directory)")
    }

    @Test func aFileThatIsNotATerminalIsRefused() {
        #expect(TerminalEnvironment.interactiveUnavailability(environment: ["TERM": "xterm"], devicePath: "/dev/null")
                == .noTerminal(path: "/dev/null", errno: ENOTTY))
    }

    @Test func aPseudoTerminalIsAccepted() throws {
        let pty = try PseudoTerminal()
        #expect(TerminalEnvironment.interactiveUnavailability(environment: ["TERM": "xterm"], devicePath: pty.path) == nil)
        #expect(TerminalEnvironment.isTerminal(pty.slave))
        #expect(!TerminalEnvironment.isTerminal(-1))
    }

    @Test func readsTheProcessEnvironment() {
        let environment = TerminalEnvironment.currentEnvironment()
        #expect(environment["PATH"] == String(cString: getenv("PATH")))
    }
}
