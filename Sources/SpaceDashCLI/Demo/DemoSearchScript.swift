import Foundation
import SpaceData
import Streams
import Synchronization
import Terminal

/// One part of the demo's scripted search: keys pressed one after another,
/// then a wait for the results they lead to.
struct DemoSearchPhase: Sendable, Equatable {
    /// What the phase does, in a user's words: `You type "apollo":`.
    var title: String
    var keys: [KeyPress]

    /// Each character of `text` as one key.
    static func typing(_ text: String, title: String) -> DemoSearchPhase {
        DemoSearchPhase(title: title, keys: text.map { KeyPress(.text(String($0))) })
    }

    /// Backspace `count` times.
    static func backspacing(_ count: Int, title: String) -> DemoSearchPhase {
        DemoSearchPhase(title: title, keys: Array(repeating: KeyPress(.backspace), count: count))
    }

    /// The demo's script over the bundled history: type a word, refine it with
    /// another, clear it key by key, type another.
    static let script: [DemoSearchPhase] = [
        .typing("apollo", title: "You type \"apollo\":"),
        .typing(" 11", title: "You add \" 11\":"),
        .backspacing(9, title: "You clear it with Backspace (the selected launch stays selected):"),
        .typing("vostok", title: "You type \"vostok\":"),
    ]
}

/// The script's clock: how fast keys come and how long the debounce waits.
struct DemoSearchTiming: Sendable, Equatable {
    /// Between two keys of a phase.
    var keyInterval: Duration = .milliseconds(80)
    /// The interactive search's debounce.
    var debounce: Duration = .milliseconds(300)
    /// After a phase's results, before the next phase: time to read them.
    var pause: Duration = .milliseconds(900)
    /// How long to wait for a phase's results before giving up (never reached
    /// unless the pipeline is broken; it keeps the demo from hanging).
    var resultLimit: Duration = .seconds(10)

    static let standard = DemoSearchTiming()

    /// Every duration divided by `speed` (`--speed 2` runs twice as fast).
    func scaled(by speed: Double) -> DemoSearchTiming {
        precondition(speed > 0 && speed.isFinite, "speed must be positive")
        func scale(_ duration: Duration) -> Duration { .nanoseconds(Int64((Double(duration.nanoseconds) / speed).rounded())) }
        return DemoSearchTiming(keyInterval: scale(keyInterval), debounce: scale(debounce), pause: scale(pause),
                                resultLimit: max(scale(resultLimit), .seconds(2)))
    }
}

/// What happened in one phase, from the view model's counters.
struct DemoSearchPhaseSummary: Sendable, Equatable {
    var phase: DemoSearchPhase
    /// Keys the view model handled.
    var keystrokes: Int
    /// Searches the view model started during the phase (`state.searchCount`).
    var searches: Int
    /// The query when the results came.
    var query: String
    var resultCount: Int
}

/// What the session reports, in order, on its scheduler.
enum DemoSearchEvent: Sendable {
    /// The data is indexed and the empty query's results are in: the script starts.
    case ready(launchCount: Int)
    case phaseStarted(index: Int, DemoSearchPhase)
    /// A key was handled and the prompt changed at once; `elapsed` counts from the phase's start.
    case prompt(LaunchSearchState, elapsed: Duration)
    /// Results arrived (`state.matches`). `sinceLastKey` is nil for results
    /// that came while keys were still coming.
    case results(LaunchSearchState, elapsed: Duration, sinceLastKey: Duration?)
    case phaseFinished(DemoSearchPhaseSummary)
}

/// Why the session stopped before its end.
struct DemoSearchError: Error, CustomStringConvertible {
    var description: String
}
