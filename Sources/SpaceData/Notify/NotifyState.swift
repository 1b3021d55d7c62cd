import Foundation

/// What `spacedash notify` remembers between runs, in `notify.json`: the
/// launches it watches (as last seen, and which reminders went out for which
/// NET), the launches the user follows, the once-only alerts of other sources,
/// and its own requests to Launch Library (to keep to the hourly limit).
public struct NotifyState: Encodable, Sendable, Equatable {
    /// Written first in the file: a file without it is not ours.
    public static let currentFormat = "spacedash-notify 1"

    public var format = NotifyState.currentFormat
    /// By launch id.
    public var launches: [String: LaunchRecord] = [:]
    /// Once-only alerts of sources that keep no record of their own, by key,
    /// with the moment after which the key can be forgotten.
    public var delivered: [String: Date] = [:]
    /// When this tool asked Launch Library, within the last hour.
    public var requests: [Date] = []

    public init() {}

    /// One launch as notify knows it.
    public struct LaunchRecord: Encodable, Sendable, Equatable {
        /// As last seen: changes are told against it.
        public var launch: Launch
        /// Followed (`launches follow`): every change is told.
        public var followed = false
        /// The NET the reminders in `sentLeads` count for; a NET moved from it re-arms them.
        public var armedNet: Date?
        /// The leads (seconds before T-0) whose reminder went out, or was passed over for a shorter one.
        public var sentLeads: [Int] = []
        /// The leads whose fresh request (just before the reminder) was made.
        public var refreshedLeads: [Int] = []
        /// The webcast's address, from the detailed record.
        public var webcastURL: String?

        public init(launch: Launch, followed: Bool = false) {
            self.launch = launch
            self.followed = followed
        }
    }

    /// The followed launches, soonest first.
    public var followed: [LaunchRecord] {
        launches.values.filter(\.followed).sorted { ($0.launch.net ?? .distantFuture, $0.launch.id) < ($1.launch.net ?? .distantFuture, $1.launch.id) }
    }

    /// Forgets what no longer matters at `now`: launches a day past that nobody
    /// follows, once-only keys past their time, requests over an hour old.
    public mutating func prune(at now: Date) {
        launches = launches.filter { _, record in
            record.followed || !(record.launch.passesAt.map { now.timeIntervalSince($0) > 86_400 } ?? false)
        }
        delivered = delivered.filter { $0.value > now }
        requests = requests.filter { now.timeIntervalSince($0) < 3600 }
    }

    /// How many requests this tool made in the hour before `now`.
    public func requestCount(inHourBefore now: Date) -> Int {
        requests.count { now.timeIntervalSince($0) < 3600 && $0 <= now }
    }

    // MARK: - The file's form

    /// The state a file holds (`NotifyStateDecoder`: one walk over the bytes, as
    /// a timer's run reads it every few minutes), or why not.
    public static func decode(_ data: Data) throws -> NotifyState {
        try NotifyStateDecoder.decode(data)
    }

    public func encoded() throws -> Data {
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
}
