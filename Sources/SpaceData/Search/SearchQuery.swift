import Foundation

/// One term of a query: text that must (or, excluded, must not) occur in some field.
public struct SearchTerm: Sendable, Hashable {
    /// The text as typed, without quotes or qualifier.
    public let text: String
    /// The field the term is narrowed to, or nil for any of `SearchQualifier.unqualifiedFields`.
    public let qualifier: SearchQualifier?
    /// A term written with a leading `-`: launches where it occurs are left out.
    public let isExcluded: Bool
    /// `text` folded (case, diacritics, width), the bytes actually searched for.
    public let folded: [UInt8]

    public init(_ text: String, qualifier: SearchQualifier? = nil, isExcluded: Bool = false) {
        self.text = text
        self.qualifier = qualifier
        self.isExcluded = isExcluded
        self.folded = TextFolding.fold(text)
    }

    /// The fields the term is looked for in.
    public var fields: [SearchField] { qualifier?.fields ?? SearchQualifier.unqualifiedFields }

    /// A term with nothing to look for (`name:`, `""`) matches every launch
    /// and excludes none: it is what a user has typed halfway.
    public var isEmpty: Bool { folded.isEmpty }
}

/// A parsed search query: terms that must all match, and an optional date range.
///
/// Syntax: whitespace-separated terms; `"quoted phrases"` are one term; a
/// qualifier (`name:`, `agency:`, `mission:`, `location:`, `status:`) narrows
/// a term to one field, also before a phrase (`location:"cape canaveral"`); a
/// leading `-` excludes (`starlink -falcon`, `-agency:spacex`). Parsing never
/// fails: an unclosed quote runs to the end, a lone `-` and an empty qualifier
/// mean nothing, an unknown `word:` is plain text.
public struct SearchQuery: Sendable, Hashable {
    public var terms: [SearchTerm]
    /// Only launches at or after this time (launches without a date are left out).
    public var after: Date?
    /// Only launches before this time (launches without a date are left out).
    public var before: Date?

    public init(terms: [SearchTerm] = [], after: Date? = nil, before: Date? = nil) {
        self.terms = terms
        self.after = after
        self.before = before
    }

    /// Parses `text` (see the type's documentation).
    public init(_ text: String, after: Date? = nil, before: Date? = nil) {
        self.init(terms: Self.parse(text), after: after, before: before)
    }

    /// This query with one more term, taken literally (no quotes or qualifiers
    /// parsed): how `--agency A`, `--location L`, `--mission-type T` and
    /// `--status S` are expressed.
    public func adding(_ text: String, qualifier: SearchQualifier?, excluded: Bool = false) -> SearchQuery {
        var query = self
        query.terms.append(SearchTerm(text, qualifier: qualifier, isExcluded: excluded))
        return query
    }

    /// Whether the query matches every launch.
    public var matchesEverything: Bool {
        after == nil && before == nil && terms.allSatisfy(\.isEmpty)
    }

    /// Whether every launch this query matches is also matched by `previous`,
    /// so it can be answered by searching only `previous`'s results.
    ///
    /// True when each term of `previous` is implied by a term of this query:
    /// a positive term by a positive term that contains its text and looks in
    /// no other fields; an exclusion by an exclusion whose text it contains
    /// (a shorter exclusion leaves out more) and that looks in at least its fields.
    /// And the date range may only shrink.
    public func narrows(_ previous: SearchQuery) -> Bool {
        if let after = previous.after, (self.after.map { $0 < after } ?? true) { return false }
        if let before = previous.before, (self.before.map { $0 > before } ?? true) { return false }
        return previous.terms.allSatisfy { old in
            old.isEmpty || terms.contains { new in Self.term(new, implies: old) }
        }
    }

    private static func term(_ new: SearchTerm, implies old: SearchTerm) -> Bool {
        guard new.isExcluded == old.isExcluded, !new.isEmpty else { return false }
        let newFields = Set(new.fields)
        let oldFields = Set(old.fields)
        if old.isExcluded {
            return oldFields.isSubset(of: newFields) && contains(old.folded, new.folded)
        } else {
            return newFields.isSubset(of: oldFields) && contains(new.folded, old.folded)
        }
    }

    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        haystack.withUnsafeBufferPointer { haystack in
            needle.withUnsafeBufferPointer { needle in
                ByteSearch.firstOffset(of: needle, in: haystack) != nil
            }
        }
    }

    // MARK: Parsing

    private static let quotes: Set<Character> = ["\"", "\u{201C}", "\u{201D}"]

    private static func parse(_ text: String) -> [SearchTerm] {
        var terms: [SearchTerm] = []
        var characters = text[...]
        while true {
            characters = characters.drop(while: \.isWhitespace)
            guard let first = characters.first else { break }
            var excluded = false
            if first == "-" {
                characters = characters.dropFirst()
                guard let next = characters.first, !next.isWhitespace else { continue }  // a lone "-"
                excluded = true
            }
            var value = ""
            var qualifier: SearchQualifier?
            var mayBeQualifier = true
            while let character = characters.first, !character.isWhitespace {
                characters = characters.dropFirst()
                if quotes.contains(character) {
                    // A quoted part, spaces and all, up to the closing quote or the end.
                    let phrase = characters.prefix { !quotes.contains($0) }
                    value += phrase
                    characters = characters.dropFirst(phrase.count + 1)
                    mayBeQualifier = false
                } else if character == ":" && mayBeQualifier {
                    mayBeQualifier = false
                    if let known = SearchQualifier(rawValue: value.lowercased()) {
                        qualifier = known
                        value = ""
                    } else {
                        value.append(character)
                    }
                } else {
                    value.append(character)
                }
            }
            terms.append(SearchTerm(value, qualifier: qualifier, isExcluded: excluded))
        }
        return terms
    }
}
