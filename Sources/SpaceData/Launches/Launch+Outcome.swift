/// How a flight went, as its status says once it has lifted off.
public enum LaunchOutcomeKind: Sendable, Equatable {
    case success
    case failure
    case partialFailure
    case inFlight
}

extension Launch {
    /// The statuses that say a launch has lifted off and how its flight went,
    /// lowercased, by name and abbreviation. "Payload Deployed" (id 9, new in
    /// 2.3.0; 2.2.0 and earlier say "In Flight" for it) is a success.
    static let outcomeStatuses: [String: LaunchOutcomeKind] = [
        "success": .success, "launch successful": .success,
        "payload deployed": .success, "deployed": .success,
        "failure": .failure, "launch failure": .failure,
        "partial failure": .partialFailure, "launch was a partial failure": .partialFailure,
        "in flight": .inFlight, "launch in flight": .inFlight,
    ]

    /// The status of a launch that has lifted off, once it says how the flight
    /// went ("Launch Successful", "Payload Deployed", "Launch Failure", "Launch in
    /// Flight"), as Launch Library names it; nil before (Go, TBD, Hold…) and for a
    /// status spacedash does not know, which is never taken for a failure.
    public var outcome: String? {
        outcomeKind == nil ? nil : statusName ?? statusAbbreviation
    }

    /// The statuses of a launch still to fly, lowercased, by name and abbreviation.
    static let preflightStatuses: Set<String> = [
        "go", "go for launch", "tbd", "to be determined", "tbc", "to be confirmed", "hold", "on hold",
    ]

    /// A status Launch Library has that spacedash does not know (not a status of a
    /// launch to fly, nor an outcome): to be shown as named, never guessed at.
    public var hasUnknownStatus: Bool {
        let names = [statusName, statusAbbreviation].compactMap { $0?.lowercased() }
        guard !names.isEmpty else { return false }
        return outcomeKind == nil && !names.contains(where: Self.preflightStatuses.contains)
    }

    /// What `outcome` means: a success (Payload Deployed included), a failure, …
    public var outcomeKind: LaunchOutcomeKind? {
        for name in [statusName, statusAbbreviation].compactMap({ $0?.lowercased() }) {
            if let kind = Self.outcomeStatuses[name] { return kind }
        }
        return nil
    }
}
