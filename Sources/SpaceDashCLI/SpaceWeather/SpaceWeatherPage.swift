import Foundation
import SpaceData
import Terminal

/// `space-weather` on a terminal: Kp now, the 3-day chart, the forecast,
/// NOAA's scales, the alerts of the last 24 hours and, with a place, the
/// aurora chance and darkness there. Whatever is old says its age; a forecast
/// for a time already past is not shown as one. Server text (alert headlines
/// and messages) is sanitised here, before it reaches the terminal.
struct SpaceWeatherPage {
    var report: SpaceWeatherReport
    var glyphs: Glyphs
    var style: StyleMode
    var width: Int
    /// `--alerts`: each message's whole text.
    var fullAlerts: Bool

    func lines() -> [String] {
        var lines = kpNow()
        lines.append("")
        lines += chart()
        lines.append("")
        lines += forecast()
        lines.append("")
        lines += scales()
        lines.append("")
        lines += alerts()
        if report.aurora != nil {
            lines.append("")
            lines += aurora()
        }
        return lines
    }

    func bold(_ text: String) -> String { StyledText(text, style: .bold).rendered(style) }

    func levelText(_ level: Int) -> String {
        StyledText("\(StormLevelText.code(level)) \(StormLevelText.name(level))", style: StormLevelText.style(level)).rendered(style)
    }

    /// "2026-08-31 09:00 UTC".
    func time(_ date: Date) -> String { MarsWeatherFormat.minute(date) }

    func kpNow() -> [String] {
        guard let latest = report.latest else { return [bold("Kp now") + "  no observed value in NOAA's answer"] }
        let end = latest.time.addingTimeInterval(KpReading.interval)
        let kind = latest.kind == .estimated ? "estimated" : "observed"
        return [bold("Kp now") + "  \(StormLevelText.kp(latest.kp))  \(levelText(latest.stormLevel))  "
                + "\(kind) for \(time(latest.time))\(glyphs.rangeDash)\(MarsWeatherFormat.padded(MarsWeatherFormat.civil(end).hour, 2)):00 UTC, "
                + report.age(of: latest.time)]
    }

    func chart() -> [String] {
        guard let latest = report.latest else { return [] }
        let chart = KpChart(glyphs: glyphs, style: style)
        let readings = report.observed.last(Double(KpChart.intervals) * KpReading.interval, endingAt: latest.time)
        return [bold("Planetary Kp, the 3 days to \(time(latest.time.addingTimeInterval(KpReading.interval)))")]
            + chart.lines(readings, endingAt: latest.time, width: width)
            + chart.legend(width: width)
    }

    func forecast() -> [String] {
        let title = bold("Forecast") + ", the highest predicted Kp of each UTC day"
        switch report.kpForecast {
        case .failure(let failure):
            return [title + ": none (\(failure.commandError.message))"]
        case .success(let sourced):
            let ahead = report.forecast
            guard !ahead.isEmpty else {
                let last = sourced.value.readings.last.map { " ends \(time($0.time.addingTimeInterval(KpReading.interval))), \(report.age(of: $0.time.addingTimeInterval(KpReading.interval)))" } ?? " is empty"
                return [title + ":", "  none ahead: NOAA's latest Kp forecast at hand\(last)"]
            }
            return [title + ":"] + KpSeries.dailyMaxima(ahead).map { day in
                "  \(day.day)  \(StormLevelText.kp(day.highest.kp))  \(levelText(day.highest.stormLevel))"
            }
        }
    }

    func scales() -> [String] {
        let title = bold("NOAA scales")
        guard case .success(let sourced) = report.scales, let current = sourced.value.current else {
            if case .failure(let failure) = report.scales { return [title + ": none (\(failure.commandError.message))"] }
            return [title + ": none"]
        }
        func level(_ letter: String, _ value: Int?) -> String { value.map { "\(letter)\($0)" } ?? "\(letter)\(glyphs.missing)" }
        let issued = current.issued.map { "  issued \(time($0)), \(report.age(of: $0))" } ?? ""
        var lines = [title + " now: " + [level("R", current.radioBlackout), level("S", current.solarRadiationStorm), level("G", current.geomagneticStorm)].joined(separator: " ")
                     + issued,
                     "  (R radio blackouts, S solar radiation storms, G geomagnetic storms)"]
        let today = EarthDate(secondsSince1970: report.now.timeIntervalSince1970)
        // Offset 1 is today, as the current day is; a day already past is no forecast.
        let ahead = sourced.value.forecast.filter { $0.date >= today }
        guard !ahead.isEmpty else {
            let last = sourced.value.forecast.last.map { " (its last day was \($0.date))" } ?? ""
            return lines + ["  no scale forecast ahead\(last)"]
        }
        for day in ahead {
            func percent(_ value: Int?) -> String { value.map { "\($0)%" } ?? glyphs.missing }
            lines.append("  \(day.date)  R1\(glyphs.rangeDash)R2 \(percent(day.minorRadioBlackoutChance))  R3+ \(percent(day.majorRadioBlackoutChance))"
                         + "  S1+ \(percent(day.solarRadiationStormChance))  \(level("G", day.geomagneticStorm))")
        }
        return lines
    }

    func alerts() -> [String] {
        let title = bold("Alerts") + ", the last 24 hours"
        guard case .success(let sourced) = report.alerts else {
            if case .failure(let failure) = report.alerts { return [title + ": none (\(failure.commandError.message))"] }
            return []
        }
        let recent = report.recentAlerts
        guard !recent.isEmpty else {
            let newest = sourced.value.first.map { "; the newest in NOAA's list is from \(time($0.issued)), \(report.age(of: $0.issued))" } ?? ""
            return [title + ": none\(newest)"]
        }
        var lines = [title + ":"]
        for alert in recent {
            let line = "  \(time(alert.issued))  \(APIText.display(alert.productID))  \(APIText.display(alert.headline))"
            lines.append(DisplayWidth.truncate(line, toWidth: width))
            if fullAlerts {
                let text = alert.message.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + APIText.display(String($0)) }
                lines += text + [""]
            }
        }
        return lines
    }

    func aurora() -> [String] {
        guard let aurora = report.aurora else { return [] }
        let place = Self.placeText(aurora.place, glyphs: glyphs)
        var lines: [String] = []
        switch aurora.grid {
        case .failure(let failure):
            lines.append(bold("Aurora") + " at \(place): \(failure.commandError.message)")
        case .success(let sourced):
            let grid = sourced.value
            let chance = grid.probability(at: aurora.place)
            var text = "\(chance)%"
            if chance == 0 {
                text += aurora.place.latitude >= 0 ? ": too far south tonight" : ": too far north tonight"
            }
            let stale = report.now.timeIntervalSince(grid.forecastFor) > 3600 ? ", out of date" : ""
            lines.append(bold("Aurora") + " at \(place): \(text)  (OVATION nowcast for \(time(grid.forecastFor)), \(report.age(of: grid.forecastFor))\(stale))")
        }
        lines.append("  " + Self.darknessText(aurora.darkness, time: time))
        return lines
    }

    /// "64.15° N, 21.94° W".
    static func placeText(_ place: GeographicCoordinate, glyphs: Glyphs) -> String {
        func degrees(_ value: Double) -> String {
            let hundredths = Int((abs(value) * 100).rounded())
            let fraction = hundredths % 100
            return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)\(glyphs.degree)"
        }
        return "\(degrees(place.latitude)) \(place.latitude >= 0 ? "N" : "S"), \(degrees(place.longitude)) \(place.longitude >= 0 ? "E" : "W")"
    }

    static func darknessText(_ darkness: Darkness, time: (Date) -> String) -> String {
        switch (darkness.isDarkNow, darkness.start, darkness.end) {
        case (true, _, let end?):
            return "Dark now (the Sun 12° or more below the horizon) until \(time(end))"
        case (true, _, nil):
            return "Dark now, and all day: the Sun stays 12° or more below the horizon (polar night)"
        case (false, let start?, let end?):
            return "Not dark yet: darkness (the Sun 12° below the horizon) from \(time(start)) to \(time(end))"
        case (false, let start?, nil):
            return "Not dark yet: darkness (the Sun 12° below the horizon) from \(time(start)), lasting over a day"
        case (false, nil, _):
            return "No darkness within a day: the Sun does not sink 12° below the horizon (light nights)"
        }
    }
}
