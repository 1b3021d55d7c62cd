/// What a subject needs to hear from one of its conduits.
@usableFromInline
protocol ConduitParent: AnyObject {
    /// The subscriber asked for values (some subjects then request upstream).
    func conduitDidRequest()
    /// The subscriber cancelled; forget the conduit.
    func conduitDidCancel(_ conduit: ObjectIdentifier)
}

/// One subscriber's connection to a `PassthroughSubject`: the subject fans
/// each value out to its conduits, and each applies its subscriber's demand.
///
/// The subscriber is held as two closures made where its type is known, so
/// the subject's fan-out calls straight into specialised code instead of
/// through a generic class's unspecialised methods. The closures (and with
/// them the subscriber) are released on cancel and on completion.
@usableFromInline
final class SubjectConduit<Output, Failure: Error>: Subscription, CustomStringConvertible, @unchecked Sendable {
    @usableFromInline let lock = UnfairLock()
    /// Serialises calls into the subscriber; recursive so it may send back.
    @usableFromInline let downstreamLock = RecursiveLock()
    // Guarded by `lock`; the lock is what makes access exclusive.
    @usableFromInline @exclusivity(unchecked) var demand = Subscribers.Demand.none
    @usableFromInline @exclusivity(unchecked) var receiveValue: ((Output) -> Subscribers.Demand)?
    @usableFromInline @exclusivity(unchecked) var receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)?
    @usableFromInline @exclusivity(unchecked) var parent: ConduitParent?
    @usableFromInline let name: String

    @inlinable
    init<Downstream: Subscriber>(parent: ConduitParent, downstream: Downstream, name: String)
        where Downstream.Input == Output, Downstream.Failure == Failure
    {
        self.parent = parent
        self.name = name
        receiveValue = { downstream.receive($0) }
        receiveCompletion = { downstream.receive(completion: $0) }
    }

    @usableFromInline var description: String { name }

    /// Delivers `output` if the subscriber has demand for it; drops it otherwise.
    @inlinable
    func offer(_ output: Output) {
        lock.lock()
        guard demand > 0, let receiveValue else {
            lock.unlock()
            return
        }
        if demand != .unlimited {
            demand -= 1
        }
        lock.unlock()
        downstreamLock.lock()
        let more = receiveValue(output)
        downstreamLock.unlock()
        guard more > 0 else { return }
        lock.lock()
        if self.receiveValue != nil {
            demand += more
        }
        lock.unlock()
    }

    /// Delivers the completion once and lets the subscriber go.
    @inlinable
    func finish(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard let receiveCompletion else {
            lock.unlock()
            return
        }
        let released = (receiveValue, parent)
        self.receiveCompletion = nil
        receiveValue = nil
        parent = nil
        lock.unlock()
        withExtendedLifetime(released) {}
        downstreamLock.lock()
        receiveCompletion(completion)
        downstreamLock.unlock()
    }

    @inlinable
    func request(_ demand: Subscribers.Demand) {
        demand.assertNonZero()
        lock.lock()
        guard receiveValue != nil else {
            lock.unlock()
            return
        }
        self.demand += demand
        let parent = self.parent
        lock.unlock()
        parent?.conduitDidRequest()
    }

    @inlinable
    func cancel() {
        lock.lock()
        guard receiveValue != nil else {
            lock.unlock()
            return
        }
        let released = (receiveValue, receiveCompletion)
        receiveValue = nil
        receiveCompletion = nil
        let parent = self.parent
        self.parent = nil
        lock.unlock()
        withExtendedLifetime(released) {}
        parent?.conduitDidCancel(ObjectIdentifier(self))
    }
}

/// A subject's subscribers in subscription order. Most subjects have one, so
/// that case stores no array.
@usableFromInline
enum ConduitList<Conduit: AnyObject> {
    case empty
    case single(Conduit)
    case many([Conduit])

    @inlinable
    mutating func insert(_ conduit: Conduit) {
        switch self {
        case .empty: self = .single(conduit)
        case .single(let existing): self = .many([existing, conduit])
        case .many(var all):
            self = .empty  // keeps the array uniquely referenced
            all.append(conduit)
            self = .many(all)
        }
    }

    @inlinable
    mutating func remove(_ id: ObjectIdentifier) {
        switch self {
        case .empty: break
        case .single(let existing):
            if ObjectIdentifier(existing) == id { self = .empty }
        case .many(var all):
            guard let index = all.firstIndex(where: { ObjectIdentifier($0) == id }) else { return }
            self = .empty
            all.remove(at: index)
            self = all.count == 1 ? .single(all[0]) : .many(all)
        }
    }

    @inlinable
    var isEmpty: Bool {
        if case .empty = self { return true }
        return false
    }

    @inlinable
    func forEach(_ body: (Conduit) throws -> Void) rethrows {
        switch self {
        case .empty: break
        case .single(let conduit): try body(conduit)
        case .many(let all): for conduit in all { try body(conduit) }
        }
    }
}
