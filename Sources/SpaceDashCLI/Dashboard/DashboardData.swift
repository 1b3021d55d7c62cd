import Foundation
import SpaceData
import Streams

/// One panel's data, or the one line saying why it has none (`--strict`,
/// a broken sample). A failing panel never takes the other one down.
enum PanelData<Value: Sendable>: Sendable {
    case loaded(Sourced<Value>)
    case failed(String)

    var sourced: Sourced<Value>? {
        if case .loaded(let sourced) = self { return sourced }
        return nil
    }

    /// Why the panel has no data, nil when it has.
    var failure: String? {
        if case .failed(let message) = self { return message }
        return nil
    }
}

/// The weather panel's data: one station's sols (the two missions' sols are never mixed).
enum MarsPanelWeather: Sendable {
    /// Curiosity's REMS feed: the default, still reporting.
    case curiosity(CuriosityFeed)
    /// InSight's archive: only when asked for (`--station insight`).
    case insight(InSightFeed)
}

/// What the dashboard shows: both panels, each with its own origin.
struct DashboardData: Sendable {
    var marsWeather: PanelData<MarsPanelWeather>
    var launches: PanelData<LaunchList>

    /// Subscribes to both sources at once and emits when both have answered,
    /// so the dashboard takes as long as the slower source, not the sum.
    /// Each source's failure becomes its panel's message.
    static func combining<Mars: Publisher, Launches: Publisher>(
        marsWeather: Mars, launches: Launches
    ) -> AnyPublisher<DashboardData, Never>
    where Mars.Output == Sourced<MarsPanelWeather>, Launches.Output == Sourced<LaunchList>,
          Mars.Failure == ServiceFailure, Launches.Failure == ServiceFailure {
        let mars = marsWeather
            .map { PanelData<MarsPanelWeather>.loaded($0) }
            .catch { Just(PanelData<MarsPanelWeather>.failed($0.commandError.message)) }
        let launches = launches
            .map { PanelData<LaunchList>.loaded($0) }
            .catch { Just(PanelData<LaunchList>.failed($0.commandError.message)) }
        return mars.zip(launches)
            .map { DashboardData(marsWeather: $0, launches: $1) }
            .eraseToAnyPublisher()
    }
}
