import Foundation
import SpaceData

/// What `spacedash notify` remembers between runs, in `notify.json`: the
/// launches it watches (as last seen, and which reminders went out for which
/// NET), the launches the user follows, the once-only alerts of other sources,
/// and its own requests to Launch Library (to keep to the hourly limit).
struct NotifyState: Codable, Sendable, Equatable {
    /// Written first in the file: a file without it is not ours.
    static let currentFormat = "spacedash-notify 1"

    var format = NotifyState.currentFormat
    /// By launch id.
    var launches: [String: LaunchRecord] = [:]
    /// Once-only alerts of sources that keep no record of their own, by key,
    /// with the moment after which the key can be forgotten.
    var delivered: [String: Date] = [:]
    /// When this tool asked Launch Library, within the last hour.
    var requests: [Date] = []

    /// One launch as notify knows it.
    struct LaunchRecord: Codable, Sendable, Equatable {
        /// As last seen: changes are told against it.
        var launch: Launch
        /// Followed (`launches follow`): every change is told.
        var followed = false
        /// The NET the reminders in `sentLeads` count for; a NET moved from it re-arms them.
        var armedNet: Date?
        /// The leads (seconds before T-0) whose reminder went out, or was passed over for a shorter one.
        var sentLeads: [Int] = []
        /// The leads whose fresh request (just before the reminder) was made.
        var refreshedLeads: [Int] = []
        /// The webcast's address, from the detailed record.
        var webcastURL: String?

        init(launch: Launch, followed: Bool = false) {
            self.launch = launch
            self.followed = followed
        }
    }

    /// The followed launches, soonest first.
    var followed: [LaunchRecord] {
        launches.values.filter(\.followed).sorted { ($0.launch.net ?? .distantFuture, $0.launch.id) < ($1.launch.net ?? .distantFuture, $1.launch.id) }
    }

    /// Forgets what no longer matters at `now`: launches a day past that nobody
    /// follows, once-only keys past their time, requests over an hour old.
    mutating func prune(at now: Date) {
        launches = launches.filter { _, record in
            record.followed || !(record.launch.passesAt.map { now.timeIntervalSince($0) > 86_400 } ?? false)
        }
        delivered = delivered.filter { $0.value > now }
        requests = requests.filter { now.timeIntervalSince($0) < 3600 }
    }

    /// How many requests this tool made in the hour before `now`.
    func requestCount(inHourBefore now: Date) -> Int {
        requests.count { now.timeIntervalSince($0) < 3600 && $0 <= now }
    }

    // MARK: - The file's form

    static func decode(_ data: Data) throws -> NotifyState {
        try decoder.decode(NotifyState.self, from: data)
    }

    func encoded() throws -> Data {
        try Self.encoder.encode(self) + Data("\n".utf8)
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(LaunchLibraryDate.string(from: date))
        }
        return encoder
    }()

    private static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = LaunchLibraryDate.date(from: text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an ISO-8601 date: \(text)")
            }
            return date
        }
        return decoder
    }()
}
