import Foundation

/// Full-text search over launches, built once when the data is loaded and
/// then only read: `search` is pure, and one engine may be searched from any
/// number of threads at once.
///
/// Records are given in display order (upcoming soonest first, past newest
/// first); results keep that order and name records by their position.
///
/// Layout: per field, a `FoldedColumn` of the distinct folded values, and per
/// field and record the number of its value. A term is looked up by scanning
/// each column's folded bytes once (glibc `memmem`/`memchr`), which marks the
/// matching values; a record then matches when one of its fields' values is
/// marked. When few candidates are left (a later term, or a refined query),
/// their values are checked one by one instead.
public final class SearchEngine: Sendable {
    private let columns: [FoldedColumn]
    /// `valueNumbers[field.rawValue][record]`: the number of the record's value in that field's column.
    private let valueNumbers: [[UInt32]]
    /// Seconds since 1970 per record; NaN when the record has no date.
    private let dates: [Double]
    /// UTF-8 bytes of every record's fields, as given (for the memory report).
    public let textByteCount: Int

    /// The number of records searched.
    public var count: Int { dates.count }

    /// Folds and indexes `records`.
    public convenience init(records: [SearchRecord]) {
        var builder = Builder()
        builder.reserveCapacity(records.count)
        for record in records { builder.append(record) }
        self.init(builder: builder)
    }

    /// Indexes records added one by one to `builder` (no array of records needed).
    public init(builder: Builder) {
        columns = builder.columns.map { $0.build() }
        valueNumbers = builder.valueNumbers
        dates = builder.dates
        textByteCount = builder.textByteCount
    }

    /// Collects records for a `SearchEngine`.
    public struct Builder {
        fileprivate var columns = Array(repeating: FoldedColumnBuilder(), count: SearchField.allCases.count)
        fileprivate var valueNumbers = Array(repeating: [UInt32](), count: SearchField.allCases.count)
        fileprivate var dates: [Double] = []
        fileprivate var textByteCount = 0

        public init() {}

        public mutating func reserveCapacity(_ count: Int) {
            for field in SearchField.allCases { valueNumbers[field.rawValue].reserveCapacity(count) }
            dates.reserveCapacity(count)
        }

        public mutating func append(_ record: SearchRecord) {
            for field in SearchField.allCases {
                let text = record[field]
                textByteCount += text.utf8.count
                valueNumbers[field.rawValue].append(columns[field.rawValue].number(of: text))
            }
            dates.append(record.date?.timeIntervalSince1970 ?? .nan)
        }
    }

    /// Bytes the index holds (folded text, offsets, value numbers, dates, offset maps).
    public var indexByteCount: Int {
        columns.reduce(0) { $0 + $1.byteCount }
            + valueNumbers.reduce(0) { $0 + $1.count * MemoryLayout<UInt32>.stride }
            + dates.count * MemoryLayout<Double>.stride
    }

    // MARK: Searching

    /// The records matching `query`, in the order given.
    public func search(_ query: SearchQuery) -> SearchResults {
        SearchResults(engine: self, query: query, records: matching(query, among: nil), isRefined: false)
    }

    /// Parses and runs `text` (see `SearchQuery`).
    public func search(_ text: String) -> SearchResults {
        search(SearchQuery(text))
    }

    /// The records of `previous` that match `query`. When `query` narrows
    /// `previous.query` this is exactly `search(query)`, found faster;
    /// `SearchSession` decides that.
    public func search(_ query: SearchQuery, within previous: SearchResults) -> SearchResults {
        SearchResults(engine: self, query: query, records: matching(query, among: previous.records), isRefined: true)
    }

    /// The records matching every term, among `candidates` (in their order) or all records (ascending).
    private func matching(_ query: SearchQuery, among candidates: [Int32]?) -> [Int32] {
        var records = candidates
        if query.after != nil || query.before != nil {
            let after = query.after?.timeIntervalSince1970 ?? -.infinity
            let before = query.before?.timeIntervalSince1970 ?? .infinity
            // NaN (no date) fails both comparisons.
            records = filter(records) { dates[$0] >= after && dates[$0] < before }
        }
        // Clauses of one positive term first, longer terms first (they tend to match
        // less); then clauses of several terms; exclusions last.
        let clauses = query.clauses.map(SearchQuery.meaningful).filter { !$0.isEmpty }.sorted { lhs, rhs in
            Self.cost(lhs) < Self.cost(rhs)
        }
        for clause in clauses {
            if records?.isEmpty == true { break }
            records = apply(clause, to: records)
        }
        return records ?? (0 ..< Int32(count)).map { $0 }
    }

    private static func cost(_ clause: [SearchTerm]) -> (Int, Int, Int) {
        let excluded = clause.contains(where: \.isExcluded) ? 1 : 0
        return (excluded, clause.count, -(clause.map(\.folded.count).min() ?? 0))
    }

    /// Keeps the records where one of `clause`'s terms holds: a term occurs in one
    /// of its fields (or, excluded, in none).
    private func apply(_ clause: [SearchTerm], to candidates: [Int32]?) -> [Int32] {
        let candidateCount = candidates?.count ?? count
        if clause.count == 1 {
            let term = clause[0]
            return Self.kept(candidates, count: candidateCount, found: occurrences(of: term, in: candidates),
                             wanted: term.isExcluded ? 0 : 1)
        }
        var holds = [UInt8](repeating: 0, count: candidateCount)
        for term in clause {
            let found = occurrences(of: term, in: candidates)
            let flip: UInt8 = term.isExcluded ? 1 : 0
            holds.withUnsafeMutableBufferPointer { holds in
                found.withUnsafeBufferPointer { found in
                    for k in 0 ..< holds.count { holds[k] |= found[k] ^ flip }
                }
            }
        }
        return Self.kept(candidates, count: candidateCount, found: holds, wanted: 1)
    }

    /// `found[k]` is 1 when `term` occurs in one of its fields of candidate `k`.
    ///
    /// Works a field at a time, smallest column first. A column is scanned whole (then
    /// each candidate is a bit test) unless checking the candidates not found yet one
    /// by one is cheaper, as it is after a broad first field or in a refined search.
    private func occurrences(of term: SearchTerm, in candidates: [Int32]?) -> [UInt8] {
        let candidateCount = candidates?.count ?? count
        var found = [UInt8](repeating: 0, count: candidateCount)
        var foundCount = 0
        let fields = term.fields.sorted { columns[$0.rawValue].bytes.count < columns[$1.rawValue].bytes.count }
        for field in fields {
            let column = columns[field.rawValue]
            let numbers = valueNumbers[field.rawValue]
            let remaining = candidateCount - foundCount
            if remaining == 0 { break }
            // Scanning costs the column's bytes; checking costs a call per
            // remaining candidate on top of its value's bytes.
            let checkCost = remaining * (column.bytes.count / max(column.valueCount, 1) + 32)
            if checkCost < column.bytes.count {
                Self.markChecking(term.folded, in: column, numbers: numbers, candidates: candidates, found: &found)
            } else {
                let values = column.values(containing: term.folded)
                if values.isEmpty { continue }
                Self.markMarked(values, numbers: numbers, candidates: candidates, found: &found)
            }
            if field != fields.last { foundCount = Self.countSet(found) }
        }
        return found
    }

    /// Sets `found[k]` for each candidate whose value is in `values`.
    private static func markMarked(_ values: BitSet, numbers: [UInt32], candidates: [Int32]?, found: inout [UInt8]) {
        values.words.withUnsafeBufferPointer { words in
            numbers.withUnsafeBufferPointer { numbers in
                found.withUnsafeMutableBufferPointer { found in
                    if let candidates {
                        candidates.withUnsafeBufferPointer { candidates in
                            for k in 0 ..< candidates.count {
                                let value = Int(numbers[Int(candidates[k])])
                                found[k] |= UInt8(truncatingIfNeeded: words[value &>> 6] &>> UInt64(value & 63)) & 1
                            }
                        }
                    } else {
                        for k in 0 ..< found.count {
                            let value = Int(numbers[k])
                            found[k] |= UInt8(truncatingIfNeeded: words[value &>> 6] &>> UInt64(value & 63)) & 1
                        }
                    }
                }
            }
        }
    }

    /// Sets `found[k]` for each candidate not found yet whose value contains `needle`.
    private static func markChecking(
        _ needle: [UInt8], in column: FoldedColumn, numbers: [UInt32], candidates: [Int32]?, found: inout [UInt8]
    ) {
        needle.withUnsafeBufferPointer { needle in
            numbers.withUnsafeBufferPointer { numbers in
                found.withUnsafeMutableBufferPointer { found in
                    for k in 0 ..< found.count where found[k] == 0 {
                        let record = candidates.map { Int($0[k]) } ?? k
                        if column.value(Int(numbers[record]), contains: needle) { found[k] = 1 }
                    }
                }
            }
        }
    }

    /// The candidates whose `found` flag is `wanted`. Branch-free: every
    /// candidate is written, and the write position advances only past kept ones
    /// (a third of a million unpredictable branches cost more than the writes).
    private static func kept(_ candidates: [Int32]?, count: Int, found: [UInt8], wanted: UInt8) -> [Int32] {
        let keptCount = wanted == 1 ? countSet(found) : count - countSet(found)
        return [Int32](unsafeUninitializedCapacity: keptCount + 1) { kept, initialized in
            found.withUnsafeBufferPointer { found in
                var next = 0
                if let candidates {
                    candidates.withUnsafeBufferPointer { candidates in
                        for k in 0 ..< found.count {
                            kept[next] = candidates[k]
                            next &+= Int(found[k] ^ wanted ^ 1)
                        }
                    }
                } else {
                    for k in 0 ..< found.count {
                        kept[next] = Int32(truncatingIfNeeded: k)
                        next &+= Int(found[k] ^ wanted ^ 1)
                    }
                }
                initialized = next
            }
        }
    }

    /// How many flags are set (flags are 0 or 1).
    private static func countSet(_ flags: [UInt8]) -> Int {
        flags.withUnsafeBufferPointer { flags in
            var total = 0
            for flag in flags { total &+= Int(flag) }
            return total
        }
    }

    @inline(__always)
    private func filter(_ candidates: [Int32]?, _ isIncluded: (Int) -> Bool) -> [Int32] {
        var kept: [Int32] = []
        if let candidates {
            for record in candidates where isIncluded(Int(record)) { kept.append(record) }
        } else {
            for record in 0 ..< count where isIncluded(record) { kept.append(Int32(record)) }
        }
        return kept
    }

    // MARK: Ranking

    /// `results` with the records where each clause's text occurs as a whole word
    /// first, the others after, each group in the order given: `mars` lists Mars 2020
    /// before Inmarsat and NASA Marshall, and `starlink`, a whole word wherever it
    /// matches, keeps date order. Exclusions and empty terms play no part.
    public func rankingWholeWordsFirst(_ results: SearchResults) -> SearchResults {
        let clauses = results.query.clauses
            .map { SearchQuery.meaningful($0).filter { !$0.isExcluded } }
            .filter { !$0.isEmpty }
        guard !clauses.isEmpty, results.count > 1 else { return results }
        // Per clause, the fields where one of its terms occurs as a word, and those values.
        let wordValues: [[(numbers: [UInt32], values: BitSet)]] = clauses.map { clause in
            SearchField.allCases.compactMap { field in
                var union = BitSet(count: columns[field.rawValue].valueCount)
                for term in clause where term.fields.contains(field) {
                    union.formUnion(columns[field.rawValue].values(containingWord: term.folded))
                }
                return union.isEmpty ? nil : (valueNumbers[field.rawValue], union)
            }
        }
        if wordValues.contains(where: \.isEmpty) { return results }  // no record can be whole
        var whole: [Int32] = []
        var partial: [Int32] = []
        for record in results.records {
            let isWhole = wordValues.allSatisfy { fields in
                fields.contains { $0.values.contains(Int($0.numbers[Int(record)])) }
            }
            if isWhole { whole.append(record) } else { partial.append(record) }
        }
        guard !whole.isEmpty, !partial.isEmpty else { return results }
        return SearchResults(engine: self, query: results.query, records: whole + partial, isRefined: results.isRefined)
    }

    // MARK: Highlighting

    /// Where the positive terms of `query` occur in record `record`'s fields,
    /// as UTF-8 offset ranges of the original strings (sorted, merged).
    public func highlights(of query: SearchQuery, inRecord record: Int) -> SearchHighlights {
        var ranges: [SearchField: [Range<Int>]] = [:]
        for term in query.terms where !term.isExcluded && !term.isEmpty {
            for field in term.fields {
                let found = columns[field.rawValue].originalRanges(
                    of: term.folded, in: Int(valueNumbers[field.rawValue][record]))
                if !found.isEmpty { ranges[field, default: []] += found }
            }
        }
        return SearchHighlights(ranges: ranges)
    }
}
