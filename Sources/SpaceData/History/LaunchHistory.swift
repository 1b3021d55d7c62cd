import Foundation
import SpaceDataBundle

/// Every orbital launch attempt from Sputnik (4 October 1957) to 24 July 2023,
/// from Jonathan McDowell's GCAT launch log, compiled into the binary: the
/// last fallback and the `--offline` source of `launches --past`.
///
/// The bundled form is `Fixtures/bundled/launchHistory.tsv`, written by
/// `Fixtures/history/derive_launch_history.py` (its docstring describes the
/// format): tables of agencies, sites and vehicles, then one line per launch
/// referring to them by position. Each launch becomes a `Launch` the way Launch
/// Library would name it ("Vehicle | Payloads"), with GCAT's launch tag as its
/// id (`gcat:1957 ALP`), the date at GCAT's precision and the outcome as status.
public enum LaunchHistory {
    /// The credit GCAT asks for, shown wherever its data is.
    public static let credit = "Source: GCAT, J. McDowell, planet4589.org/space/gcat"

    /// What the history is, for notices.
    public static let summary = "the bundled history of orbital launches, 1957 to 24 July 2023 (\(credit))"

    /// The prefix of every history launch's id, before GCAT's launch tag.
    public static let idPrefix = "gcat:"

    /// The bundled history, newest first (as Launch Library lists previous
    /// launches), read once. A broken compiled-in copy, which a test rules
    /// out, would read as no launches rather than crash.
    public static let launches: [Launch] = (try? parse(BundledFixtures.launchHistory)) ?? []

    /// `launches` (Launch Library's past launches, newest first) followed by
    /// the history's launches older than the oldest of them: where the two
    /// overlap Launch Library's data wins, so no launch is listed twice.
    /// - Returns: the joined list and how many history launches were added.
    public static func extending(_ launches: [Launch]) -> (launches: [Launch], added: Int) {
        let oldest = launches.compactMap(\.net).min() ?? .distantFuture
        let older = Self.launches.drop { ($0.net ?? .distantFuture) >= oldest }
        return (launches + older, older.count)
    }

    /// Whether `launch` came from this history.
    public static func isHistory(_ launch: Launch) -> Bool {
        launch.id.hasPrefix(idPrefix)
    }

    /// The launches of a history file in the bundled format, newest first.
    public static func parse(_ text: String) throws(LaunchHistoryError) -> [Launch] {
        var text = text
        let result = text.withUTF8 { bytes in Result { () throws(LaunchHistoryError) in try parse(bytes) } }
        return try result.get()
    }

    private struct Agency { var shortName: String; var name: String }
    private struct Site { var location: String; var countryCode: String? }
    /// A launch line, read and checked: positions in the text and in the tables.
    /// Launches are made from these newest first, so the file's oldest-first
    /// order needs no reversing of the (large) `Launch` values.
    private struct LaunchLine {
        var tag: Range<Int>
        var date: Date
        var precision: String
        var vehicle: Int
        var site: Int
        var pad: Range<Int>
        var agency: Int
        var failed: Bool
        var payloads: Range<Int>
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(LaunchHistoryError) -> [Launch] {
        var agencies: [Agency] = []
        var sites: [Site] = []
        var vehicles: [String] = []
        var launchLines: [LaunchLine] = []
        launchLines.reserveCapacity(6_500)
        var fields: [Range<Int>] = []
        fields.reserveCapacity(9)
        var lineNumber = 0
        var lineStart = 0
        while lineStart < bytes.count {
            lineNumber += 1
            var lineEnd = lineStart
            while lineEnd < bytes.count && bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            defer { lineStart = lineEnd + 1 }
            guard lineEnd > lineStart, bytes[lineStart] != UInt8(ascii: "#") else { continue }
            fields.removeAll(keepingCapacity: true)
            var fieldStart = lineStart
            for index in lineStart...lineEnd where index == lineEnd || bytes[index] == UInt8(ascii: "\t") {
                fields.append(fieldStart..<index)
                fieldStart = index + 1
            }
            func text(_ field: Int) -> String {
                String(decoding: UnsafeBufferPointer(rebasing: bytes[fields[field]]), as: UTF8.self)
            }
            func index(_ field: Int, below count: Int) throws(LaunchHistoryError) -> Int {
                var value = 0
                for byte in bytes[fields[field]] {
                    guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { throw .malformedLine(lineNumber) }
                    value = value * 10 + Int(byte - UInt8(ascii: "0"))
                }
                guard value < count else { throw .malformedLine(lineNumber) }
                return value
            }
            switch (bytes[lineStart], fields.count) {
            case (UInt8(ascii: "A"), 4):
                agencies.append(Agency(shortName: text(2), name: text(3)))
            case (UInt8(ascii: "S"), 5):
                let country = text(3)
                let code = text(4)
                sites.append(Site(location: country.isEmpty ? text(2) : text(2) + ", " + country,
                                  countryCode: code.isEmpty ? nil : code))
            case (UInt8(ascii: "V"), 2):
                vehicles.append(text(1))
            case (UInt8(ascii: "L"), 9):
                guard let (date, precision) = GCATDate.parse(UnsafeBufferPointer(rebasing: bytes[fields[2]])) else {
                    throw .malformedLine(lineNumber)
                }
                launchLines.append(LaunchLine(
                    tag: fields[1], date: date, precision: precision,
                    vehicle: try index(3, below: vehicles.count), site: try index(4, below: sites.count),
                    pad: fields[5], agency: try index(6, below: agencies.count),
                    failed: bytes[fields[7].lowerBound] == UInt8(ascii: "F"), payloads: fields[8]))
            default:
                throw .malformedLine(lineNumber)
            }
        }
        func string(_ range: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }
        return launchLines.reversed().map { line in
            let vehicle = vehicles[line.vehicle]
            let site = sites[line.site]
            let agency = agencies[line.agency]
            let payloads = string(line.payloads)
            return Launch(
                id: idPrefix + string(line.tag),
                name: payloads.isEmpty ? vehicle : vehicle + " | " + payloads,
                agencyName: agency.name,
                agencyAbbreviation: agency.shortName,
                missionName: payloads.isEmpty ? nil : payloads,
                padName: line.pad.isEmpty ? nil : string(line.pad),
                locationName: site.location,
                countryCode: site.countryCode,
                net: line.date,
                netPrecision: line.precision,
                statusName: line.failed ? "Launch Failure" : "Launch Successful",
                statusAbbreviation: line.failed ? "Failure" : "Success",
                rocketName: vehicle
            )
        }
    }
}

extension Notice.Kind {
    /// Past launches were extended with the bundled history's older ones.
    public static let historyAdded = Notice.Kind(rawValue: "history-added")
}

/// Why a history file could not be read.
public enum LaunchHistoryError: Error, Equatable, Sendable {
    /// The line (counting from 1) is not one of the format's four kinds.
    case malformedLine(Int)
}

/// GCAT's dates at their own precision, as the generator writes them:
/// "1957-10-04 19:28:34", "1958-02-05 07:33", "1957-12-06", "1963-01", with a
/// trailing "?" where GCAT marks the time uncertain (read as one step coarser).
enum GCATDate {
    /// The date (UTC) and its precision in Launch Library's words
    /// ("Second", "Minute", "Hour", "Day", "Month", "Year"), or nil.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> (Date, String)? {
        var count = bytes.count
        let uncertain = count > 0 && bytes[count - 1] == UInt8(ascii: "?")
        if uncertain { count -= 1 }
        func number(_ start: Int, _ length: Int) -> Int? {
            guard start + length <= count else { return nil }
            var value = 0
            for index in start..<(start + length) {
                let byte = bytes[index]
                guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        // Precisions from the finest, and the one a "?" stands for.
        let precisions = ["Second", "Minute", "Hour", "Day", "Month", "Year"]
        let level: Int
        switch count {
        case 19: level = 0
        case 16: level = 1
        case 10: level = 3
        case 7: level = 4
        case 4: level = 5
        default: return nil
        }
        guard let year = number(0, 4) else { return nil }
        let month = count >= 7 ? number(5, 2) : 1
        let day = count >= 10 ? number(8, 2) : 1
        let hour = count >= 16 ? number(11, 2) : 0
        let minute = count >= 16 ? number(14, 2) : 0
        let second = count >= 19 ? number(17, 2) : 0
        guard let month, let day, let hour, let minute, let second,
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else { return nil }
        let days = EarthDate.days(year: year, month: month, day: day)
        let seconds = Double(days * 86_400 + hour * 3_600 + minute * 60 + second)
        return (Date(timeIntervalSince1970: seconds), precisions[min(level + (uncertain ? 1 : 0), precisions.count - 1)])
    }
}
