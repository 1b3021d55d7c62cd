import Testing
@testable import SpaceDashCLI
import Terminal

@Suite struct ColorModeTests {
    @Test(arguments: [
        (ColorMode.auto, true, [String: String](), true),
        (.auto, false, [:], false),
        (.auto, true, ["NO_COLOR": "1"], false),
        (.auto, true, ["NO_COLOR": "0"], false),
        (.auto, true, ["NO_COLOR": ""], true),
        (.auto, true, ["TERM": "dumb"], false),
        (.auto, true, ["TERM": "xterm-256color"], true),
        (.always, false, ["NO_COLOR": "1", "TERM": "dumb"], true),
        (.never, true, [:], false),
    ])
    func decision(mode: ColorMode, isTerminal: Bool, environment: [String: String], expected: Bool) {
        #expect((mode.styleMode(isTerminal: isTerminal, environment: environment) == .colour) == expected)
    }

    @Test func withNoColorATerminalKeepsBoldButLosesColour() {
        #expect(ColorMode.auto.styleMode(isTerminal: true, environment: ["NO_COLOR": "1"]) == .attributes)
        #expect(ColorMode.never.styleMode(isTerminal: true, environment: [:]) == .plain)
        #expect(ColorMode.always.styleMode(isTerminal: false, environment: [:]) == .colour)
    }

    @Test func parsesItsThreeWords() throws {
        #expect(ColorMode.fixedValues == ["auto", "always", "never"])
        #expect(try ColorMode.parse(argument: "never") == .never)
        #expect(throws: InvalidArgumentValue("expected auto, always or never", suggestion: "never")) {
            try ColorMode.parse(argument: "nevr")
        }
    }
}
