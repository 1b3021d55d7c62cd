import Testing
@testable import SpaceDashCLI

@Suite struct APITextTests {
    @Test func apiTextLosesControlSequences() {
        #expect(APIText.display("\u{1B}[31mWNW\u{07}") == "WNW")
        #expect(APIText.display("mid\nwinter") == "mid winter")
    }
}
