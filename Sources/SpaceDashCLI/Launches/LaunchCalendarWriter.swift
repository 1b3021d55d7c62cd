import Foundation
import SpaceData

/// `spacedash launches --ics`: launches as an RFC 5545 calendar.
///
/// One VEVENT a launch, its UID made from Launch Library's id so a calendar
/// that imports the file again updates its events instead of doubling them.
/// Times are UTC (`…Z`), so no VTIMEZONE is needed:
/// - a NET known to the hour or better: the launch window (DTSTART, DTEND),
///   or the NET alone when the window has no length (an instant, RFC 5545 §3.6.1);
/// - known to the day: an all-day event on that day (UTC), tentative unless flown;
/// - known to the month: an all-day event on the month's first day, tentative
///   unless flown (Launch Library puts such a NET on the month's last day);
/// - known to a quarter or coarser: no event. Any day of the span would be put
///   in the calendar as a date (with its reminders), and an event over the whole
///   span would fill every day of it; such a launch is counted with the undated.
/// STATUS is CONFIRMED for a launch that is Go or has flown (its outcome known),
/// TENTATIVE otherwise. A launch of the bundled history links to no Launch
/// Library record (it has none there) and credits GCAT.
/// Lines end in CRLF and are folded at 75 octets without splitting a UTF-8
/// sequence; text values are escaped (§3.3.11) and cleaned of control characters.
struct LaunchCalendarWriter: Sendable {
    /// DTSTAMP: when the calendar was written.
    let stamp: Date
    /// PRODID's version, e.g. "0.2.0".
    let version: String

    /// The calendar, and how many launches were left out for having no date
    /// (none, or one known only to a quarter or coarser).
    func calendar(_ details: [LaunchDetail]) -> (text: String, undated: Int) {
        var lines = [
            "BEGIN:VCALENDAR",
            "VERSION:2.0",
            "PRODID:-//spacedash//spacedash \(version)//EN",
            "CALSCALE:GREGORIAN",
            "METHOD:PUBLISH",
        ]
        var undated = 0
        for detail in details {
            guard let event = event(detail) else { undated += 1; continue }
            lines += event
        }
        lines.append("END:VCALENDAR")
        return (lines.map(Self.fold).joined(), undated)
    }

    /// The VEVENT's content lines, unfolded; nil for a launch with no NET or
    /// one known only to a quarter or coarser.
    func event(_ detail: LaunchDetail) -> [String]? {
        let launch = detail.launch
        guard let net = launch.net else { return nil }
        var lines = ["BEGIN:VEVENT", "UID:\(Self.uid(of: launch.id))", "DTSTAMP:\(Self.utc(stamp))"]
        // Go, or a launch that has flown (its outcome known), is confirmed; anything else may still move.
        var tentative = launch.statusAbbreviation?.lowercased() != "go" && launch.outcome == nil
        switch LaunchDateText.granularity(launch.netPrecision) {
        case .time:
            if let start = launch.windowStart, let end = launch.windowEnd, end > start {
                lines += ["DTSTART:\(Self.utc(start))", "DTEND:\(Self.utc(end))"]
            } else {
                lines.append("DTSTART:\(Self.utc(launch.windowStart ?? net))")
            }
        case .day:
            // Its hour is not known, but a launch that has flown did happen.
            tentative = launch.outcome == nil
            lines += Self.allDay(Self.utcCalendar.startOfDay(for: net))
        case .period:
            return nil
        case .month:
            tentative = launch.outcome == nil
            let month = Self.utcCalendar.dateComponents([.year, .month], from: net)
            lines += Self.allDay(Self.utcCalendar.date(from: month) ?? net)
        }
        lines.append("SUMMARY:\(Self.text(launch.name))")
        if let location = [launch.padName, launch.locationName].compactMap({ $0 }).joined(separator: ", ").nilIfEmpty {
            lines.append("LOCATION:\(Self.text(location))")
        }
        if let latitude = launch.latitude, let longitude = launch.longitude,
           (-90...90).contains(latitude), (-180...180).contains(longitude) {
            lines.append("GEO:\(LaunchDetailRenderer.degrees(latitude));\(LaunchDetailRenderer.degrees(longitude))")
        }
        lines.append("DESCRIPTION:\(Self.text(description(detail)))")
        if let url = Self.address(of: detail) { lines.append("URL:\(Self.uri(url))") }
        lines.append("STATUS:\(tentative ? "TENTATIVE" : "CONFIRMED")")
        if let updated = detail.launch.lastUpdated { lines.append("LAST-MODIFIED:\(Self.utc(updated))") }
        lines.append("END:VEVENT")
        return lines
    }

    /// The mission, its description, status, NET with its precision, and links.
    private func description(_ detail: LaunchDetail) -> String {
        let launch = detail.launch
        var parts: [String] = []
        let mission = [launch.missionName, launch.missionType, launch.orbitName].compactMap { $0 }
        if !mission.isEmpty { parts.append("Mission: " + mission.joined(separator: ", ")) }
        if let description = launch.missionDescription { parts.append(description) }
        if let provider = launch.agencyName { parts.append("Provider: \(provider)") }
        if let status = launch.statusName { parts.append("Status: \(status)") }
        if let net = launch.net {
            let precision = launch.netPrecision.map { " (\(LaunchDetailRenderer.precisionPhrase($0)))" } ?? ""
            // A day or a month as such ("2021-07"): a time would pretend a precision nobody has.
            let shown = LaunchDateText.granularity(launch.netPrecision) == .time
                ? LaunchLibraryDate.string(from: net)
                : LaunchDateText(timeZone: TimeZone(identifier: "UTC")!, now: stamp).date(of: launch)
            parts.append("NET: \(shown)\(precision)")
        }
        for link in detail.webcasts { parts.append("Webcast: \(link.url)") }
        for link in detail.infoLinks { parts.append("Information: \(link.url)") }
        if let record = detail.recordURL { parts.append("Launch Library: \(record)") }
        if LaunchHistory.isHistory(launch) { parts.append(LaunchHistory.credit) }
        return parts.joined(separator: "\n")
    }

    /// The page to open from the event: the official page, else the first
    /// webcast, else Launch Library's record.
    static func address(of detail: LaunchDetail) -> String? {
        detail.infoLinks.first?.url ?? detail.webcasts.first?.url ?? detail.recordURL
    }

    /// Stable across runs and machines: Launch Library's id is a UUID. GCAT's launch tags
    /// hold spaces ("1962 B OME"), legal in a UID but a trap for tools that split on them.
    static func uid(of id: String) -> String {
        "\(text(id.replacingOccurrences(of: " ", with: "-")))@launches.spacedash"
    }

    private static func allDay(_ day: Date) -> [String] {
        let next = utcCalendar.date(byAdding: .day, value: 1, to: day) ?? day.addingTimeInterval(86_400)
        return ["DTSTART;VALUE=DATE:\(date(day))", "DTEND;VALUE=DATE:\(date(next))"]
    }

    // MARK: - RFC 5545 value syntax

    static let utcCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// DATE-TIME in UTC, e.g. 20260720T144932Z (§3.3.5, form 2).
    static func utc(_ date: Date) -> String {
        let c = utcCalendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(format: "%04d%02d%02dT%02d%02d%02dZ", c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0, c.minute ?? 0, c.second ?? 0)
    }

    /// DATE, e.g. 20260720 (§3.3.4).
    static func date(_ date: Date) -> String {
        let c = utcCalendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d%02d%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0)
    }

    /// TEXT (§3.3.11): backslash, semicolon and comma escaped, line breaks as
    /// `\n`, other control characters (which TEXT may not hold) as spaces.
    static func text(_ value: String) -> String {
        var escaped = ""
        escaped.unicodeScalars.reserveCapacity(value.unicodeScalars.count)
        var previousWasCR = false
        for scalar in value.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            switch scalar {
            case "\\": escaped += "\\\\"
            case ";": escaped += "\\;"
            case ",": escaped += "\\,"
            case "\r": escaped += "\\n"
            case "\n": if !previousWasCR { escaped += "\\n" }
            case "\t": escaped.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value):
                escaped += " "
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// A URI value: no escaping applies, but characters a URI may not hold
    /// (spaces, controls, quotes) are percent-encoded so the line stays valid.
    static func uri(_ value: String) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.insert(charactersIn: "#%")
        return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
    }

    /// One content line with its CRLF, folded so no line passes 75 octets:
    /// each continuation starts with a space, and a cut never falls inside a
    /// UTF-8 sequence (§3.1).
    static func fold(_ line: String) -> String {
        let limit = 75
        var result = ""
        var octets = 0
        for scalar in line.unicodeScalars {
            let size = UTF8.width(scalar)
            if octets + size > limit {
                result += "\r\n "
                octets = 1
            }
            result.unicodeScalars.append(scalar)
            octets += size
        }
        return result + "\r\n"
    }
}

extension String {
    fileprivate var nilIfEmpty: String? { isEmpty ? nil : self }
}
