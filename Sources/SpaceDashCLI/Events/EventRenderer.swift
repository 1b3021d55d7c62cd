import Foundation
import SpaceData
import Terminal

/// `spacedash events`: the table a terminal shows, the tab-separated lines of a
/// pipe, and one event's details for `events show`. Text from Launch Library
/// is cleaned of control characters, so an event cannot drive the terminal.
struct EventRenderer: Sendable {
    let dates: LaunchDateText
    let width: Int
    let mode: StyleMode
    let joiner: String

    /// "2026-09-28 11:45 UTC" to the minute; to the day or coarser, the date alone (UTC).
    func date(of event: SpaceEvent) -> String {
        guard let date = event.date else { return "date unknown" }
        let asLaunch = Launch(id: event.id, name: event.name, net: date, netPrecision: event.datePrecision)
        return dates.date(of: asLaunch)
    }

    /// "in 2d 3h": how far the event is.
    func countdown(to event: SpaceEvent) -> String {
        guard let date = event.date else { return "" }
        return dates.countdown(to: Launch(id: event.id, name: event.name, net: date, netPrecision: event.datePrecision))
    }

    /// A header and a line per event: date, countdown, type, name, location; the
    /// name and location cut to fit `width`, LIVE after a live one.
    func table(_ events: [SpaceEvent]) -> [String] {
        let rows = events.map { event in
            [date(of: event), countdown(to: event), clean(event.type ?? ""), clean(event.name) + (event.webcastLive ? " LIVE" : ""),
             clean(event.location ?? "")]
        }
        let titles = ["DATE", "WHEN", "TYPE", "NAME", "LOCATION"]
        var widths = titles.indices.map { column in ([titles[column]] + rows.map { $0[column] }).map(DisplayWidth.of).max() ?? 0 }
        // The name and the location give way, the location first.
        var overflow = widths.reduce(0, +) + 2 * (widths.count - 1) - width
        for column in [4, 3] where overflow > 0 {
            let cut = min(overflow, max(0, widths[column] - 8))
            widths[column] -= cut
            overflow -= cut
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { column, cell in
                let fitted = DisplayWidth.of(cell) > widths[column] ? DisplayWidth.truncate(cell, toWidth: widths[column]) : cell
                return column == cells.count - 1 ? fitted : DisplayWidth.pad(fitted, toWidth: widths[column])
            }.joined(separator: "  ")
        }
        return [StyledText(line(titles), style: .bold).rendered(mode)] + rows.map(line)
    }

    /// One line per event for a pipe: date (ISO-8601 UTC), type, name, location, id; tabs in text are spaces.
    static func tabSeparated(_ events: [SpaceEvent]) -> [String] {
        events.map { event in
            [event.date.map(LaunchLibraryDate.string(from:)) ?? "", event.type ?? "", event.name, event.location ?? "", event.id]
                .map { TerminalSanitizer.clean($0).replacingOccurrences(of: "\t", with: " ") }
                .joined(separator: "\t")
        }
    }

    /// `events show`: the event's name, then labelled lines.
    func details(_ event: SpaceEvent, updates: Int = 5) -> [String] {
        var lines = [StyledText(clean(event.name), style: .bold).rendered(mode)]
        func add(_ label: String, _ value: String?) {
            guard let value, !value.isEmpty else { return }
            lines += labelled(label, value)
        }
        add("Type", event.type.map(clean))
        let countdown = countdown(to: event)
        add("Date", date(of: event) + (event.datePrecision.map { " (to the \(clean($0).lowercased()))" } ?? "") + (countdown.isEmpty ? "" : ", \(countdown)"))
        add("Location", event.location.map(clean))
        add("", event.description.map { TerminalSanitizer.clean($0, mode: .singleLine) })
        for (index, link) in event.webcasts.enumerated() {
            add(index == 0 ? "Webcasts" : "", [link.kind, link.publisher, link.title].compactMap { $0.map(clean) }.joined(separator: joiner)
                + (link.isLive(at: dates.now, launchWebcastLive: event.webcastLive) ? joiner + "LIVE now" : ""))
            add("", link.webAddress ?? clean(link.url))
        }
        if event.webcastLive && event.webcasts.isEmpty { add("Webcasts", "live now") }
        for (index, link) in event.infoLinks.enumerated() {
            add(index == 0 ? "Information" : "", [link.title.map(clean), link.webAddress ?? clean(link.url)].compactMap { $0 }.joined(separator: ": "))
        }
        for (index, update) in event.updates.prefix(updates).enumerated() {
            let head = [update.createdOn.map { dates.time($0) }, update.createdBy.map(clean)].compactMap { $0 }.joined(separator: ", ")
            add(index == 0 ? "Updates" : "", (head.isEmpty ? "" : head + ": ") + clean(update.comment) + (update.infoURL.map { " " + clean($0) } ?? ""))
        }
        add("Updated", event.lastUpdated.map { dates.time($0) })
        add("ID", clean(event.id))
        return lines
    }

    private func clean(_ text: String) -> String { TerminalSanitizer.clean(text, mode: .singleLine) }

    private func labelled(_ label: String, _ value: String) -> [String] {
        let head = "  " + DisplayWidth.pad(label, toWidth: 11) + " "
        let continuation = String(repeating: " ", count: head.displayWidth)
        let room = max(20, width - head.displayWidth)
        var wrapped: [String] = []
        var line = ""
        for word in value.split(separator: " ").map(String.init) {
            if line.isEmpty { line = word; continue }
            if line.displayWidth + 1 + word.displayWidth <= room { line += " " + word; continue }
            wrapped.append(line)
            line = word
        }
        if !line.isEmpty { wrapped.append(line) }
        return wrapped.enumerated().map { ($0.offset == 0 ? head : continuation) + $0.element }
    }
}
