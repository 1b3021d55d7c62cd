import Foundation
import SpaceData

/// `space-weather` into a pipe: one Kp interval a line, tab-separated (time,
/// Kp, G level, kind), the observed intervals and then the predictions still ahead.
enum SpaceWeatherRows {
    static func readings(_ report: SpaceWeatherReport) -> [KpReading] {
        report.observed.readings + report.forecast
    }

    static func row(_ reading: KpReading) -> String {
        TabSeparated.row([MarsWeatherFormat.iso8601(reading.time), TabSeparated.number(reading.kp), String(reading.stormLevel), reading.kind.rawValue])
    }
}
