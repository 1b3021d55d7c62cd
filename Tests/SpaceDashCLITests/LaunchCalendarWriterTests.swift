import Foundation
import Testing
import SpaceData
@testable import SpaceDashCLI

@Suite struct LaunchCalendarWriterTests {
    static let stamp = LaunchLibraryDate.date(from: "2026-07-20T12:00:00Z")!
    static let writer = LaunchCalendarWriter(stamp: stamp, version: "0.2.0")

    static func parsed(_ details: [LaunchDetail], writer: LaunchCalendarWriter = writer) throws -> StrictCalendarParser.Component {
        try StrictCalendarParser.parse(Data(writer.calendar(details).text.utf8))
    }

    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func theTenLaunchesOf20July2026AreTenValidEvents() throws {
        let details = try LaunchCaptures.details(LaunchCaptures.july2026Detailed)
        let calendar = try Self.parsed(details)
        #expect(calendar.first("PRODID")?.raw == "-//spacedash//spacedash 0.2.0//EN")
        #expect(calendar.components.count == 10)
        #expect(calendar.components.allSatisfy { $0.name == "VEVENT" })
        #expect(Set(calendar.components.compactMap { $0.first("UID")?.raw }).count == 10, "one UID a launch")
    }

    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func aLaunchWithAWindowSpansIt() throws {
        let starlink = try #require(try Self.parsed(LaunchCaptures.details(LaunchCaptures.july2026Detailed)).components.first)
        #expect(starlink.first("UID")?.raw == "e1079d3a-c0a6-4b42-bc1d-92e48a5a78fc@launches.spacedash")
        #expect(starlink.first("DTSTAMP")?.raw == "20260720T120000Z")
        #expect(starlink.first("DTSTART")?.raw == "20260720T140000Z")
        #expect(starlink.first("DTEND")?.raw == "20260720T180000Z")
        #expect(try starlink.text("SUMMARY") == "Falcon 9 Block 5 | Starlink Group 17-39")
        #expect(try starlink.text("LOCATION") == "Space Launch Complex 4E, Vandenberg SFB, CA, USA")
        #expect(starlink.first("GEO")?.raw == "34.632;-120.611")
        #expect(starlink.first("URL")?.raw == "https://www.spacex.com/launches/sl-17-39")
        #expect(starlink.first("STATUS")?.raw == "CONFIRMED")
        #expect(starlink.first("LAST-MODIFIED")?.raw == "20260720T141943Z")
        let description = try #require(try starlink.text("DESCRIPTION"))
        #expect(description.hasPrefix("Mission: Starlink Group 17-39, Communications, Low Earth Orbit\nA batch of 24 satellites"))
        #expect(description.contains("\nNET: 2026-07-20T14:49:32Z (to the second)\n"))
        #expect(description.contains("\nWebcast: https://x.com/i/broadcasts/1qGoNNQZvEMKv\n"))
        #expect(description.hasSuffix("\nLaunch Library: https://ll.thespacedevs.com/2.2.0/launch/e1079d3a-c0a6-4b42-bc1d-92e48a5a78fc/"))
    }

    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func aLaunchToBeConfirmedIsTentative() throws {
        let events = try Self.parsed(LaunchCaptures.details(LaunchCaptures.july2026Detailed)).components
        let nrol = try #require(events.first { (try? $0.text("SUMMARY")) == "Falcon 9 Block 5 | NROL-95" })
        #expect(nrol.first("STATUS")?.raw == "TENTATIVE")
    }

    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func aLaunchKnownToTheMonthIsATentativeAllDayEventOnItsFirstDay() throws {
        let events = try Self.parsed(LaunchCaptures.details(LaunchCaptures.october2024Normal)).components
        // Ceres-1: NET 2024-10-31T00:00:00Z, precision Month.
        let ceres = try #require(events.first { $0.first("UID")?.raw == "2de44368-01af-448f-b0fb-d7aacdd86c0e@launches.spacedash" })
        #expect(ceres.first("DTSTART") == StrictCalendarParser.Property(name: "DTSTART", parameters: ["VALUE": "DATE"], raw: "20241001", line: ceres.first("DTSTART")!.line))
        #expect(ceres.first("DTEND")?.raw == "20241002")
        #expect(ceres.first("DTEND")?.parameters == ["VALUE": "DATE"])
        #expect(ceres.first("STATUS")?.raw == "TENTATIVE")
    }

    /// Apollo 11 from the bundled history (GCAT): it flew, so it is no tentative
    /// plan, and it has no Launch Library record to link to; GCAT is credited.
    @Test func aLaunchOfTheHistoryIsConfirmedAndCreditsGCAT() throws {
        let apollo = try #require(LaunchHistory.launches.first { $0.id == "gcat:1969-059" })
        let event = try #require(try Self.parsed([LaunchDetail(launch: apollo)]).components.first)
        #expect(event.first("STATUS")?.raw == "CONFIRMED")
        #expect(event.first("URL") == nil)
        #expect(event.first("DTSTART")?.raw == "19690716T133200Z")
        let description = try #require(try event.text("DESCRIPTION"))
        #expect(description.hasSuffix("\n\(LaunchHistory.credit)"), "\(description)")
        #expect(!description.contains("Launch Library"))
    }

    /// GCAT knows some launches only to the day or the month: all-day events, and
    /// still confirmed, as they flew; the DESCRIPTION gives the date at its precision.
    /// Issue 30: "Payload Deployed" (2.3.0's status 9) is a flight that went well:
    /// confirmed; a status spacedash does not know stays tentative and is written as named.
    @Test func aPayloadDeployedLaunchIsConfirmedAndAnUnknownStatusIsAsNamed() throws {
        let net = LaunchLibraryDate.date(from: "2026-07-20T14:49:32Z")
        let deployed = Launch(id: "e1079d3a-c0a6-4b42-bc1d-92e48a5a78fc", name: "Falcon 9 Block 5 | Starlink Group 17-39", net: net,
                              netPrecision: "Second", statusName: "Payload Deployed", statusAbbreviation: "Deployed")
        let unknown = Launch(id: "0f6780cf-edae-4d7c-99d6-ce7de784d140", name: "Falcon 9 Block 5 | MRV-1", net: net,
                             netPrecision: "Second", statusName: "Scrubbed For Now", statusAbbreviation: "Scrub")
        let events = try Self.parsed([LaunchDetail(launch: deployed), LaunchDetail(launch: unknown)]).components
        #expect(events.count == 2, "no launch is dropped")
        #expect(events.first?.first("STATUS")?.raw == "CONFIRMED")
        #expect(events.last?.first("STATUS")?.raw == "TENTATIVE")
        #expect(try events.last?.text("DESCRIPTION")?.contains("Status: Scrubbed For Now") == true)
    }

    @Test func aFlownLaunchKnownOnlyToTheDayOrMonthIsConfirmed() throws {
        for (precision, pattern) in [("Day", "yyyy-MM-dd"), ("Month", "yyyy-MM")] {
            let launch = try #require(LaunchHistory.launches.first { $0.netPrecision == precision }, "GCAT has a launch known to the \(precision)")
            let event = try #require(try Self.parsed([LaunchDetail(launch: launch)]).components.first)
            #expect(event.first("STATUS")?.raw == "CONFIRMED", "\(launch.id)")
            #expect(event.first("DTSTART")?.parameters == ["VALUE": "DATE"])
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = pattern
            let day = formatter.string(from: try #require(launch.net))
            let description = try #require(try event.text("DESCRIPTION"))
            #expect(description.contains("\nNET: \(day) (to the \(precision.lowercased()))\n"), "\(description)")
        }
    }

    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func aWindowOfNoLengthIsAnInstant() throws {
        let events = try Self.parsed(LaunchCaptures.details(LaunchCaptures.october2024Normal)).components
        // Hera: window 2024-10-07T14:52:00Z to the same minute.
        let hera = try #require(events.first { (try? $0.text("SUMMARY")) == "Falcon 9 Block 5 | Hera" })
        #expect(hera.first("DTSTART")?.raw == "20241007T145200Z")
        #expect(hera.first("DTEND") == nil)
    }

    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func theUIDsStayTheSameAcrossRunsSoAReimportUpdates() throws {
        let details = try LaunchCaptures.details(LaunchCaptures.july2026List)
        let later = LaunchCalendarWriter(stamp: Self.stamp.addingTimeInterval(3600), version: "0.2.0")
        let first = try Self.parsed(details).components.compactMap { $0.first("UID")?.raw }
        let second = try Self.parsed(details, writer: later).components.compactMap { $0.first("UID")?.raw }
        #expect(first == second)
        #expect(first.count == 10)
    }

    @Test func gcatTagsMakeUIDsWithoutSpaces() {
        #expect(LaunchCalendarWriter.uid(of: "gcat:1962 B OME") == "gcat:1962-B-OME@launches.spacedash")
    }

    @Test func aLaunchWithoutADateIsLeftOutAndCounted() throws {
        let (text, undated) = Self.writer.calendar([LaunchDetail(launch: Launch(id: "a", name: "A"))])
        #expect(undated == 1)
        #expect(!text.contains("BEGIN:VEVENT"))
    }

    /// Issue 27, item 1: a launch known only to a quarter, half, year or fiscal
    /// year has no day to put in a calendar (the new user's got a one-day event on
    /// 1 January); it is left out and counted with the undated.
    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func aLaunchKnownOnlyToASpanIsLeftOutAndCounted() throws {
        let details = try LaunchCaptures.coarseDatesJuly2026Details()
        let (text, undated) = Self.writer.calendar(details)
        #expect(undated == 4)
        let summaries = try StrictCalendarParser.parse(Data(text.utf8)).components.compactMap { try? $0.text("SUMMARY") }
        #expect(summaries.count == 6)
        for name in ["Long March 3B/E | Unknown Payload", "Kinetica 1 | Unknown Payload", "Starship | Flight 13", "Long March 7A | Unknown Payload"] {
            #expect(!summaries.contains(name))
        }
    }

    // MARK: - Value syntax

    @Test func textIsEscaped() {
        #expect(LaunchCalendarWriter.text("a,b;c\\d\r\ne\nf\u{7}g") == "a\\,b\\;c\\\\d\\ne\\nf g")
    }

    @Test func longLinesFoldAt75OctetsWithoutSplittingUTF8() throws {
        let line = "SUMMARY:" + String(repeating: "天舟 ", count: 40)  // three octets a character
        let folded = LaunchCalendarWriter.fold(line)
        let physical = folded.components(separatedBy: "\r\n").dropLast()
        #expect(physical.count > 1)
        #expect(physical.allSatisfy { $0.utf8.count <= 75 })
        #expect(physical.dropFirst().allSatisfy { $0.hasPrefix(" ") })
        #expect(physical.first.map { $0.utf8.count } == 74, "a 3-octet character that would pass 75 goes to the next line")
        #expect(String(physical.first!) + physical.dropFirst().map { String($0.dropFirst()) }.joined() == line)
    }

    @Test func aLongDescriptionSurvivesFoldingAndUnfolding() throws {
        let text = String(repeating: "Ceres-1 | 天舟, é; \\ ", count: 20)
        let launch = Launch(id: "a", name: text, net: Self.stamp, netPrecision: "Minute")
        let event = try #require(try Self.parsed([LaunchDetail(launch: launch)]).components.first)
        #expect(try event.text("SUMMARY") == text)
    }

    // MARK: - The parser rejects what the RFC does not allow

    static let valid = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//x//x//EN\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTAMP:20260720T120000Z\r\nDTSTART:20260720T140000Z\r\nSUMMARY:x\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"

    @Test func theParserAcceptsAMinimalCalendar() throws {
        #expect(try StrictCalendarParser.parse(Data(Self.valid.utf8)).components.count == 1)
    }

    @Test(arguments: [
        ("a bare LF", Self.valid.replacingOccurrences(of: "SUMMARY:x\r\n", with: "SUMMARY:x\n")),
        ("76 octets", Self.valid.replacingOccurrences(of: "SUMMARY:x", with: "SUMMARY:" + String(repeating: "x", count: 68))),
        ("an unescaped comma", Self.valid.replacingOccurrences(of: "SUMMARY:x", with: "SUMMARY:a,b")),
        ("an unknown escape", Self.valid.replacingOccurrences(of: "SUMMARY:x", with: "SUMMARY:a\\tb")),
        ("DTEND before DTSTART", Self.valid.replacingOccurrences(of: "SUMMARY:x", with: "DTEND:20260720T130000Z")),
        ("a DATE end of a DATE-TIME start", Self.valid.replacingOccurrences(of: "SUMMARY:x", with: "DTEND;VALUE=DATE:20260721")),
        ("no UID", Self.valid.replacingOccurrences(of: "UID:a\r\n", with: "")),
        ("two SUMMARY", Self.valid.replacingOccurrences(of: "SUMMARY:x", with: "SUMMARY:x\r\nSUMMARY:y")),
        ("a local DTSTAMP", Self.valid.replacingOccurrences(of: "DTSTAMP:20260720T120000Z", with: "DTSTAMP:20260720T120000")),
        ("a control character", Self.valid.replacingOccurrences(of: "SUMMARY:x", with: "SUMMARY:\u{1B}x")),
        ("no END", Self.valid.replacingOccurrences(of: "END:VCALENDAR\r\n", with: "")),
    ])
    func theParserRejects(_ problem: String, _ text: String) {
        #expect(throws: StrictCalendarParser.Failure.self, "\(problem)") { try StrictCalendarParser.parse(Data(text.utf8)) }
    }

    @Test func theParserRejectsAFoldInsideAUTF8Sequence() {
        var bytes = [UInt8]("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//x//x//EN\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTAMP:20260720T120000Z\r\nDTSTART:20260720T140000Z\r\nSUMMARY:".utf8)
        bytes += [0xE5, 0xA4] + Array("\r\n ".utf8) + [0xA9]  // 天 cut after two of its three octets
        bytes += Array("\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n".utf8)
        #expect(throws: StrictCalendarParser.Failure.self) { try StrictCalendarParser.parse(Data(bytes)) }
    }
}
