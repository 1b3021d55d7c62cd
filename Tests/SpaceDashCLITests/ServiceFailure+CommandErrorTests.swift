import SpaceData
import Testing
@testable import SpaceDashCLI

@Suite struct ServiceFailureCommandErrorTests {
    @Test func noLiveDataUnderStrictExits69NamingTheFlag() {
        let failure = ServiceFailure.noLiveData(subject: "launch data", reason: Notice(.rateLimited, "Launch Library's limit was reached"))
        #expect(failure.commandError == CommandError("no live launch data (--strict): Launch Library's limit was reached", exitCode: .unavailable))
    }

    @Test func everyOtherFailureExits1WithItsOwnLine() {
        let failures: [ServiceFailure] = [
            .nothingToShow("no past launches available offline"),
            .sampleBroken(subject: "Mars weather", detail: "truncated"),
            .fileUnreadable(path: "/tmp/x.json", reason: "no such file"),
            .fileNotLaunches(path: "/tmp/x.json", reason: "it is empty"),
        ]
        for failure in failures {
            #expect(failure.commandError == CommandError(failure.description, exitCode: .failure))
        }
        #expect(ServiceFailure.fileUnreadable(path: "/tmp/x.json", reason: "no such file").commandError.message == "cannot read /tmp/x.json: no such file")
    }

    @Test func theRootReportsAThrownFailureThroughTheSameMapping() async {
        let streams = OutputStreams.memory()
        let code = SpaceDash.report(ServiceFailure.noLiveData(subject: "Mars weather", reason: Notice(.liveEmpty, "the feed is empty")),
                                    streams: streams)
        #expect(code == .unavailable)
        #expect(streams.stderr.text == "spacedash: no live Mars weather (--strict): the feed is empty\n")
    }
}
