import Foundation
@testable import SpaceData

/// A small launch table for the search tests, with the awkward text real
/// data has: diacritics precomposed and combining, fullwidth letters,
/// ligatures, "ß", curly quotes, and fields left empty.
enum SearchTestData {
    static let records: [SearchRecord] = [
        /* 0 */ SearchRecord(name: "Falcon 9 Block 5 | Starlink Group 10-12", agency: "SpaceX", agencyAbbreviation: "SpX", missionType: "Communications", pad: "Space Launch Complex 40", location: "Cape Canaveral SFS, FL, USA", status: "Go for Launch", statusAbbreviation: "Go", date: date("2026-01-10")),
        /* 1 */ SearchRecord(name: "Ariane 6 | Galileo L14", agency: "Arianespace", agencyAbbreviation: "ASA", missionType: "Navigation", pad: "Ensemble de Lancement Ariane 4", location: "Guiana Space Centre, Kouróu, French Guiana", status: "To Be Determined", statusAbbreviation: "TBD", date: date("2026-01-20")),
        /* 2 */ SearchRecord(name: "Electron | Kinéis 1", agency: "Rocket Lab", agencyAbbreviation: "RL", missionType: "Communications", pad: "Rocket Lab Launch Complex 1B", location: "Rocket Lab Launch Complex 1, Mahia Peninsula, New Zealand", status: "Go for Launch", statusAbbreviation: "Go", date: date("2026-02-01")),
        /* 3 */ SearchRecord(name: "Long March 2D | Gaofen-9 04", agency: "China Aerospace Science and Technology Corporation", agencyAbbreviation: "CASC", missionType: "Earth Science", pad: "Launch Area 4 (SLS-2 / 603)", location: "Jiuquan Satellite Launch Center, People's Republic of China", status: "To Be Confirmed", statusAbbreviation: "TBC", date: date("2026-02-15")),
        /* 4 */ SearchRecord(name: "Falcon Heavy | USSF-52", agency: "SpaceX", agencyAbbreviation: "SpX", missionType: "Government/Top Secret", pad: "Launch Complex 39A", location: "Kennedy Space Center, FL, USA", status: "To Be Determined", statusAbbreviation: "TBD", date: date("2026-03-01")),
        /* 5 */ SearchRecord(name: "Vulcan VC4L | Dream Chaser “Tenacity”", agency: "United Launch Alliance", agencyAbbreviation: "ULA", missionType: "Resupply", pad: "Space Launch Complex 41", location: "Cape Canaveral SFS, FL, USA", status: "Go for Launch", statusAbbreviation: "Go", date: date("2026-03-20")),
        /* 6 */ SearchRecord(name: "Spectrum | Straße nach Andøya", agency: "Isar Aerospace", agencyAbbreviation: "ISA", missionType: "Test Flight", pad: "Andøya Launch Pad", location: "Andøya Spaceport, Norway", status: "To Be Determined", statusAbbreviation: "TBD", date: date("2026-04-01")),
        /* 7 */ SearchRecord(name: "ＫＯＵＲＯＵ Ｔｅｓｔ | ﬁrst ﬂight", agency: "Agência Espacial Brasileira", agencyAbbreviation: "AEB", missionType: "Test Flight", pad: "", location: "Kourou, French Guiana", status: "", statusAbbreviation: "", date: nil),
        /* 8 */ SearchRecord(name: "Soyuz 2.1b/Fregat-M | Progress MS-29", agency: "Russian Federal Space Agency (ROSCOSMOS)", agencyAbbreviation: "RFSA", missionType: "Resupply", pad: "31/6", location: "Baikonur Cosmodrome, Republic of Kazakhstan", status: "Launch Successful", statusAbbreviation: "Success", date: date("2025-12-01")),
        /* 9 */ SearchRecord(name: "Electron | Kine\u{301}is 2", agency: "Rocket Lab", agencyAbbreviation: "RL", missionType: "Communications", pad: "Rocket Lab Launch Complex 1A", location: "Rocket Lab Launch Complex 1, Mahia Peninsula, New Zealand", status: "To Be Confirmed", statusAbbreviation: "TBC", date: date("2026-05-01")),
    ]

    static let engine = SearchEngine(records: records)

    static func date(_ day: String) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = day.split(separator: "-").map { Int($0)! }
        return calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2]))!
    }

    /// The reference answer, computed the slow and obvious way: fold whole
    /// strings with Foundation and ask `contains`.
    static func referenceSearch(_ query: SearchQuery, in records: [SearchRecord]) -> [Int] {
        func fold(_ text: String) -> String { text.folding(options: TextFolding.options, locale: nil) }
        return records.indices.filter { index in
            let record = records[index]
            if let after = query.after { guard let date = record.date, date >= after else { return false } }
            if let before = query.before { guard let date = record.date, date < before else { return false } }
            // Every clause holds when one of its terms with something to look for does.
            return query.clauses.allSatisfy { clause in
                let meaningful = clause.filter { !fold($0.text).isEmpty }
                return meaningful.isEmpty || meaningful.contains { term in
                    let found = term.fields.contains { fold(record[$0]).contains(fold(term.text)) }
                    return found != term.isExcluded
                }
            }
        }
    }
}
