import Foundation
import HTTP
import Testing

@Suite struct RetryAfterTests {
    let now = Date(timeIntervalSince1970: 1_445_412_400) // Wed, 21 Oct 2015 07:26:40 GMT

    @Test func waitsAreSaidRoundedUp() {
        #expect(RetryAfter.phrase(seconds: 0) == "now")
        #expect(RetryAfter.phrase(seconds: 0.2) == "in 1 s")
        #expect(RetryAfter.phrase(seconds: 59) == "in 59 s")
        #expect(RetryAfter.phrase(seconds: 61) == "in 2 min")
        #expect(RetryAfter.phrase(seconds: 1234) == "in 21 min", "20 min 34 s: retrying after 20 min would be refused")
        #expect(RetryAfter.phrase(seconds: 3600) == "in 1 h")
        #expect(RetryAfter.phrase(seconds: 3601) == "in 1 h 1 min")
        #expect(RetryAfter.phrase(seconds: -5) == "now")
        #expect(RetryAfter.phrase(seconds: .nan) == "now")
        #expect(RetryAfter.phrase(seconds: 1e300).hasPrefix("in "), "a server's absurd wait is said, never a trap")
    }

    @Test func readsSeconds() {
        #expect(RetryAfter.seconds(from: "120") == 120)
        #expect(RetryAfter.seconds(from: " 0 ") == 0)
    }

    @Test(arguments: [
        "Wed, 21 Oct 2015 07:28:00 GMT",  // IMF-fixdate
        "Wednesday, 21-Oct-15 07:28:00 GMT", // RFC 850
        "Wed Oct 21 07:28:00 2015",       // asctime
    ])
    func readsHTTPDates(_ value: String) {
        #expect(RetryAfter.seconds(from: value, now: now) == 80)
    }

    @Test func measuresDatesFromTheServersDate() {
        // The local clock is an hour off; the server's Date header is not.
        let skewed = now.addingTimeInterval(3_600)
        #expect(RetryAfter.seconds(from: "Wed, 21 Oct 2015 07:28:00 GMT", serverDate: "Wed, 21 Oct 2015 07:27:00 GMT", now: skewed) == 60)
    }

    @Test func aPastDateMeansNow() {
        #expect(RetryAfter.seconds(from: "Wed, 21 Oct 2015 07:00:00 GMT", now: now) == 0)
    }

    @Test(arguments: ["", "soon", "-5", "1.5", "Wed, 32 Oct 2015 07:28:00 GMT"])
    func rejectsOtherValues(_ value: String) {
        #expect(RetryAfter.seconds(from: value, now: now) == nil)
    }

    @Test func responsesExposeIt() throws {
        let url = try #require(URL(string: "https://ll.thespacedevs.com/2.2.0/launch/"))
        #expect(HTTPResponse(status: 429, headers: ["retry-after": "30"], finalURL: url).retryAfter == 30)
        #expect(HTTPResponse(status: 429, finalURL: url).retryAfter == nil)
    }

    // Regression (hardening): "Retry-After: 99999999999999999999999" became
    // .greatestFiniteMagnitude, and every caller converting it to whole seconds trapped.
    @Test(arguments: ["99999999999999999999999", "9223372036854775808", "Fri, 31 Dec 9999 23:59:59 GMT"])
    func aHugeDelayIsCappedSoCallersCanCountIt(_ value: String) throws {
        let seconds = try #require(RetryAfter.seconds(from: value, now: now))
        #expect(seconds == RetryAfter.maximumSeconds)
        #expect(Int(seconds.rounded(.up)) == Int(RetryAfter.maximumSeconds))
    }
}
