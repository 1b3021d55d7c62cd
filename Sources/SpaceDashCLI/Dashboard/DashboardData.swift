import Foundation
import SpaceData
import Streams
import Synchronization

/// One panel's data, or the one line saying why it has none (`--strict`,
/// a broken sample). A failing panel never takes the other one down.
enum PanelData<Value: Sendable>: Sendable {
    case loaded(Sourced<Value>)
    case failed(String)

    var sourced: Sourced<Value>? {
        if case .loaded(let sourced) = self { return sourced }
        return nil
    }
}

/// What the dashboard shows: both panels, each with its own origin.
struct DashboardData: Sendable {
    var marsWeather: PanelData<InSightFeed>
    var launches: PanelData<LaunchList>

    /// Subscribes to both sources at once and emits when both have answered,
    /// so the dashboard takes as long as the slower source, not the sum.
    /// Each source's failure becomes its panel's message.
    static func combining<Mars: Publisher, Launches: Publisher>(
        marsWeather: Mars, launches: Launches
    ) -> AnyPublisher<DashboardData, Never>
    where Mars.Output == Sourced<InSightFeed>, Launches.Output == Sourced<LaunchList> {
        let mars = marsWeather
            .map { PanelData<InSightFeed>.loaded($0) }
            .catch { Just(PanelData<InSightFeed>.failed(String(describing: $0))) }
        let launches = launches
            .map { PanelData<LaunchList>.loaded($0) }
            .catch { Just(PanelData<LaunchList>.failed(String(describing: $0))) }
        return mars.zip(launches)
            .map { DashboardData(marsWeather: $0, launches: $1) }
            .eraseToAnyPublisher()
    }
}

extension LaunchService {
    /// `load` as a cold publisher: each subscription loads once; cancelling
    /// the subscription cancels the request.
    func publisher(_ request: Request) -> AnyPublisher<Sourced<LaunchList>, LaunchServiceError> {
        Deferred {
            let loading = LoadingHandle()
            return Future<Sourced<LaunchList>, LaunchServiceError> { promise in
                // Future's promise is safe from any thread (its state is locked).
                nonisolated(unsafe) let fulfil = promise
                loading.hold(self.load(request) { fulfil($0) })
            }
            .handleEvents(receiveCancel: { loading.cancel() })
        }
        .eraseToAnyPublisher()
    }
}

/// Keeps a load alive (its `AnyCancellable` cancels when released) until it
/// answers or the subscriber cancels.
final class LoadingHandle: Sendable {
    private let cancellable = Mutex<AnyCancellable?>(nil)

    func hold(_ load: AnyCancellable) {
        cancellable.withLock { $0 = load }
    }

    func cancel() {
        let load = cancellable.withLock { value -> AnyCancellable? in
            defer { value = nil }
            return value
        }
        load?.cancel()
    }
}
