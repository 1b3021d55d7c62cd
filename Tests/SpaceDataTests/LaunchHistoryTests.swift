import Foundation
import Testing
import TestSupport
@testable import SpaceData

@Suite struct LaunchHistoryTests {
    static let history = LaunchHistory.launches
    static let engine = SearchEngine(launches: history)

    static func date(_ text: String) -> Date? { LaunchLibraryDate.date(from: text) }

    static func found(_ text: String, after: String? = nil, before: String? = nil) -> [Launch] {
        let query = SearchQuery(text, after: after.flatMap(date), before: before.flatMap(date))
        return engine.search(query).map { history[$0] }
    }

    @Test func itHoldsEveryOrbitalLaunchFromSputnikTo24July2023NewestFirst() throws {
        #expect(Self.history.count == 6_471)
        let last = try #require(Self.history.first)
        #expect(last.id == "gcat:2023-105")
        #expect(last.net == Self.date("2023-07-24T00:50:30Z"))
        #expect(last.rocketName == "Falcon 9")
        let first = try #require(Self.history.last)
        #expect(first.id == "gcat:1957 ALP")
        let nets = Self.history.compactMap(\.net)
        #expect(nets.count == Self.history.count)
        #expect(nets == nets.sorted(by: >))
        #expect(Set(Self.history.map(\.id)).count == Self.history.count, "one entry per launch tag")
    }

    @Test func sputnikIsFoundByNameAgencyAndLocation() throws {
        let sputnik = try #require(Self.history.last)
        #expect(sputnik.net == Self.date("1957-10-04T19:28:34Z"))
        #expect(sputnik.netPrecision == "Second")
        #expect(sputnik.rocketName == "Sputnik 8K71PS")
        #expect(sputnik.padName == "LC1")
        #expect(sputnik.locationName == "NIIP-5, Baykonur, Kazakstan, USSR")
        #expect(sputnik.statusAbbreviation == "Success")
        #expect(Self.found("sputnik", before: "1957-10-05T00:00:00Z").map(\.id) == ["gcat:1957 ALP"])
        #expect(Self.found("location:baykonur agency:\"armed forces\"", before: "1958-01-01T00:00:00Z").map(\.id) == ["gcat:1957 BET", "gcat:1957 ALP"])
    }

    @Test func gagarinsVostokIsFoundOn12April1961() throws {
        let vostok = try #require(Self.found("vostok location:baykonur", after: "1961-04-12T00:00:00Z", before: "1961-04-13T00:00:00Z").first)
        #expect(vostok.id == "gcat:1961 MU")
        #expect(vostok.net == Self.date("1961-04-12T06:07:00Z"))
        #expect(vostok.agencyName == "Strategic Rocket Forces")
        #expect(Self.found("agency:\"strategic rocket forces\" vostok").contains(vostok))
    }

    @Test func apollo11IsFoundOn16July1969FromKennedyLC39A() throws {
        let apollo = try #require(Self.found("\"apollo 11\"").first)
        #expect(apollo.net == Self.date("1969-07-16T13:32:00Z"))
        #expect(apollo.rocketName == "Saturn V")
        #expect(apollo.padName == "LC39A")
        #expect(apollo.locationName?.contains("Kennedy Space Center") == true)
        #expect(apollo.agencyName == "NASA Marshall Space Flight Center")
        #expect(Self.found("agency:nasa location:kennedy \"saturn v\"", after: "1969-07-01T00:00:00Z", before: "1969-08-01T00:00:00Z").map(\.id) == [apollo.id])
    }

    @Test func theLastLaunchOfTheLogIsFoundByAgencyAndDate() {
        #expect(Self.found("agency:spacex location:canaveral", after: "2023-07-24T00:00:00Z").map(\.id) == ["gcat:2023-105"])
        #expect(Self.found("", after: "2023-07-25T00:00:00Z").isEmpty)
    }

    @Test func failuresAreMarkedAsFailures() throws {
        let vanguard = try #require(Self.history.first { $0.id == "gcat:1957-F01" })
        #expect(vanguard.statusName == "Launch Failure")
        #expect(vanguard.statusAbbreviation == "Failure")
        #expect(vanguard.net == Self.date("1957-12-06T16:44:35Z"))
        // Discoverer 1 failed to reach a useful orbit but kept its COSPAR tag.
        let discoverer = try #require(Self.history.first { $0.id == "gcat:1959 BET" })
        #expect(discoverer.statusAbbreviation == "Failure")
        #expect(Self.history.filter { $0.id.contains("-F") }.allSatisfy { $0.statusAbbreviation == "Failure" }, "GCAT tags most failures -Fnn")
        #expect(Self.found("status:failure").count == Self.history.filter { $0.statusAbbreviation == "Failure" }.count)
    }

    @Test func datesKeepGCATsPrecision() throws {
        // "1958 Feb  5 0733": to the minute; "2021 Jul 27?": a day GCAT marks uncertain.
        let minute = try #require(Self.history.first { $0.id == "gcat:1958-F01" })
        #expect(minute.netPrecision == "Minute")
        #expect(minute.net == Self.date("1958-02-05T07:33:00Z"))
        let uncertain = try #require(Self.history.first { $0.id == "gcat:2021-U01" })
        #expect(uncertain.netPrecision == "Month")
        #expect(uncertain.net == Self.date("2021-07-27T00:00:00Z"))
    }

    /// Counts by decade equal GCAT's log grouped by launch tag.
    @Test(.enabled(if: ProjectPaths.sharedData != nil, "../shared/data is absent"))
    func countsByDecadeMatchTheLogGroupedByLaunchTag() throws {
        let log = try String(contentsOf: try #require(ProjectPaths.sharedData).appendingPathComponent("launches/gcat-launchlog.tsv"), encoding: .utf8)
        var decadeOfTag: [String: Int] = [:]
        for line in log.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            let tag = fields[0].trimmingCharacters(in: .whitespaces)
            decadeOfTag[tag] = Int(fields[1].prefix(4))! / 10 * 10
        }
        var expected: [Int: Int] = [:]
        for decade in decadeOfTag.values { expected[decade, default: 0] += 1 }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var counted: [Int: Int] = [:]
        for launch in Self.history {
            counted[calendar.component(.year, from: try #require(launch.net)) / 10 * 10, default: 0] += 1
        }
        #expect(counted == expected)
        #expect(expected.values.reduce(0, +) == 6_471)
    }

    @Test func aBrokenLineIsATypedErrorNamingIt() {
        #expect(throws: LaunchHistoryError.malformedLine(2)) { try LaunchHistory.parse("# header\nL\tno\n") }
        #expect(throws: LaunchHistoryError.malformedLine(1)) { try LaunchHistory.parse("L\t1957 ALP\t1957-10-04\t0\t0\tLC1\t0\tS\tPS-1\n") }
    }
}
