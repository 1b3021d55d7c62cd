import SpaceData
import Testing
@testable import SpaceDashCLI

@Suite struct FetchOptionsTests {
    private func options(_ words: [String]) throws -> FetchOptions {
        let invocation = try CommandLineParser.parse(["mars-weather"] + words, root: SpaceDash.self)
        return try FetchOptions(invocation.arguments)
    }

    @Test func theDefaultsAskTheServiceWithinFifteenSeconds() throws {
        #expect(try options([]) == FetchOptions(policy: .standard, timeout: 15, verbose: false))
    }

    @Test func eachFlagSetsItsPart() throws {
        #expect(try options(["--refresh", "--strict", "--timeout", "2.5", "-v"])
            == FetchOptions(policy: FetchPolicy(refresh: true, strict: true), timeout: 2.5, verbose: true))
        #expect(try options(["--offline"]).policy == FetchPolicy(offline: true))
    }

    @Test func offlineContradictsRefreshAndStrict() {
        #expect(throws: UsageError("--offline and --refresh contradict each other: --refresh makes a request, --offline makes none")) {
            try options(["--offline", "--refresh"])
        }
        #expect(throws: UsageError("--offline and --strict contradict each other: --strict needs live data, --offline makes no request")) {
            try options(["--offline", "--strict"])
        }
    }

    @Test func theDashboardReadsTheGroupItTakesWhole() throws {
        let invocation = try CommandLineParser.parse(["--refresh", "--timeout", "3"], root: SpaceDash.self)
        #expect(try FetchOptions(invocation.arguments) == FetchOptions(policy: FetchPolicy(refresh: true), timeout: 3))
    }
}
