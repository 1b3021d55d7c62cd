import Foundation

/// How many of Launch Library's updates `launches show` lists: `--updates 3`, `--updates all`.
enum UpdateCount: Sendable, Equatable, ArgumentValue {
    case latest(Int)
    case all

    static func parse(argument: String) throws(InvalidArgumentValue) -> UpdateCount {
        if argument.lowercased() == "all" { return .all }
        guard let count = Int(argument.trimmingCharacters(in: .whitespaces)), count >= 0 else {
            throw InvalidArgumentValue("expected \(expectation)")
        }
        return .latest(count)
    }

    static var expectation: String { "a whole number (0 or more) or 'all'" }

    var argumentDescription: String? {
        switch self {
        case .latest(let count): String(count)
        case .all: "all"
        }
    }

    /// The first of `updates` (newest first) to show.
    func prefix<T>(of updates: [T]) -> ArraySlice<T> {
        switch self {
        case .latest(let count): updates.prefix(count)
        case .all: updates[...]
        }
    }
}
