/// Why a service has nothing to show at all: every service fails with this
/// one type (each step down that did work is a `Notice` instead). The wording
/// here names no flag; the CLI words each case for its users and picks the
/// exit code, in one place.
public enum ServiceFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// Live data was required (`FetchPolicy.strict`) and none came: `reason`
    /// says why. `subject` names the data: "Mars weather", "launch data".
    case noLiveData(subject: String, reason: Notice)
    /// Neither live data nor a cached copy, and the bundled sample holds none
    /// of what was asked for (past launches): the message says all that.
    case nothingToShow(String)
    /// The bundled sample did not decode: a broken build, ruled out by tests.
    case sampleBroken(subject: String, detail: String)
    /// A saved file (`LaunchService.load(file:)`) could not be read.
    case fileUnreadable(path: String, reason: String)
    /// A saved file was read but does not hold what was expected.
    case fileNotLaunches(path: String, reason: String)
    /// A saved file is spacedash's own dashboard JSON, not launches.
    case fileIsDashboard(path: String)

    public var description: String {
        switch self {
        case .noLiveData(let subject, let reason):
            return "no live \(subject): \(reason.message)"
        case .nothingToShow(let message):
            return message
        case .sampleBroken(let subject, let detail):
            return "the bundled sample of \(subject) is damaged (\(detail)); reinstall spacedash"
        case .fileUnreadable(let path, let reason):
            return "cannot read \(path): \(reason)"
        case .fileNotLaunches(let path, let reason):
            return "\(path) is not a Launch Library response: \(reason)"
        case .fileIsDashboard(let path):
            return "\(path) is spacedash's dashboard JSON, not a list of launches"
        }
    }
}
