/// An astronomical season on Mars, from the solar longitude Ls, for one
/// hemisphere: the two hemispheres have opposite seasons, so a season name
/// without its hemisphere says nothing. (Mars months are not seasons: month N
/// is simply Ls from 30·(N−1)° to 30·N°.)
public enum MarsSeason: String, Sendable, Equatable, CaseIterable {
    case spring, summer, autumn, winter

    public enum Hemisphere: String, Sendable, Equatable {
        case northern, southern
    }

    /// Northern spring starts at Ls 0° (the northern spring equinox), summer
    /// at 90°, autumn at 180°, winter at 270°; the south is half a year apart.
    public init?(solarLongitude ls: Double, hemisphere: Hemisphere) {
        guard ls.isFinite, ls >= 0, ls < 360 else { return nil }
        let northern: [MarsSeason] = [.spring, .summer, .autumn, .winter]
        let quarter = Int(ls / 90)
        self = northern[(quarter + (hemisphere == .southern ? 2 : 0)) % 4]
    }

    /// The Mars month 1–12 of a solar longitude.
    public static func marsMonth(solarLongitude ls: Double) -> Int? {
        guard ls.isFinite, ls >= 0, ls < 360 else { return nil }
        return Int(ls / 30) + 1
    }
}
