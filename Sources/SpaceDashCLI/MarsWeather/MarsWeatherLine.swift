import Foundation
import SpaceData

/// `mars-weather --format TEMPLATE`: the latest sol (or `--sol`'s) as one line
/// for status bars, as wttr.in's `format=3` gives the weather:
///
///     --format '{site} sol {sol}: {temperature}, {pressure}, UV {uv} ({age})'
///     Gale sol 4801: -67/2 °C, 807 Pa, UV moderate (293 d old)
///
/// Numbers are whole (a status bar has no room for tenths); a value the
/// station does not give (UV at InSight, wind at Curiosity) is —.
struct MarsWeatherLine {
    enum Placeholder: String, LinePlaceholder {
        case station, site, sol, date, temperature, pressure, uv, wind, age
        case nowSol = "now_sol", nowTime = "now_time", nowLs = "now_ls", nowSeason = "now_season", lightTime = "light_time"

        static let example = "{sol} {temperature}"

        var help: String {
            switch self {
            case .station: "Curiosity or InSight"
            case .site: "Gale or Elysium Planitia"
            case .sol: "the sol shown: the latest reported, or --sol's"
            case .date: "its Earth date, e.g. 2026-02-07"
            case .temperature: "its air temperature, low/high, e.g. -67/2 °C"
            case .pressure: "its pressure, e.g. 807 Pa"
            case .uv: "its UV index, e.g. moderate (Curiosity)"
            case .wind: "its average wind and where it blew from most, e.g. 5 m/s WNW (InSight)"
            case .age: "how long ago its Earth date was, e.g. 293 d old"
            case .nowSol: "the sol at the station now, in its mission's count"
            case .nowTime: "the local mean solar time there now, e.g. 12:57"
            case .nowLs: "Mars's solar longitude now, e.g. Ls 28°"
            case .nowSeason: "the season there now, e.g. southern autumn"
            case .lightTime: "how long light takes from Earth to Mars now, e.g. 10 min 1 s"
            }
        }
    }

    /// What one sol gives, whichever station measured it.
    struct Sol {
        var sol: Int
        var date: EarthDate
        var low: Double?
        var high: Double?
        var pressure: Double?
        var uv: String?
        /// The average wind, m/s.
        var windSpeed: Double?
        /// The compass point it blew from most.
        var windFrom: String?
    }

    let template: LineTemplate<Placeholder>

    /// - Throws: `UsageError` for an unknown placeholder, a brace alone or an empty template (`LineTemplate`).
    init(_ text: String) throws(UsageError) {
        template = try LineTemplate(text)
    }

    /// The line for `sol` of `station`, "now" being `today`'s time.
    func render(_ sol: Sol, station: MarsStation, today: MarsToday, units: MarsWeatherUnits, glyphs: Glyphs) -> String {
        template.render(missing: glyphs.missing) { Self.value($0, sol, station: station, today: today, units: units, glyphs: glyphs) }
    }

    static func value(_ placeholder: Placeholder, _ sol: Sol, station: MarsStation, today: MarsToday, units: MarsWeatherUnits, glyphs: Glyphs) -> String? {
        switch placeholder {
        case .station: station == .curiosity ? "Curiosity" : "InSight"
        case .site: station == .curiosity ? "Gale" : "Elysium Planitia"
        case .sol: String(sol.sol)
        case .date: sol.date.description
        case .temperature:
            if sol.low == nil && sol.high == nil { nil } else {
                "\(whole(sol.low.map(units.temperature)) ?? glyphs.missing)/\(whole(sol.high.map(units.temperature)) ?? glyphs.missing) \(glyphs.unit(units.temperatureSymbol))"
            }
        case .pressure: whole(sol.pressure).map { "\($0) Pa" }
        case .uv: sol.uv
        case .wind:
            [whole(sol.windSpeed.map(units.speed)).map { "\($0) \(units.speedSymbol)" }, sol.windFrom].compactMap { $0 }.nilIfEmpty?.joined(separator: " ")
        case .age: "\(EarthDate(secondsSince1970: today.time.timeIntervalSince1970).daysSince1970 - sol.date.daysSince1970) d old"
        case .nowSol: String(today.sol)
        case .nowTime: MarsToday.clock(today.localMeanSolarTime, seconds: false)
        case .nowLs: "Ls \(Int(today.solarLongitude))\(glyphs.degree)"
        case .nowSeason: today.season.map { "\(today.hemisphere.rawValue) \($0.rawValue)" }
        case .lightTime: MarsToday.duration(today.lightTime)
        }
    }

    /// "-67", "2"; nil for no value (or none a number can show).
    static func whole(_ value: Double?) -> String? {
        guard let value, value.isFinite, abs(value) < 1e15 else { return nil }
        return String(Int(value.rounded()))
    }
}

extension MarsWeatherLine.Sol {
    /// Curiosity's air temperature, pressure and UV index.
    init(_ sol: CuriositySol) {
        self.init(sol: sol.sol, date: sol.earthDate, low: sol.airTemperature.low, high: sol.airTemperature.high,
                  pressure: sol.pressure, uv: sol.uvIndex.map { $0.displayName.lowercased() })
    }

    /// InSight's temperature, pressure and wind (its date: the UTC date of the sol's first datum).
    init(_ sol: InSightSol) {
        self.init(sol: sol.sol, date: EarthDate(secondsSince1970: sol.firstUTC.timeIntervalSince1970),
                  low: sol.temperature?.minimum, high: sol.temperature?.maximum, pressure: sol.pressure?.average,
                  windSpeed: sol.windSpeed?.average, windFrom: sol.wind?.mostCommon?.point)
    }
}

extension Array {
    fileprivate var nilIfEmpty: Self? { isEmpty ? nil : self }
}
