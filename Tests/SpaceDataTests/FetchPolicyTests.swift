import Testing
import SpaceData

@Suite struct FetchPolicyTests {
    @Test func onlyTheStandardPolicyAnswersFromAFreshCache() {
        #expect(FetchPolicy.standard.answersFromFreshCache)
        #expect(FetchPolicy(offline: true).answersFromFreshCache)
        #expect(!FetchPolicy(refresh: true).answersFromFreshCache)
        #expect(!FetchPolicy(strict: true).answersFromFreshCache, "--strict promises live data")
    }
}
