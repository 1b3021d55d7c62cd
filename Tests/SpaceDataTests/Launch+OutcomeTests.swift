import Testing
@testable import SpaceData

@Suite struct LaunchOutcomeTests {
    @Test func aLaunchHasAnOutcomeOnceItsStatusSaysHowTheFlightWent() {
        #expect(Launch(id: "s", name: "S", statusName: "Launch Successful", statusAbbreviation: "Success").outcome == "Launch Successful")
        #expect(Launch(id: "f", name: "F", statusName: "Launch Failure", statusAbbreviation: "Failure").outcome == "Launch Failure")
        #expect(Launch(id: "p", name: "P", statusAbbreviation: "Partial Failure").outcome == "Partial Failure", "2.0.0 sends the short name alone")
        #expect(Launch(id: "i", name: "I", statusName: "Launch in Flight", statusAbbreviation: "In Flight").outcome == "Launch in Flight")
        for (name, abbreviation) in [("Go for Launch", "Go"), ("To Be Determined", "TBD"), ("On Hold", "Hold")] {
            #expect(Launch(id: "g", name: "G", statusName: name, statusAbbreviation: abbreviation).outcome == nil, "\(abbreviation) is no outcome")
        }
        #expect(Launch(id: "u", name: "U").outcome == nil)
    }

    /// Issue 30: "Payload Deployed" (2.3.0's status 9) is a success everywhere; a status
    /// spacedash does not know is no outcome, and never a failure.
    @Test func payloadDeployedIsASuccessAndAnUnknownStatusIsNoFailure() {
        let deployed = Launch(id: "d", name: "D", statusName: "Payload Deployed", statusAbbreviation: "Deployed")
        #expect(deployed.outcome == "Payload Deployed" && deployed.outcomeKind == .success)
        #expect(Launch(id: "d", name: "D", statusName: "Payload Deployed").outcomeKind == .success)
        #expect(Launch(id: "s", name: "S", statusName: "Launch Successful", statusAbbreviation: "Success").outcomeKind == .success)
        #expect(Launch(id: "f", name: "F", statusName: "Launch Failure", statusAbbreviation: "Failure").outcomeKind == .failure)
        #expect(Launch(id: "i", name: "I", statusName: "Launch in Flight", statusAbbreviation: "In Flight").outcomeKind == .inFlight)
        let unknown = Launch(id: "n", name: "N", statusName: "Scrubbed For Now", statusAbbreviation: "Scrub")
        #expect(unknown.outcome == nil && unknown.outcomeKind == nil)
        #expect(unknown.statusShort == "Scrub", "shown as Launch Library names it")
    }

    @Test func everyLaunchOfTheBundledHistoryHasFlown() {
        #expect(!LaunchHistory.launches.isEmpty)
        #expect(LaunchHistory.launches.allSatisfy { $0.outcome != nil })
    }
}
