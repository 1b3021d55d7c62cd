import Foundation
import SpaceData
import Streams

/// Everything `space-weather` shows, fetched at once: each NOAA product with
/// where it came from, or why it is missing. The Kp index is required; the
/// rest may each fail alone (a removed product does not hide the others).
struct SpaceWeatherReport: Sendable {
    var kpIndex: Sourced<KpSeries>
    var kpForecast: Result<Sourced<KpSeries>, ServiceFailure>
    var scales: Result<Sourced<NOAAScales>, ServiceFailure>
    var alerts: Result<Sourced<[SpaceWeatherAlert]>, ServiceFailure>
    /// When a place was given.
    var aurora: AuroraAtPlace?
    /// The run's clock: what counts as past, and every age.
    var now: Date

    struct AuroraAtPlace: Sendable {
        var place: GeographicCoordinate
        var grid: Result<Sourced<AuroraGrid>, ServiceFailure>
        var darkness: Darkness
    }

    /// How far back the alerts are listed.
    static let alertWindow: TimeInterval = 86_400

    /// The products asked for together; under `--strict`, the first missing one fails the run.
    /// - Parameter kpOnly: the Kp products alone (`--format`'s line needs no scales or alerts).
    static func fetch(_ service: SpaceWeatherService, policy: FetchPolicy, place: GeographicCoordinate?, now: Date,
                      kpOnly: Bool = false) async throws -> SpaceWeatherReport {
        let notAsked = ServiceFailure.nothingToShow("not asked for")
        async let index = result(service.kpIndex(policy))
        async let forecast = result(service.kpForecast(policy))
        async let scales: Result<Sourced<NOAAScales>, ServiceFailure> = kpOnly ? .failure(notAsked) : result(service.scales(policy))
        async let alerts: Result<Sourced<[SpaceWeatherAlert]>, ServiceFailure> = kpOnly ? .failure(notAsked) : result(service.alerts(policy))
        async let grid = place == nil ? nil : result(service.auroraGrid(policy))
        var aurora: AuroraAtPlace?
        if let place {
            aurora = AuroraAtPlace(place: place, grid: await grid ?? .failure(.nothingToShow("no aurora grid")),
                                   darkness: Darkness(at: place, around: now))
        }
        let report = SpaceWeatherReport(kpIndex: try await index.get(), kpForecast: await forecast, scales: await scales,
                                        alerts: await alerts, aurora: aurora, now: now)
        if policy.strict {
            let asked = [report.kpForecast.map { _ in () }, report.aurora?.grid.map { _ in () } ?? .success(())]
                + (kpOnly ? [] : [report.scales.map { _ in () }, report.alerts.map { _ in () }])
            for case .failure(let failure) in asked { throw failure }
        }
        return report
    }

    static func result<Value>(_ publisher: AnyPublisher<Value, ServiceFailure>) async -> Result<Value, ServiceFailure> {
        do {
            return .success(try await publisher.firstResult())
        } catch let failure as ServiceFailure {
            return .failure(failure)
        } catch {
            return .failure(.nothingToShow("\(error)"))
        }
    }

    // MARK: - What is shown

    /// The observed (and estimated) Kp of both products up to `now`, the
    /// index's own values winning where both have an interval. (SWPC marks the
    /// interval after the current one "estimated" too: it is not shown before its time.)
    var observed: KpSeries {
        let fromForecast = (try? kpForecast.get().value.readings.filter { $0.kind != .predicted }) ?? []
        return KpSeries((fromForecast + kpIndex.value.readings).filter { $0.time <= now })
    }

    /// The newest observed or estimated interval.
    var latest: KpReading? { observed.latestObserved }

    /// The predictions still ahead at `now`: an old forecast shows none.
    var forecast: [KpReading] {
        (try? kpForecast.get().value.forecast(after: now)) ?? []
    }

    /// The alerts of the last 24 hours, newest first.
    var recentAlerts: [SpaceWeatherAlert] {
        (try? alerts.get().value).map { SpaceWeatherAlert.recent($0, within: Self.alertWindow, of: now) } ?? []
    }

    /// Every notice of every product, each once, in order.
    var notices: [Notice] {
        var all = kpIndex.notices
        all += (try? kpForecast.get().notices) ?? []
        all += (try? scales.get().notices) ?? []
        all += (try? alerts.get().notices) ?? []
        all += (try? aurora?.grid.get().notices) ?? []
        var seen: [Notice] = []
        for notice in all where !seen.contains(notice) { seen.append(notice) }
        return seen
    }

    /// "2 h 5 min ago", "88 days ago", "just now".
    func age(of date: Date) -> String {
        let seconds = now.timeIntervalSince(date)
        if seconds < 60 { return seconds < -60 ? "in \(AgeText.describe(-seconds))" : "just now" }
        return "\(AgeText.describe(seconds)) ago"
    }
}
