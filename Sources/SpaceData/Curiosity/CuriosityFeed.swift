/// Curiosity's weather record: every sol the feed lists, oldest first by sol
/// number, each once. Sols the feed leaves out stay out (no row is invented
/// for a gap).
public struct CuriosityFeed: Sendable, Equatable {
    /// Ascending by `sol`, unique.
    public let sols: [CuriositySol]

    /// Sorts by the sol number (never the feed's `id`, which is not in sol
    /// order) and keeps the first entry the feed gives for a repeated sol.
    public init(sols: [CuriositySol]) {
        // Already ascending and unique (the cache's own form): nothing to do.
        if zip(sols, sols.dropFirst()).allSatisfy({ $0.sol < $1.sol }) {
            self.sols = sols
            return
        }
        var seen = Set<Int>()
        seen.reserveCapacity(sols.count)
        let unique = sols.filter { seen.insert($0.sol).inserted }
        self.sols = unique.sorted { $0.sol < $1.sol }
    }

    /// The newest sol with at least one measurement: a sol listed with every
    /// measurement `"--"` is not "the latest weather".
    public var latest: CuriositySol? {
        sols.last(where: \.hasMeasurement)
    }

    /// The sol numbered `number`, when the feed lists it.
    public func sol(_ number: Int) -> CuriositySol? {
        var low = 0
        var high = sols.count
        while low < high {
            let middle = (low + high) / 2
            if sols[middle].sol < number { low = middle + 1 } else { high = middle }
        }
        return low < sols.count && sols[low].sol == number ? sols[low] : nil
    }

    /// The newest `count` sols up to and including the latest measured one,
    /// oldest first (sols with nothing measured after it are left out).
    public func recent(_ count: Int) -> [CuriositySol] {
        guard let latest, count > 0, let end = sols.lastIndex(where: { $0.sol == latest.sol }) else { return [] }
        return Array(sols[max(0, end - count + 1)...end])
    }

    /// The sols of the Mars year ending with the latest measured sol
    /// (`CuriosityFeed.solsPerMarsYear` sol numbers), oldest first.
    public func lastMarsYear() -> [CuriositySol] {
        guard let latest else { return [] }
        let first = latest.sol - Self.solsPerMarsYear + 1
        return sols.filter { (first...latest.sol).contains($0.sol) }
    }

    /// A Mars year is 668.6 sols; the charts show 668.
    public static let solsPerMarsYear = 668
}
