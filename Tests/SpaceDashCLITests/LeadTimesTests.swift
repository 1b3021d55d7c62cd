import Testing
@testable import SpaceDashCLI

@Suite struct LeadTimesTests {
    @Test func leadsReadLongestFirstWithoutRepeats() throws {
        #expect(try LeadTimes.parse(argument: "10m,1d,1h").seconds == [86_400, 3600, 600])
        #expect(try LeadTimes.parse(argument: "1h30m, 90s,1h30m").seconds == [5400, 90])
        #expect(LeadTimes.standard.argumentDescription == "1d,1h,10m")
        #expect(LeadTimes(seconds: [5400, 90]).argumentDescription == "1h30m,1m30s", "help shows what --before reads back")
    }

    @Test func aWrongLeadSaysWhichPart() {
        for text in ["", "1", "h", "1x", "1h,", "-1h", "31d", "99999999m"] {
            #expect(throws: InvalidArgumentValue.self, "\(text)") { try LeadTimes.parse(argument: text) }
        }
    }
}
