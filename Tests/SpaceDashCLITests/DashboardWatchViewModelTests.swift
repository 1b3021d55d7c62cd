import Foundation
import SpaceData
import Streams
import Synchronization
import Testing
@testable import SpaceDashCLI

/// `spacedash --watch`'s two pipelines on virtual time: Launch Library's real listing
/// of 20 July 2026 (the bundled one) and Curiosity's bundled sample as what each
/// refresh answers; each load is recorded with its virtual second and `ask`.
@Suite struct DashboardWatchViewModelTests {
    static let noon = LaunchWatchViewModelTests.noon

    /// The weather feed as scripted: each load answers the bundled sample, or fails
    /// while `failing` is set.
    final class ScriptedWeather: Sendable {
        private let loads = Mutex<[String]>([])
        let failing = Mutex(false)
        let scheduler: TestSchedulerOf<DispatchQueue>
        let start: DispatchQueue.SchedulerTimeType

        init(scheduler: TestSchedulerOf<DispatchQueue>) {
            self.scheduler = scheduler
            start = scheduler.now
        }

        var recorded: [String] { loads.withLock { $0 } }

        func load(_ ask: Bool) -> AnyPublisher<Sourced<MarsPanelWeather>, ServiceFailure> {
            let second = Int(start.distance(to: scheduler.now).magnitude / 1_000_000_000)
            loads.withLock { $0.append("\(ask ? "ask" : "cache")@\(second)s") }
            if failing.withLock({ $0 }) {
                return Fail(error: ServiceFailure.nothingToShow("Curiosity's feed did not answer")).eraseToAnyPublisher()
            }
            return Just(Sourced(MarsPanelWeather.curiosity(try! CuriositySample.feed()), origin: .sample))
                .setFailureType(to: ServiceFailure.self).eraseToAnyPublisher()
        }
    }

    static func model(_ scheduler: TestSchedulerOf<DispatchQueue>) throws
        -> (DashboardWatchViewModel, LaunchWatchViewModelTests.ScriptedLoads, ScriptedWeather) {
        let launches = LaunchWatchViewModelTests.ScriptedLoads([try LaunchWatchViewModelTests.listing()], scheduler: scheduler)
        let weather = ScriptedWeather(scheduler: scheduler)
        let model = DashboardWatchViewModel(launches: LaunchWatchViewModelTests.model(launches), weather: { weather.load($0) })
        return (model, launches, weather)
    }

    @Test func launchesRefreshEveryTenMinutesAndTheWeatherEverySixHoursEachOnItsOwnSchedule() throws {
        let scheduler = DispatchQueue.test
        let (model, launches, weather) = try Self.model(scheduler)
        model.start()
        scheduler.advance(by: .seconds(3600))
        #expect(launches.loads == ["cache@0s", "ask@600s", "ask@1200s", "ask@1800s", "ask@2400s", "ask@3000s", "ask@3600s"])
        #expect(weather.recorded == ["cache@0s"], "the weather once in the first hour, from the cache")
        #expect(model.state.weatherRefresh.nextRefresh == Self.noon.addingTimeInterval(6 * 3600))
        scheduler.advance(by: .seconds(5 * 3600))
        #expect(weather.recorded == ["cache@0s", "ask@21600s"], "six hours on, the feed is asked")
        #expect(launches.loads.count == 37, "and the launches went on every 10 minutes: 6 × 6 + the first")
        scheduler.advance(by: .seconds(6 * 3600))
        #expect(weather.recorded == ["cache@0s", "ask@21600s", "ask@43200s"])
        model.stop()
    }

    @Test func bothPanelsAreOnTheStateAndTheCountdownsTick() throws {
        let scheduler = DispatchQueue.test
        let (model, _, _) = try Self.model(scheduler)
        let states = Mutex(0)
        model.onChange = { _ in states.withLock { $0 += 1 } }
        model.start()
        scheduler.advance(by: .seconds(2))
        #expect(model.state.weather?.sourced != nil)
        #expect(model.state.launches.upcoming.first?.launch.name == "Falcon 9 Block 5 | Starlink Group 17-39")
        #expect(model.state.launches.now == Self.noon.addingTimeInterval(2))
        #expect(states.withLock { $0 } >= 2, "each tick is a new state to draw")
        model.stop()
    }

    @Test func aFailedWeatherRefreshKeepsTheLastWeatherAndSaysWhyAndTheLaunchesGoOn() throws {
        let scheduler = DispatchQueue.test
        let (model, launches, weather) = try Self.model(scheduler)
        model.start()
        scheduler.advance()
        weather.failing.withLock { $0 = true }
        scheduler.advance(by: .seconds(6 * 3600))
        #expect(weather.recorded == ["cache@0s", "ask@21600s"])
        #expect(model.state.weather?.sourced != nil, "the sample stays on screen")
        #expect(model.state.weatherNotice == "Curiosity's feed did not answer")
        #expect(model.state.weatherRefresh.nextRefresh == Self.noon.addingTimeInterval(12 * 3600), "and is asked again in 6 hours")
        #expect(launches.loads.count == 37)
        weather.failing.withLock { $0 = false }
        scheduler.advance(by: .seconds(6 * 3600))
        #expect(model.state.weatherNotice == nil)
        model.stop()
    }

    @Test func rRefreshesTheLaunchesWithinTheirLimitAndTheWeatherAtMostEveryTenMinutes() throws {
        let scheduler = DispatchQueue.test
        let (model, launches, weather) = try Self.model(scheduler)
        model.start()
        scheduler.advance(by: .seconds(300))
        model.refreshNow()
        #expect(launches.loads == ["cache@0s", "ask@300s"], "four minutes after the last request: at once")
        #expect(weather.recorded == ["cache@0s"], "the weather was asked 5 minutes ago")
        #expect(model.state.weatherRefresh.nextRefresh == Self.noon.addingTimeInterval(600), "so it is asked at 10 minutes")
        scheduler.advance(by: .seconds(300))
        #expect(weather.recorded == ["cache@0s", "ask@600s"])
        model.stop()
    }

    @Test func startingAgainLeavesTheSchedulesAsTheyWere() throws {
        let scheduler = DispatchQueue.test
        let (model, launches, weather) = try Self.model(scheduler)
        model.start()
        scheduler.advance(by: .seconds(60))
        // The view comes back from the search: the model was left running.
        model.start()
        scheduler.advance(by: .seconds(60))
        #expect(launches.loads == ["cache@0s"])
        #expect(weather.recorded == ["cache@0s"])
        model.stop()
    }
}
