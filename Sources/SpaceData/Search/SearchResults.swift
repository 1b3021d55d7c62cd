/// The records a query matched, in the order the engine was given them (or, ranked,
/// whole-word matches first: `SearchEngine.rankingWholeWordsFirst`).
///
/// A collection of record positions (indices into the array the engine was
/// built from). Highlights are computed on demand, per shown row: a query
/// like `a` can match a million records, and nobody looks at them all.
public struct SearchResults: Sendable, RandomAccessCollection {
    public let engine: SearchEngine
    public let query: SearchQuery
    /// Matching record positions: ascending, unless ranked.
    let records: [Int32]
    /// Whether these were found by searching only the previous results.
    public let isRefined: Bool

    init(engine: SearchEngine, query: SearchQuery, records: [Int32], isRefined: Bool) {
        self.engine = engine
        self.query = query
        self.records = records
        self.isRefined = isRefined
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { records.count }

    /// The position of the `index`-th matching record in the engine's records.
    public subscript(index: Int) -> Int { Int(records[index]) }

    /// The first `count` results (a limit), as results of the same query.
    func limited(to count: Int) -> SearchResults {
        SearchResults(engine: engine, query: query, records: Array(records.prefix(count)), isRefined: isRefined)
    }

    /// Where the query's terms occur in the `index`-th result, for highlighting.
    public func highlights(at index: Int) -> SearchHighlights {
        engine.highlights(of: query, inRecord: self[index])
    }
}

/// Where a query's terms occur in one record, field by field.
///
/// Ranges are UTF-8 offsets into the original field strings (the ones given
/// to the engine), sorted and merged, on Unicode scalar boundaries. When
/// folding changed a character's length ("ß" → "ss", "ﬁ" → "fi", "e" +
/// combining acute → "e"), a match touching it covers the whole character.
public struct SearchHighlights: Sendable, Equatable {
    private var rangesByField: [SearchField: [Range<Int>]]

    init(ranges: [SearchField: [Range<Int>]]) {
        rangesByField = ranges.mapValues(Self.merged)
    }

    /// The highlighted UTF-8 ranges of `field`, empty when none.
    public subscript(field: SearchField) -> [Range<Int>] {
        rangesByField[field] ?? []
    }

    public var isEmpty: Bool { rangesByField.isEmpty }

    /// The highlighted ranges of `field` as ranges of `text`, which must be the
    /// string the engine indexed for that field.
    public func ranges(of field: SearchField, in text: String) -> [Range<String.Index>] {
        let utf8 = text.utf8
        return self[field].compactMap { range in
            guard range.upperBound <= utf8.count else { return nil }
            let lower = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
            let upper = utf8.index(lower, offsetBy: range.count)
            return lower ..< upper
        }
    }

    private static func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
        var merged: [Range<Int>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = merged.last, range.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound ..< max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        return merged
    }
}
