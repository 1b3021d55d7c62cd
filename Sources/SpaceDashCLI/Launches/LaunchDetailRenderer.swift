import Foundation
import SpaceData
import Terminal

/// `spacedash launches show`: one launch, everything known about it, as
/// labelled lines. Long text (the mission's description, link titles) wraps
/// under itself within `width`; nothing is cut. API text is cleaned of control
/// characters, so a record cannot drive the terminal.
///
///     Falcon 9 Block 5 | Starlink Group 17-39
///       Status     Go for Launch: Current T-0 confirmed by official or reliable sources.
///       NET        2026-07-20 14:49:32 UTC (to the second), in 2h 49m
///       …
struct LaunchDetailRenderer: Sendable {
    let dates: LaunchDateText
    /// Columns to fit; text wraps, labels stay.
    let width: Int
    /// Bold for the name on a terminal.
    let mode: StyleMode
    /// Between the parts of a line: " · " or, in ASCII, " | ".
    let joiner: String

    static let labelWidth = 12
    static let indent = "  "

    func render(_ detail: LaunchDetail) -> [String] {
        let launch = detail.launch
        var lines = [StyledText(clean(launch.name), style: .bold).rendered(mode)]
        func add(_ label: String, _ value: String?) {
            guard let value = value.map(clean), !value.isEmpty else { return }
            lines += labelled(label, value)
        }
        func add(_ label: String, _ parts: [String?]) {
            let present = parts.compactMap { $0.map(clean) }.filter { !$0.isEmpty }
            if !present.isEmpty { add(label, present.joined(separator: joiner)) }
        }

        add("Status", [launch.statusName, detail.statusDescription].compactMap { $0 }.joined(separator: ": "))
        add("NET", net(of: launch))
        if LaunchDateText.granularity(launch.netPrecision) == .time, let window = dates.window(of: launch) {
            add("Window", window + (detail.padTimeZone.flatMap { padTime(launch, zone: $0) }.map { " (\($0) at the pad)" } ?? ""))
        }
        add("Rocket", launch.rocketName)
        add("Provider", [Self.withAbbreviation(launch.agencyName, launch.agencyAbbreviation), launch.agencyType, detail.providerCountryCode])
        add("Mission", [launch.missionName, launch.missionType, Self.withAbbreviation(launch.orbitName, launch.orbitAbbreviation)])
        if let description = launch.missionDescription { add("", description) }
        add("Pad", [launch.padName, launch.locationName].compactMap { $0 }.joined(separator: ", "))
        add("", [coordinates(of: launch), detail.mapURL])
        if detail.isDetailed || detail.probability != nil { add("Probability", detail.probability.map { "\($0)%" } ?? "not published") }
        if detail.isDetailed || detail.weatherConcerns != nil { add("Weather", detail.weatherConcerns ?? "no concerns published") }
        add("Hold reason", detail.holdReason)
        add("Failure", detail.failReason)
        for (index, link) in detail.webcasts.enumerated() { add(index == 0 ? "Webcasts" : "", describe(link)) }
        if launch.webcastLive { add(detail.webcasts.isEmpty ? "Webcasts" : "", "live now") }
        for (index, link) in detail.infoLinks.enumerated() { add(index == 0 ? "Information" : "", describe(link)) }
        add("Updated", detail.launch.lastUpdated.map { dates.time($0) })
        add("ID", launch.id)
        return lines
    }

    // MARK: - Parts

    private func net(of launch: Launch) -> String? {
        guard launch.net != nil else { return nil }
        let phrase = launch.netPeriod.map(Self.months(of:)) ?? launch.netPrecision.map(Self.precisionPhrase)
        let precision = phrase.map { " (\($0))" } ?? ""
        let countdown = dates.countdown(to: launch)
        // Known to the second: the seconds are shown, not only said.
        let date = launch.netPrecision?.lowercased() == "second" ? launch.net.map { dates.time($0, seconds: true) } ?? dates.date(of: launch)
            : dates.date(of: launch)
        return date + precision + (countdown.isEmpty ? "" : ", \(countdown)")
    }

    /// "to the second", "to the month"; LL2's other names as they are.
    static func precisionPhrase(_ precision: String) -> String {
        switch precision.lowercased() {
        case "second", "minute", "hour", "day", "week", "month", "quarter", "year": "to the \(precision.lowercased())"
        default: precision.lowercased()
        }
    }

    /// What a span covers: "October to December", "2027", "the US fiscal
    /// year, October 2026 to September 2027".
    static func months(of period: LaunchPeriod) -> String {
        let names = ["January", "February", "March", "April", "May", "June", "July",
                     "August", "September", "October", "November", "December"]
        let first = LaunchCalendarWriter.utcCalendar.component(.month, from: period.start)
        let last = LaunchCalendarWriter.utcCalendar.component(.month, from: period.end.addingTimeInterval(-1))
        switch period.kind {
        case .quarter, .half: return "\(names[first - 1]) to \(names[last - 1])"
        case .year: return "to the year"
        case .fiscalYear: return "the US fiscal year, \(names[first - 1]) \(period.year - 1) to \(names[last - 1]) \(period.year)"
        case .decade: return "to the decade"
        }
    }

    /// The window's start in the pad's own zone, e.g. "07:00 PDT".
    private func padTime(_ launch: Launch, zone identifier: String) -> String? {
        guard let start = launch.windowStart ?? launch.net, let zone = TimeZone(identifier: identifier),
              zone.identifier != dates.timeZone.identifier else { return nil }
        let local = LaunchDateText(timeZone: zone, now: dates.now).time(start)
        // "2026-07-20 07:00 PDT" → "07:00 PDT" when the day is the same as shown.
        let shownDay = String(dates.time(start).prefix(10))
        return local.hasPrefix(shownDay) ? String(local.dropFirst(11)) : local
    }

    private func coordinates(of launch: Launch) -> String? {
        guard let latitude = launch.latitude, let longitude = launch.longitude else { return nil }
        return "\(Self.degrees(latitude)), \(Self.degrees(longitude))"
    }

    /// At most 6 decimals (about 10 cm), trailing zeros dropped.
    static func degrees(_ value: Double) -> String {
        var text = String(format: "%.6f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// "Official Webcast by SpaceX: https://x.com/…"; the title is left out
    /// when it only repeats the publisher.
    private func describe(_ link: LaunchLink) -> String {
        var head = link.kind ?? ""
        if let publisher = link.publisher { head += head.isEmpty ? publisher : " by \(publisher)" }
        if let title = link.title, title != link.publisher { head += head.isEmpty ? title : " (\(title))" }
        return head.isEmpty ? link.url : "\(head): \(link.url)"
    }

    private static func withAbbreviation(_ name: String?, _ abbreviation: String?) -> String? {
        guard let name else { return abbreviation }
        guard let abbreviation, abbreviation != name else { return name }
        return "\(name) (\(abbreviation))"
    }

    private func clean(_ text: String) -> String {
        TerminalSanitizer.clean(text, mode: .singleLine)
    }

    /// "  Label       value", continued lines under the value. Words are never
    /// broken: addresses (a terminal's link detection needs them whole) and the
    /// id (to copy) may pass `width`.
    private func labelled(_ label: String, _ value: String) -> [String] {
        let head = Self.indent + DisplayWidth.pad(label, toWidth: Self.labelWidth - 1) + " "
        let continuation = String(repeating: " ", count: head.displayWidth)
        let room = max(20, width - head.displayWidth)
        var wrapped: [String] = []
        var line = ""
        for word in value.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
            if line.isEmpty { line = word; continue }
            if line.displayWidth + 1 + word.displayWidth <= room { line += " " + word; continue }
            wrapped.append(line)
            line = word
        }
        if !line.isEmpty { wrapped.append(line) }
        return wrapped.enumerated().map { ($0.offset == 0 ? head : continuation) + $0.element }
    }
}
