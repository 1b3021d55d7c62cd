import Foundation
import SpaceData
import Terminal

/// `spacedash launches next --format TEMPLATE`: one launch as one line, for
/// status bars and prompts, `{name}`, `{countdown}` and the other placeholders
/// filled in (`LineTemplate`).
struct LaunchLineTemplate: Sendable, Equatable {
    enum Placeholder: String, LinePlaceholder {
        case name, rocket, mission, provider, location, pad, net, countdown, status, type, orbit, id, live

        static let example = "{name} {countdown}"

        /// What `--help` says each one gives.
        var help: String {
            switch self {
            case .name: "the launch's name, e.g. Falcon 9 Block 5 | Starlink Group 17-39"
            case .rocket: "the rocket's full name"
            case .mission: "the mission's name"
            case .provider: "the launch provider"
            case .location: "the launch site"
            case .pad: "the pad"
            case .net: "the time of launch, in the local zone (or UTC with --utc), cut to its precision"
            case .countdown: "T-2h 49m, T-3d 4h; T+5m once past; ~T-12d, NET 2026-08 or NET Q4 2026 when known only to the day, month or a longer span"
            case .status: "Go, TBD, TBC, Hold, Success…"
            case .type: "the mission type, e.g. Communications"
            case .orbit: "the target orbit's abbreviation, e.g. LEO"
            case .id: "Launch Library's id, for 'spacedash launches show'"
            case .live: "LIVE while a webcast of the launch is live, else nothing"
            }
        }
    }

    let template: LineTemplate<Placeholder>

    /// The line `launches next` prints without --format, e.g.
    /// `Falcon 9 Block 5 | Starlink Group 17-39 · T-2h 49m · Vandenberg SFB, CA, USA`.
    static func standard(unicode: Bool) -> LaunchLineTemplate {
        let separator = unicode ? " · " : " - "
        return LaunchLineTemplate(template: LineTemplate(parts: [.placeholder(.name), .text(separator), .placeholder(.countdown), .text(separator), .placeholder(.location)]))
    }

    private init(template: LineTemplate<Placeholder>) { self.template = template }

    /// - Throws: `UsageError` for an unknown placeholder, a brace alone or an empty template (`LineTemplate`).
    init(_ text: String) throws(UsageError) {
        template = try LineTemplate(text)
    }

    /// The line for `launch`, on one line whatever the data holds.
    /// - Parameter missing: what stands for a value Launch Library does not give.
    func render(_ launch: Launch, dates: LaunchDateText, missing: String = "—") -> String {
        template.render(missing: missing) { Self.value($0, of: launch, dates: dates) }
    }

    static func value(_ placeholder: Placeholder, of launch: Launch, dates: LaunchDateText) -> String? {
        switch placeholder {
        case .name: launch.name
        case .rocket: launch.rocketName
        case .mission: launch.missionName ?? Self.missionPart(of: launch.name)
        case .provider: launch.agencyName ?? launch.agencyAbbreviation
        case .location: launch.locationName
        case .pad: launch.padName
        case .net: launch.net == nil ? nil : dates.date(of: launch)
        case .countdown: countdown(to: launch, dates: dates)
        case .status: launch.statusShort
        case .type: launch.missionType
        case .orbit: launch.orbitAbbreviation ?? launch.orbitName
        case .id: launch.id
        case .live: launch.webcastLive ? LaunchColumn.liveMark : ""
        }
    }

    /// "T-2h 49m" before launch, "T+5m" after, "T-0" within the minute; for a
    /// date known only to the day "~T-12d" (hours would be made up), to the
    /// month "NET 2026-08", to a quarter or coarser "NET Q4 2026".
    static func countdown(to launch: Launch, dates: LaunchDateText) -> String? {
        guard let net = launch.net else { return nil }
        let seconds = Int(net.timeIntervalSince(dates.now).rounded(.down))
        switch LaunchDateText.granularity(launch.netPrecision) {
        case .month, .period:
            return "NET \(dates.date(of: launch))"
        case .day:
            let days = abs(seconds) / 86_400
            if days == 0 { return seconds > 0 ? "within a day" : "today" }
            return seconds > 0 ? "~T-\(days)d" : "~T+\(days)d"
        case .time:
            if abs(seconds) < 60 { return "T-0" }
            return (seconds > 0 ? "T-" : "T+") + LaunchDateText.span(abs(seconds))
        }
    }

    /// "Starlink Group 17-39" of "Falcon 9 Block 5 | Starlink Group 17-39".
    private static func missionPart(of name: String) -> String? {
        guard let bar = name.range(of: " | ") else { return nil }
        let part = String(name[bar.upperBound...].trimmingSpaces())
        return part.isEmpty ? nil : part
    }
}
