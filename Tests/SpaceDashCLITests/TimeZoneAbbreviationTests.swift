import Foundation
import Testing
@testable import SpaceDashCLI

/// Zones named as `date` names them, from the time-zone database (Debian's tzdata,
/// which `make test` installs): EDT, not GMT-4.
@Suite struct TimeZoneAbbreviationTests {
    static let july = Date(timeIntervalSince1970: 1_784_558_972)  // 2026-07-20 14:49:32 UTC
    static let january = Date(timeIntervalSince1970: 1_768_920_000)  // 2026-01-20 14:40 UTC

    static func abbreviation(_ zone: String, _ date: Date) -> String? {
        TimeZoneAbbreviation.abbreviation(of: TimeZone(identifier: zone)!, at: date)
    }

    @Test func summerAndWinterNamesFromTheDatabase() {
        #expect(Self.abbreviation("America/New_York", Self.july) == "EDT")
        #expect(Self.abbreviation("America/New_York", Self.january) == "EST")
        #expect(Self.abbreviation("Europe/Paris", Self.july) == "CEST")
        #expect(Self.abbreviation("Asia/Kolkata", Self.july) == "IST")
        #expect(Self.abbreviation("Australia/Sydney", Self.july) == "AEST")
    }

    @Test func aZoneTheDatabaseNamesByNumberKeepsFoundationsName() {
        // tzdata writes "-03" for São Paulo: a number, no better than GMT-3.
        #expect(Self.abbreviation("America/Sao_Paulo", Self.july) == nil)
    }

    @Test func theShowCommandsDatesUseThem() {
        let dates = LaunchDateText(timeZone: TimeZone(identifier: "America/New_York")!, now: Self.july)
        #expect(dates.time(Self.july).hasSuffix(" EDT"), "\(dates.time(Self.july))")
    }

    @Test func brokenOrForeignFilesGiveNothing() {
        #expect(TimeZoneAbbreviation.localTimeTypes(inTZif: []).isEmpty)
        #expect(TimeZoneAbbreviation.localTimeTypes(inTZif: Array("TZif2".utf8)).isEmpty)
        #expect(TimeZoneAbbreviation.localTimeTypes(ofZoneNamed: "../../etc/passwd").isEmpty)
        #expect(TimeZoneAbbreviation.localTimeTypes(ofZoneNamed: "/etc/passwd").isEmpty)
        // A real file cut anywhere never traps.
        if let data = FileManager.default.contents(atPath: "/usr/share/zoneinfo/Europe/Paris") {
            let bytes = [UInt8](data)
            for length in stride(from: 0, to: bytes.count, by: 7) {
                _ = TimeZoneAbbreviation.localTimeTypes(inTZif: Array(bytes.prefix(length)))
            }
        }
    }
}
