@testable import HTTP
import Testing

@Suite struct HTTPHeadersTests {
    @Test func looksUpNamesWithoutRegardToCase() {
        let headers: HTTPHeaders = ["Content-Type": "application/json", "X-RateLimit-Remaining": "14"]
        #expect(headers["content-type"] == "application/json")
        #expect(headers["CONTENT-TYPE"] == "application/json")
        #expect(headers["x-ratelimit-remaining"] == "14")
        #expect(headers["Content-Length"] == nil)
        #expect(headers.contains("CONTENT-type"))
    }

    @Test func keepsOrderAndRepeatedNames() {
        var headers = HTTPHeaders()
        headers.add(name: "Link", value: "<a>")
        headers.add(name: "Date", value: "today")
        headers.add(name: "link", value: "<b>")
        #expect(headers.fields.map(\.name) == ["Link", "Date", "link"])
        #expect(headers["LINK"] == "<a>")
        #expect(headers.values(for: "Link") == ["<a>", "<b>"])
        #expect(headers.count == 3)
    }

    @Test func settingReplacesEveryFieldOfTheNameInPlace() {
        var headers = HTTPHeaders([("Accept", "a"), ("X", "1"), ("accept", "b")])
        headers["ACCEPT"] = "c"
        #expect(headers.fields == [.init(name: "Accept", value: "c"), .init(name: "X", value: "1")])
        headers["accept"] = nil
        #expect(headers.fields == [.init(name: "X", value: "1")])
        headers["New"] = "n"
        #expect(headers.fields.last == .init(name: "New", value: "n"))
    }

    @Test func mergingLetsTheOtherSideWin() {
        let base: HTTPHeaders = ["User-Agent": "a", "Accept": "x"]
        let merged = base.merging(["user-agent": "b"])
        #expect(merged["User-Agent"] == "b")
        #expect(merged.values(for: "user-agent") == ["b"])
        #expect(merged["Accept"] == "x")
    }

    @Test func descriptionHidesCredentials() {
        let headers: HTTPHeaders = ["Authorization": "Token abc123", "Accept": "application/json", "Cookie": "session=zzz"]
        #expect(headers.description == "Authorization: ***\nAccept: application/json\nCookie: ***")
    }

    @Test func readsRawHeaderLinesAsLibcurlHandsThemOver() {
        #expect(HTTPHeaders.parseLine(Array("HTTP/1.1 429 Too Many Requests\r\n".utf8)) == .statusLine(code: 429))
        #expect(HTTPHeaders.parseLine(Array("HTTP/2 200\r\n".utf8)) == .statusLine(code: 200))
        #expect(HTTPHeaders.parseLine(Array(" Retry-After :  120 \r\n".utf8)) == .field(name: "Retry-After", value: "120"))
        #expect(HTTPHeaders.parseLine(Array("Location: http://h:8/x?a=b\r\n".utf8)) == .field(name: "Location", value: "http://h:8/x?a=b"))
        #expect(HTTPHeaders.parseLine(Array("\r\n".utf8)) == .ignored)
        #expect(HTTPHeaders.parseLine(Array("no colon here\r\n".utf8)) == .ignored)
    }

    @Test func invalidUTF8InAHeaderIsReplacedNotTrusted() {
        #expect(HTTPHeaders.parseLine([0x58, 0x3A, 0x20, 0xFF, 0xC3]) == .field(name: "X", value: "\u{FFFD}\u{FFFD}"))
    }
}
