import Testing
import SpaceData

@Suite struct FetchPolicyTests {
    @Test func compatibleFlagsHaveNoConflict() {
        #expect(FetchPolicy.standard.conflict == nil)
        #expect(FetchPolicy(refresh: true, strict: true).conflict == nil)
        #expect(FetchPolicy(offline: true).conflict == nil)
    }

    @Test func onlyTheStandardPolicyAnswersFromAFreshCache() {
        #expect(FetchPolicy.standard.answersFromFreshCache)
        #expect(FetchPolicy(offline: true).answersFromFreshCache)
        #expect(!FetchPolicy(refresh: true).answersFromFreshCache)
        #expect(!FetchPolicy(strict: true).answersFromFreshCache, "--strict promises live data")
    }

    @Test func offlineContradictsRefreshAndStrict() {
        #expect(FetchPolicy(offline: true, refresh: true).conflict?.contains("--offline and --refresh") == true)
        #expect(FetchPolicy(offline: true, strict: true).conflict?.contains("--offline and --strict") == true)
    }
}
