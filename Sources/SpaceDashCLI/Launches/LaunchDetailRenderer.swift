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
    /// How many of Launch Library's updates to list, newest first.
    var updates: UpdateCount = .latest(5)

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
        lines += webcasts(of: detail)
        for (index, link) in detail.infoLinks.enumerated() { add(index == 0 ? "Information" : "", describe(link)) }
        for stage in detail.stages { lines += booster(stage) }
        for craft in detail.spacecraft { lines += spacecraft(craft) }
        for (index, patch) in detail.patches.enumerated() {
            add(index == 0 ? "Patches" : "", [patch.name, patch.imageURL].compactMap { $0 }.joined(separator: ": "))
        }
        for (index, step) in detail.timeline.enumerated() {
            add(index == 0 ? "Timeline" : "", [Self.relative(step.offset), step.abbreviation ?? step.description].compactMap { $0 }.joined(separator: " "))
        }
        lines += updateLines(detail.updates)
        add("Flight Club", detail.flightClubURL)
        add("Updated", detail.launch.lastUpdated.map { dates.time($0) })
        add("ID", launch.id)
        return lines
    }

    // MARK: - Parts

    /// Each webcast: its kind, publisher and title (a link on a terminal), then
    /// language, times and whether it is live, then the address itself.
    private func webcasts(of detail: LaunchDetail) -> [String] {
        var lines: [String] = []
        var anyLive = false
        for (index, link) in detail.webcasts.enumerated() {
            let label = index == 0 ? "Webcasts" : ""
            let live = link.isLive(at: dates.now, launchWebcastLive: detail.launch.webcastLive)
            anyLive = anyLive || live
            lines += labelled(label, clean(heading(of: link)), link: link.webAddress)
            var facts = [link.language, link.startTime.map { "from " + dates.time($0) }, link.endTime.map { "to " + dates.time($0) }]
                .compactMap { $0.map(clean) }
            if live { facts.append(liveMark) }
            if !facts.isEmpty { lines += labelled("", facts.joined(separator: joiner)) }
            lines += labelled("", link.webAddress ?? clean(link.url))
        }
        if detail.launch.webcastLive && !anyLive { lines += labelled(detail.webcasts.isEmpty ? "Webcasts" : "", "live now") }
        return lines
    }

    /// "LIVE now", bold red on a colour terminal.
    private var liveMark: String { StyledText("LIVE now", style: .error).rendered(mode) }

    /// "Official Webcast by SpaceX (Starlink Mission)".
    private func heading(of link: LaunchLink) -> String {
        var head = link.kind ?? ""
        if let publisher = link.publisher { head += head.isEmpty ? publisher : " by \(publisher)" }
        if let title = link.title, title != link.publisher { head += head.isEmpty ? title : " (\(title))" }
        return head.isEmpty ? "Webcast" : head
    }

    /// "B1082 · Core · 23rd flight, flown before (50 days after the last)", then its landing.
    private func booster(_ stage: LauncherStage) -> [String] {
        var flight: String?
        if let number = stage.flightNumber { flight = "\(Self.ordinal(number)) flight" }
        switch stage.reused {
        case true?: flight = (flight.map { $0 + ", " } ?? "") + "flown before" + (stage.turnAroundDays.map { " (\($0) days after its last)" } ?? "")
        case false?: flight = flight ?? "first flight"
        case nil: break
        }
        let parts = [stage.serialNumber ?? "serial not published", stage.type, flight].compactMap { $0.map(clean) }
        var lines = labelled("Booster", parts.joined(separator: joiner))
        if let landing = stage.landing { lines += labelled("", landingText(landing)) }
        return lines
    }

    /// "Ship 40 (S40) · Starship V3 · to Suborbital", its landing, and its crew with their roles.
    private func spacecraft(_ craft: SpacecraftStage) -> [String] {
        let name = [craft.name, craft.serialNumber.map { "(\($0))" }].compactMap { $0 }.joined(separator: " ")
        let parts = [name.isEmpty ? nil : name, craft.configuration, craft.destination.map { "to \($0)" }].compactMap { $0.map(clean) }
        var lines = labelled("Spacecraft", parts.isEmpty ? "not named yet" : parts.joined(separator: joiner))
        if let landing = craft.landing { lines += labelled("", landingText(landing)) }
        for (title, crew) in [("Crew", craft.launchCrew), ("Aboard", craft.onboardCrew), ("Returning", craft.landingCrew)] {
            for (index, member) in crew.enumerated() {
                let who = member.name + (member.agency.map { " (\($0))" } ?? "")
                lines += labelled(index == 0 ? title : "", clean(member.role.map { "\($0): \(who)" } ?? who))
            }
        }
        return lines
    }

    /// "Landing: Autonomous Spaceport Drone Ship (ASDS) on Of Course I Still Love You
    /// (OCISLY), 574 km downrange · outcome not known yet".
    private func landingText(_ landing: StageLanding) -> String {
        if landing.attempt == false { return "No landing attempt" }
        var text = "Landing"
        if let type = Self.withAbbreviation(landing.typeName, landing.typeAbbreviation) { text += ": " + type }
        if let place = Self.withAbbreviation(landing.locationName, landing.locationAbbreviation), place != landing.typeName {
            text += (text == "Landing" ? ": " : " on ") + place
        }
        if let distance = landing.downrangeDistance { text += ", \(Self.kilometres(distance)) km downrange" }
        let outcome = switch landing.success {
        case true?: "landed"
        case false?: "landing failed"
        case nil: "outcome not known yet"
        }
        return clean(text) + joiner + outcome
    }

    /// The newest updates, each with its time and author, and how many more there are.
    private func updateLines(_ all: [LaunchLibraryUpdate]) -> [String] {
        let shown = updates.prefix(of: all)
        var lines: [String] = []
        for (index, update) in shown.enumerated() {
            let head = [update.createdOn.map { dates.time($0) }, update.createdBy].compactMap { $0.map(clean) }.joined(separator: ", ")
            let text = [clean(update.comment), update.infoURL.map(clean)].compactMap { $0 }.joined(separator: " ")
            lines += labelled(index == 0 ? "Updates" : "", head.isEmpty ? text : "\(head): \(text)")
        }
        let hidden = all.count - shown.count
        if hidden > 0 { lines += labelled(shown.isEmpty ? "Updates" : "", "and \(hidden) \(shown.isEmpty ? "" : "older ")\(hidden == 1 ? "update" : "updates") (--updates all)") }
        return lines
    }

    /// "1st", "2nd", "23rd", "11th".
    static func ordinal(_ number: Int) -> String {
        let suffix = switch (number % 100, number % 10) {
        case (11...13, _): "th"
        case (_, 1): "st"
        case (_, 2): "nd"
        case (_, 3): "rd"
        default: "th"
        }
        return "\(number)\(suffix)"
    }

    static func kilometres(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }

    /// "T-38m", "T-0", "T+2m 26s", "T+1h 1m 33s".
    static func relative(_ offset: TimeInterval) -> String {
        let total = Int(abs(offset).rounded())
        guard total > 0 else { return "T-0" }
        let hours = total / 3600, minutes = total % 3600 / 60, seconds = total % 60
        let parts = [hours > 0 ? "\(hours)h" : nil, minutes > 0 ? "\(minutes)m" : nil, seconds > 0 ? "\(seconds)s" : nil].compactMap { $0 }
        return (offset < 0 ? "T-" : "T+") + parts.joined(separator: " ")
    }

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
    private func labelled(_ label: String, _ value: String, link: String? = nil) -> [String] {
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
        // A linked value is linked line by line, so that wrapping never splits a sequence.
        return wrapped.enumerated().map { offset, text in
            (offset == 0 ? head : continuation) + (link.map { TerminalHyperlink.link(text, to: $0, mode: mode) } ?? text)
        }
    }
}
