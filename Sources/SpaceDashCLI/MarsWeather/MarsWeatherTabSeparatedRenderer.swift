import SpaceData

/// `spacedash mars-weather` into a pipe: one sol a line, the table's columns
/// in the table's order, separated by tabs (`TabSeparated`'s rules: no
/// header, a value not measured an empty field, never a 0 or a dash), numbers
/// as the feed gives them in the units of `--units`, dates ISO-8601 (UTC).
///
///     InSight:   sol  earth_date  season  low  avg  high  pressure_pa  wind  gust  wind_from
///     Curiosity: sol  earth_date  mars_month  ls  air_low  air_high  ground_low  ground_high
///                pressure_pa  uv  sunrise  sunset
///
/// Temperatures are in °C (°F with `--units imperial`), InSight's wind in m/s
/// (mph), pressure always in Pa, Ls in degrees, sunrise and sunset local Mars time.
enum MarsWeatherTabSeparatedRenderer {
    static func insightFieldNames(_ units: MarsWeatherUnits) -> [String] {
        let t = units == .metric ? "c" : "f"
        let speed = units == .metric ? "mps" : "mph"
        return ["sol", "earth_date", "season", "low_\(t)", "avg_\(t)", "high_\(t)", "pressure_pa", "wind_\(speed)", "gust_\(speed)", "wind_from"]
    }

    static func curiosityFieldNames(_ units: MarsWeatherUnits) -> [String] {
        let t = units == .metric ? "c" : "f"
        return ["sol", "earth_date", "mars_month", "ls", "air_low_\(t)", "air_high_\(t)", "ground_low_\(t)", "ground_high_\(t)",
                "pressure_pa", "uv", "sunrise", "sunset"]
    }

    /// One InSight sol: the average, low and high of each sensor NASA summarised.
    static func line(_ sol: InSightSol, units: MarsWeatherUnits) -> String {
        let temperature = units.temperature(sol.temperature)
        let wind = units.speed(sol.windSpeed)
        return TabSeparated.row([
            String(sol.sol),
            MarsWeatherFormat.day(sol.firstUTC),
            InSightSeason(sol).name,
            TabSeparated.number(temperature?.minimum),
            TabSeparated.number(temperature?.average),
            TabSeparated.number(temperature?.maximum),
            TabSeparated.number(units.pressure(sol.pressure)?.average),
            TabSeparated.number(wind?.average),
            TabSeparated.number(wind?.maximum),
            sol.wind?.mostCommon?.point,
        ])
    }

    /// One Curiosity sol: REMS's lows and highs (it publishes no average).
    static func line(_ sol: CuriositySol, units: MarsWeatherUnits) -> String {
        func temperature(_ celsius: Double?) -> String? {
            TabSeparated.number(CuriosityFormat.temperature(celsius, units))
        }
        return TabSeparated.row([
            String(sol.sol),
            sol.earthDate.description,
            sol.marsMonth.map(String.init),
            TabSeparated.number(sol.solarLongitude),
            temperature(sol.airTemperature.low),
            temperature(sol.airTemperature.high),
            temperature(sol.groundTemperature.low),
            temperature(sol.groundTemperature.high),
            TabSeparated.number(sol.pressure),
            sol.uvIndex?.displayName,
            sol.sunrise?.description,
            sol.sunset?.description,
        ])
    }
}
