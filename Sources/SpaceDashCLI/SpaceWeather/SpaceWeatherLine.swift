import Foundation
import SpaceData

/// `space-weather --format TEMPLATE`: the latest Kp as one line for a status
/// bar ("Kp 4.33 G0"), through the placeholders every `--format` shares (`LineTemplate`).
struct SpaceWeatherLine: Sendable {
    enum Placeholder: String, LinePlaceholder {
        case kp, g, level, time, age

        var help: String {
            switch self {
            case .kp: return "the latest Kp, two decimals (4.33)"
            case .g: return "its NOAA G level (G0 to G5)"
            case .level: return "the G level as a number (0 to 5)"
            case .time: return "the start of its 3-hour interval, UTC ISO 8601"
            case .age: return "how long ago that interval started (2 h 5 min)"
            }
        }

        static var example: String { "Kp {kp} {g}" }
    }

    let template: LineTemplate<Placeholder>

    init(_ text: String) throws(UsageError) {
        template = try LineTemplate(text)
    }

    func render(_ latest: KpReading, now: Date) -> String {
        template.render(missing: "") { placeholder in
            switch placeholder {
            case .kp: return StormLevelText.kp(latest.kp)
            case .g: return StormLevelText.code(latest.stormLevel)
            case .level: return String(latest.stormLevel)
            case .time: return MarsWeatherFormat.iso8601(latest.time)
            case .age: return AgeText.describe(now.timeIntervalSince(latest.time))
            }
        }
    }
}
