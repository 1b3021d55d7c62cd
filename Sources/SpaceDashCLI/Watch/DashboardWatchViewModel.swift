import Foundation
import SpaceData
import Streams

/// What `spacedash --watch` shows: the launches as `launches --watch` has them,
/// and the weather with its own refresh.
struct DashboardWatchState: Sendable {
    var launches: LaunchWatchState
    /// The weather panel's data, nil before the first answer.
    var weather: PanelData<MarsPanelWeather>?
    var weatherRefresh = RefreshSchedule<Sourced<MarsPanelWeather>>.Status()
    /// Why the weather on screen is older than the last refresh (it failed).
    var weatherNotice: String?
}

/// The pipelines of `spacedash --watch`: the launches of a `LaunchWatchViewModel`
/// (ticks every second, a refresh every 10 minutes within Launch Library's
/// limits, change marks, lift-offs), and the weather on a `RefreshSchedule` of
/// its own, every 6 hours: the feeds publish about one sol a day. Both run on the
/// same scheduler, each on its own schedule; `onChange` reports each new state.
final class DashboardWatchViewModel: WatchModel, @unchecked Sendable {
    typealias WeatherLoad = RefreshSchedule<Sourced<MarsPanelWeather>>.Load

    static let weatherInterval: TimeInterval = 6 * 3600
    /// `r` asks the weather feed again at most this often.
    static let weatherMinimumSpacing: TimeInterval = 10 * 60

    let launches: LaunchWatchViewModel
    private let weather: RefreshSchedule<Sourced<MarsPanelWeather>>

    private(set) var state: DashboardWatchState
    var onChange: ((DashboardWatchState) -> Void)?

    private var isStarted = false

    init(launches: LaunchWatchViewModel, weather load: @escaping WeatherLoad,
         weatherInterval: TimeInterval = DashboardWatchViewModel.weatherInterval) {
        self.launches = launches
        weather = RefreshSchedule(load: load, interval: weatherInterval, minimumSpacing: Self.weatherMinimumSpacing,
                                  clock: launches.clock)
        state = DashboardWatchState(launches: launches.state)
        launches.onChange = { [weak self] launches in
            self?.state.launches = launches
            self?.changed()
        }
        weather.received = { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let sourced):
                self.state.weather = .loaded(sourced)
                self.state.weatherNotice = nil
            case .failure(let failure):
                // The last weather stays on screen, with why it is not newer.
                if self.state.weather?.sourced == nil {
                    self.state.weather = .failed(failure.commandError.message)
                } else {
                    self.state.weatherNotice = failure.commandError.message
                }
            }
        }
        weather.changed = { [weak self] in
            guard let self else { return }
            self.state.weatherRefresh = self.weather.status
            self.changed()
        }
    }

    /// Starts both pipelines; once (the view comes back to a model that runs).
    func start() {
        guard !isStarted else { return }
        isStarted = true
        launches.start()
        weather.start()
    }

    func stop() {
        launches.stop()
        weather.stop()
    }

    /// `r`: the launches now when Launch Library's limits allow (else it says when),
    /// and the weather unless it was asked in the last 10 minutes.
    func refreshNow() {
        launches.refreshNow()
        weather.refreshNow()
    }

    private func changed() {
        onChange?(state)
    }
}
