import Foundation
import Testing
import SpaceData
@testable import SpaceDashCLI

@Suite struct LaunchLineTemplateTests {
    static let utc = TimeZone(identifier: "UTC")!
    static let noon = LaunchDateText(timeZone: utc, now: LaunchCaptures.july20Noon)

    static func julyList() throws -> [Launch] {
        try LaunchCaptures.details(LaunchCaptures.july2026List).map(\.launch)
    }

    /// Issue 27, item 1: the status bar read "NET 2026-10" for Q4 2026.
    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func aNETKnownToASpanReadsAsTheSpan() throws {
        let launches = try LaunchCaptures.coarseDatesJuly2026Details().map(\.launch)
        let template = try LaunchLineTemplate("{countdown} / {net}")
        func line(_ name: String) throws -> String {
            template.render(try #require(launches.first { $0.name == name }), dates: Self.noon)
        }
        #expect(try line("Long March 3B/E | Unknown Payload") == "NET Q4 2026 / Q4 2026")
        #expect(try line("Kinetica 1 | Unknown Payload") == "NET H2 2026 / H2 2026")
        #expect(try line("Starship | Flight 13") == "NET 2027 / 2027")
        #expect(try line("Long March 7A | Unknown Payload") == "NET FY2027 / FY2027")
    }

    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func theStandardLineOfTheIssueFromTheListingOf20July2026() throws {
        let starlink = try Self.julyList()[0]
        #expect(LaunchLineTemplate.standard(unicode: true).render(starlink, dates: Self.noon)
                == "Falcon 9 Block 5 | Starlink Group 17-39 · T-2h 49m · Vandenberg SFB, CA, USA")
        #expect(LaunchLineTemplate.standard(unicode: false).render(starlink, dates: Self.noon, missing: "-")
                == "Falcon 9 Block 5 | Starlink Group 17-39 - T-2h 49m - Vandenberg SFB, CA, USA")
    }

    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func theDetailedRecordGivesTheSameLine() throws {
        let starlink = try LaunchCaptures.details(LaunchCaptures.july2026Detailed)[0].launch
        #expect(LaunchLineTemplate.standard(unicode: true).render(starlink, dates: Self.noon)
                == "Falcon 9 Block 5 | Starlink Group 17-39 · T-2h 49m · Vandenberg SFB, CA, USA")
    }

    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func everyPlaceholder() throws {
        let mrv = try LaunchCaptures.details(LaunchCaptures.july2026Detailed)[1].launch
        let template = try LaunchLineTemplate("{rocket}/{mission}/{provider}/{location}/{pad}/{net}/{countdown}/{status}/{type}/{orbit}/{id}/{name}")
        #expect(template.render(mrv, dates: Self.noon) == [
            "Falcon 9 Block 5", "MRV-1", "SpaceX", "Cape Canaveral SFS, FL, USA", "Space Launch Complex 40",
            "2026-07-21 21:15 UTC", "T-1d 9h", "Go", "Mission Extension", "GTO", "0f6780cf-edae-4d7c-99d6-ce7de784d140",
            "Falcon 9 Block 5 | MRV-1",
        ].joined(separator: "/"))
    }

    /// Issue 30: `{live}` is LIVE while the launch's webcast is live (Starlink Group 17-39's, as
    /// listed at 14:38), and nothing otherwise: no missing mark.
    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func livePlaceholderMarksALiveWebcastAndIsEmptyOtherwise() throws {
        let details = try LaunchCaptures.details(LaunchCaptures.july2026Detailed)
        let template = try LaunchLineTemplate("{mission}{live}")
        #expect(template.render(details[0].launch, dates: Self.noon) == "Starlink Group 17-39LIVE")
        #expect(template.render(details[1].launch, dates: Self.noon) == "MRV-1")
    }

    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func aValueTheRecordLacksIsTheMissingMark() throws {
        // 2.2.0 list mode carries no orbit.
        let starlink = try Self.julyList()[0]
        #expect(try LaunchLineTemplate("{mission} → {orbit}").render(starlink, dates: Self.noon) == "Starlink Group 17-39 → —")
    }

    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func theCountdownAfterLiftOffAndWithinTheMinute() throws {
        let starlink = try Self.julyList()[0]  // NET 14:49:32 UTC
        func countdown(at time: String) -> String? {
            LaunchLineTemplate.countdown(to: starlink, dates: LaunchDateText(timeZone: Self.utc, now: LaunchLibraryDate.date(from: time)!))
        }
        #expect(countdown(at: "2026-07-20T14:49:00Z") == "T-0")
        #expect(countdown(at: "2026-07-20T15:00:00Z") == "T+10m")
        #expect(countdown(at: "2026-07-17T11:00:00Z") == "T-3d 3h")
    }

    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func aLaunchKnownOnlyToTheMonthShowsItsMonth() throws {
        let ceres = try LaunchCaptures.details(LaunchCaptures.october2024Normal)[6].launch
        #expect(ceres.name == "Ceres-1 | Unknown Payload")
        let dates = LaunchDateText(timeZone: Self.utc, now: LaunchLibraryDate.date(from: "2024-10-01T00:00:00Z")!)
        #expect(LaunchLineTemplate.standard(unicode: true).render(ceres, dates: dates)
                == "Ceres-1 | Unknown Payload · NET 2024-10 · Jiuquan Satellite Launch Center, People's Republic of China")
    }

    @Test func bracesDoubledAreLiteral() throws {
        let launch = Launch(id: "x", name: "N")
        #expect(try LaunchLineTemplate("{{{name}}} }}").render(launch, dates: Self.noon) == "{N} }")
    }

    @Test func anUnknownPlaceholderIsAUsageErrorNamingTheKnownOnes() {
        #expect {
            try LaunchLineTemplate("{rocke} T-{countdown}")
        } throws: { error in
            let description = (error as? UsageError)?.description ?? ""
            return description.hasPrefix("unknown placeholder {rocke} in --format; did you mean '{rocket}'?")
                && ["{name}", "{rocket}", "{mission}", "{provider}", "{location}", "{net}", "{countdown}", "{status}"].allSatisfy(description.contains)
        }
    }

    @Test(arguments: ["{name", "name}", "{name} {"])
    func aBraceAloneIsAUsageError(_ template: String) {
        #expect(throws: UsageError.self) { try LaunchLineTemplate(template) }
    }

    @Test(arguments: ["", "   "])
    func anEmptyTemplateIsAUsageError(_ template: String) {
        // `launches next --format ''` printed an empty line and exited 0: a blank status bar.
        #expect(throws: UsageError("--format needs a template with a placeholder", hint: "--format '{name} {countdown}'")) {
            try LaunchLineTemplate(template)
        }
    }

    @Test func controlCharactersFromTheDataNeverReachTheLine() throws {
        let launch = Launch(id: "x", name: "Rocket\u{1B}[2J | Mission\nsecond line")
        let line = try LaunchLineTemplate("{name}").render(launch, dates: Self.noon)
        #expect(!line.contains("\u{1B}") && !line.contains("\n"))
    }
}
