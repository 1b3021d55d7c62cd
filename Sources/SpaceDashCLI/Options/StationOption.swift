/// `--station`, declared once for the commands that show Mars weather
/// (`mars-weather`, the dashboard).
enum StationOption {
    static let station = Option<MarsStation>("station", default: .curiosity,
                                             help: "Whose weather: curiosity (REMS, Gale crater, still reporting) or insight (Elysium Planitia, stopped in 2022: the last seven sols its API serves, or the bundled sols 675–681)",
                                             config: .topLevel)

    static func station(_ arguments: ParsedArguments) -> MarsStation {
        arguments[station]
    }
}

/// The weather stations `mars-weather` and the dashboard can show.
enum MarsStation: String, CaseIterable, Sendable, ArgumentValue {
    /// REMS on Curiosity, Gale crater: still reporting.
    case curiosity
    /// InSight's TWINS/PS, Elysium Planitia: reported 2018-11 to 2022-12.
    case insight
}
