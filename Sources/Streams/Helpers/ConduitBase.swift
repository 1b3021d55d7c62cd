/// One subscriber's connection to a subject: the subject fans a value out to
/// its conduits, and each conduit applies its own subscriber's demand.
///
/// A class hierarchy rather than a protocol so that the subject can hold
/// conduits for differently-typed subscribers and call them without boxing.
@usableFromInline
class ConduitBase<Output, Failure: Error>: Subscription, Hashable {
    @usableFromInline init() {}

    @usableFromInline func offer(_ output: Output) { fatalError("abstract") }
    @usableFromInline func finish(completion: Subscribers.Completion<Failure>) { fatalError("abstract") }
    @usableFromInline func request(_ demand: Subscribers.Demand) { fatalError("abstract") }
    @usableFromInline func cancel() { fatalError("abstract") }

    @usableFromInline static func == (lhs: ConduitBase, rhs: ConduitBase) -> Bool { lhs === rhs }
    @usableFromInline func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// A subject's subscribers in subscription order. Most subjects have one, so
/// that case stores no array.
@usableFromInline
enum ConduitList<Output, Failure: Error> {
    case empty
    case single(ConduitBase<Output, Failure>)
    case many([ConduitBase<Output, Failure>])

    @inlinable
    mutating func insert(_ conduit: ConduitBase<Output, Failure>) {
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
    mutating func remove(_ conduit: ConduitBase<Output, Failure>) {
        switch self {
        case .empty: break
        case .single(let existing):
            if existing === conduit { self = .empty }
        case .many(var all):
            guard let index = all.firstIndex(where: { $0 === conduit }) else { return }
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
    func forEach(_ body: (ConduitBase<Output, Failure>) throws -> Void) rethrows {
        switch self {
        case .empty: break
        case .single(let conduit): try body(conduit)
        case .many(let all): for conduit in all { try body(conduit) }
        }
    }
}
