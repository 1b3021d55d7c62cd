import Foundation

/// Why `spacedash launches` could not show launches at all (each fallback
/// that did work is a `Notice` instead).
public enum LaunchServiceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `--strict` and no live (or fresh cached) answer: `reason` says why.
    case strictWithoutLiveData(reason: String)
    /// The environment asks for something impossible (a malformed URL).
    case badConfiguration(String)
    /// `--file PATH` could not be read.
    case fileUnreadable(path: String, reason: String)
    /// `--file PATH` was read but is not a Launch Library response.
    case fileNotLaunches(path: String, reason: String)
    /// No live or cached launches of the timeframe asked for, and the bundled
    /// sample has none either (it lists upcoming launches): the message says so.
    case nothingToShow(String)
    /// The bundled sample did not decode: a broken build, ruled out by a test.
    case sampleBroken(String)

    public var description: String {
        switch self {
        case .strictWithoutLiveData(let reason):
            return "no live launch data (--strict): \(reason)"
        case .badConfiguration(let message):
            return message
        case .fileUnreadable(let path, let reason):
            return "cannot read \(path): \(reason)"
        case .fileNotLaunches(let path, let reason):
            return "\(path) is not a Launch Library response: \(reason)"
        case .nothingToShow(let message):
            return message
        case .sampleBroken(let message):
            return "the bundled launch sample is damaged (\(message)); reinstall spacedash"
        }
    }
}
