import Foundation
import SpaceData

/// What it is now on Mars at a station, whatever its feed last said: the sol
/// its mission counts, the local mean solar time, Ls and the season there, and
/// how long light takes from Earth (`MarsClock`, `MarsMissionClock`).
struct MarsToday: Equatable {
    let time: Date
    let site: String
    let sol: Int
    /// Hours, 0 ..< 24.
    let localMeanSolarTime: Double
    let solarLongitude: Double
    let hemisphere: MarsSeason.Hemisphere
    let season: MarsSeason?
    /// Seconds.
    let lightTime: Double

    init(_ station: MarsStation, now: Date) {
        let mars = MarsClock(at: now)
        let clock = station.missionClock
        time = now
        site = station.site
        sol = clock.sol(at: mars)
        localMeanSolarTime = clock.localMeanSolarTime(at: mars)
        solarLongitude = mars.solarLongitude
        hemisphere = clock.hemisphere
        season = clock.season(at: mars)
        lightTime = mars.lightTime
    }

    /// "Today on Mars: sol 5087 at Gale crater, 12:57 local mean solar time ·
    /// Ls 28.1° (southern autumn) · light takes 10 min 1 s from Earth".
    func line(glyphs: Glyphs) -> String {
        let season = self.season.map { " (\(hemisphere.rawValue) \($0.rawValue))" } ?? ""
        return "Today on Mars: sol \(sol) at \(site), \(Self.clock(localMeanSolarTime, seconds: false)) local mean solar time"
            + "\(glyphs.joiner)Ls \(String(format: "%.1f", solarLongitude))\(glyphs.degree)\(season)"
            + "\(glyphs.joiner)light takes \(Self.duration(lightTime)) from Earth"
    }

    /// The dashboard's shorter line, no wider than the panel's others:
    /// "sol 5087, 12:57 · Ls 28° · light 10 min".
    func brief(glyphs: Glyphs) -> String {
        "sol \(sol), \(Self.clock(localMeanSolarTime, seconds: false))\(glyphs.joiner)Ls \(Int(solarLongitude))\(glyphs.degree)"
            + "\(glyphs.joiner)light \(Int((lightTime / 60).rounded())) min"
    }

    /// `--json`'s "today", on one line: {"time", "sol", "local_mean_solar_time",
    /// "ls" (2 decimals), "season", "hemisphere", "light_time_seconds"}.
    var json: String {
        MarsWeatherJSON.object([
            ("time", MarsWeatherJSON.string(MarsWeatherFormat.iso8601(time))),
            ("sol", String(sol)),
            ("local_mean_solar_time", MarsWeatherJSON.string(Self.clock(localMeanSolarTime, seconds: true))),
            ("ls", MarsWeatherJSON.number((solarLongitude * 100).rounded() / 100)),
            ("season", season.map { MarsWeatherJSON.string($0.rawValue) } ?? "null"),
            ("hemisphere", MarsWeatherJSON.string(hemisphere.rawValue)),
            ("light_time_seconds", String(Int(lightTime.rounded()))),
        ])
    }

    /// "14:32" or "14:32:05" of hours 0 ..< 24, cut (not rounded) to the unit shown, as a clock is.
    static func clock(_ hours: Double, seconds: Bool) -> String {
        let total = min(max(Int(hours * 3600), 0), 86_399)
        let text = String(format: "%02d:%02d", total / 3600, total / 60 % 60)
        return seconds ? text + String(format: ":%02d", total % 60) : text
    }

    /// "3 min 6 s", "22 min".
    static func duration(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        let (minutes, rest) = (whole / 60, whole % 60)
        if minutes == 0 { return "\(rest) s" }
        return rest == 0 ? "\(minutes) min" : "\(minutes) min \(rest) s"
    }
}

extension MarsStation {
    /// The sols and local time its mission keeps.
    var missionClock: MarsMissionClock {
        switch self {
        case .curiosity: .curiosity
        case .insight: .insight
        }
    }

    /// Where it is.
    var site: String {
        switch self {
        case .curiosity: CuriosityWeatherText.site
        case .insight: "Elysium Planitia"
        }
    }
}
