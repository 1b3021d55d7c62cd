import Foundation
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

    /// `spacedash --json > dash.json; spacedash launches --file dash.json`: the error says
    /// what the file is and what to give instead.
    @Test func theDashboardsOwnJSONGivenToFileSaysWhatToGiveInstead() async throws {
        let environment = ["SPACEDASH_CACHE_DIR": "/nonexistent/spacedash-test", "SPACEDASH_NOW": "2026-07-20T14:38:00Z"]
        let dashboard = OutputStreams.memory()
        #expect(await SpaceDash.run(arguments: ["--json", "--offline"], environment: environment, streams: dashboard) == 0)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("spacedash-dash-\(UUID().uuidString).json")
        try Data(dashboard.stdout.text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let streams = OutputStreams.memory()
        let code = await SpaceDash.run(arguments: ["launches", "--file", file.path], environment: environment, streams: streams)
        #expect(code == 1)
        #expect(streams.stdout.text == "")
        #expect(streams.stderr.text == "spacedash: \(file.path): this is spacedash's dashboard JSON; give `spacedash launches --json` output or a Launch Library response\n")
    }

    @Test func theRootReportsAThrownFailureThroughTheSameMapping() async {
        let streams = OutputStreams.memory()
        let code = SpaceDash.report(ServiceFailure.noLiveData(subject: "Mars weather", reason: Notice(.liveEmpty, "the feed is empty")),
                                    streams: streams)
        #expect(code == .unavailable)
        #expect(streams.stderr.text == "spacedash: no live Mars weather (--strict): the feed is empty\n")
    }
}
