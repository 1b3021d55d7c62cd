import Testing
@testable import SpaceData

@Suite struct LaunchLibraryErrorTests {
    @Test func readsTheSecondsOfDRFsThrottleDetail() {
        #expect(LaunchLibraryError.throttleSeconds(in: "Request was throttled. Expected available in 1234 seconds.") == 1234)
        #expect(LaunchLibraryError.throttleSeconds(in: "Request was throttled. Expected available in 1 second.") == 1)
        #expect(LaunchLibraryError.throttleSeconds(in: "Request was throttled.") == nil)
        #expect(LaunchLibraryError.throttleSeconds(in: "Expected available in soon seconds.") == nil)
    }

    @Test func aThrottleDetailBecomesThrottled() {
        #expect(LaunchLibraryError.fromDetail("Request was throttled. Expected available in 720 seconds.") == .throttled(retryAfter: 720))
        #expect(LaunchLibraryError.fromDetail("Slow down", status: 429) == .throttled(retryAfter: nil))
        #expect(LaunchLibraryError.fromDetail("Not found.", status: 404) == .api(detail: "Not found.", status: 404))
    }

    /// Review P3 30: one `Retry-After: 1234` gives one answer for every service
    /// (`RetryAfter.phrase`; InSight's side is in InSightDecoderTests).
    @Test func aWaitOf1234SecondsIsRoundedUpTo21Minutes() {
        #expect(LaunchLibraryError.throttled(retryAfter: 1234).description.hasSuffix("; retry in 21 min"))
    }

    @Test func messagesSayWhatHappenedAndWhenToRetry() {
        #expect(LaunchLibraryError.throttled(retryAfter: 720).description
            == "Launch Library's limit of 15 requests an hour was reached; retry in 12 min")
        #expect(LaunchLibraryError.throttled(retryAfter: nil).description
            == "Launch Library's limit of 15 requests an hour was reached; retry later")
        #expect(LaunchLibraryError.api(detail: "Not found.", status: 404).description == "Launch Library answered HTTP 404: Not found.")
        #expect(LaunchLibraryError.notJSON(prefix: "<html>").description.contains("not JSON (it starts with \"<html>\")"))
        #expect(LaunchLibraryError.notJSON(prefix: "").description.contains("empty"))
    }
}
