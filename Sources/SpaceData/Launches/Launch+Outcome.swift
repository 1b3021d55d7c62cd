extension Launch {
    /// The statuses that say a launch has lifted off and how its flight went, lowercased.
    static let outcomeStatuses: Set<String> = ["success", "failure", "partial failure", "in flight"]

    /// The status of a launch that has lifted off, once it says how the flight
    /// went ("Launch Successful", "Launch Failure", "Launch in Flight"); nil
    /// before (Go, TBD, Hold…).
    public var outcome: String? {
        let names = [statusName, statusAbbreviation].compactMap { $0?.lowercased() }
        guard names.contains(where: Self.outcomeStatuses.contains) else { return nil }
        return statusName ?? statusAbbreviation
    }
}
