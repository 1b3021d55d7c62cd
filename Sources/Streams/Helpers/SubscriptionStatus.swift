/// Where a subscriber stands with its upstream: the small state machine most
/// operators and subscribers keep behind their lock.
@usableFromInline
enum SubscriptionStatus {
    case awaitingSubscription
    case subscribed(Subscription)
    /// Upstream completed; the completion is being delivered.
    case pendingTerminal(Subscription)
    case terminal
}

extension SubscriptionStatus {
    @inlinable
    var subscription: Subscription? {
        switch self {
        case .subscribed(let subscription), .pendingTerminal(let subscription): return subscription
        case .awaitingSubscription, .terminal: return nil
        }
    }
}
