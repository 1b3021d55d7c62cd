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

/// A parsed search query: clauses that must all match, each one or more terms of
/// which any may match, and an optional date range.
///
/// Syntax (one language for the command line's words and the interactive prompt):
/// whitespace-separated terms, all of which must match; `a | b` (a `|` between
/// spaces) makes one clause of which either may match, as in fzf; `"quoted phrases"`
/// are one term; a qualifier (`name:`, `agency:`, `mission:`, `location:`,
/// `rocket:`, `pad:`, `status:`, `orbit:`, `country:`) narrows a term to its
/// fields, also before a phrase (`location:"cape canaveral"`); a leading `-`
/// excludes (`starlink -falcon`, `-agency:spacex`). Parsing never fails: an unclosed
/// quote runs to the end, a lone `-` or `|` and an empty qualifier mean nothing; a
/// `word:` that is no qualifier is searched as text and listed in
/// `unknownQualifiers`, for the command line to refuse.
public struct SearchQuery: Sendable, Hashable {
    /// Each clause matches when one of its terms does; a launch matches when every clause does.
    public var clauses: [[SearchTerm]]
    /// Only launches at or after this time (launches without a date are left out).
    public var after: Date?
    /// Only launches before this time (launches without a date are left out).
    public var before: Date?
    /// Words written as qualifiers that are none (`note:` in `note:x`), lowercased, with their colon.
    public private(set) var unknownQualifiers: [String] = []

    /// A query of terms that must all match.
    public init(terms: [SearchTerm] = [], after: Date? = nil, before: Date? = nil) {
        self.init(clauses: terms.map { [$0] }, after: after, before: before)
    }

    public init(clauses: [[SearchTerm]], after: Date? = nil, before: Date? = nil) {
        self.clauses = clauses
        self.after = after
        self.before = before
    }

    /// Parses `text` (see the type's documentation).
    public init(_ text: String, after: Date? = nil, before: Date? = nil) {
        let parsed = Self.parse(text)
        self.init(clauses: parsed.clauses, after: after, before: before)
        unknownQualifiers = parsed.unknownQualifiers
    }

    /// Every term of every clause.
    public var terms: [SearchTerm] { clauses.flatMap { $0 } }

    /// This query with one more term, taken literally (no quotes or qualifiers parsed).
    public func adding(_ text: String, qualifier: SearchQualifier?, excluded: Bool = false) -> SearchQuery {
        adding(anyOf: [text], qualifier: qualifier, excluded: excluded)
    }

    /// This query with one more clause: any of `texts`, taken literally. How a repeated
    /// field option reads: `--agency spacex --agency "rocket lab"` is one clause.
    public func adding(anyOf texts: [String], qualifier: SearchQualifier?, excluded: Bool = false) -> SearchQuery {
        guard !texts.isEmpty else { return self }
        var query = self
        query.clauses.append(texts.map { SearchTerm($0, qualifier: qualifier, isExcluded: excluded) })
        return query
    }

    /// The terms of `clause` that say something (a term typed halfway, `name:`, says nothing).
    static func meaningful(_ clause: [SearchTerm]) -> [SearchTerm] {
        clause.filter { !$0.isEmpty }
    }

    /// Whether every launch this query matches is also matched by `previous`,
    /// so it can be answered by searching only `previous`'s results.
    ///
    /// True when each clause of `previous` is implied by a clause of this query, and
    /// the date range may only shrink. A clause implies another when each of its terms
    /// implies one of the other's: a positive term by a positive term that contains its
    /// text and looks in no other fields; an exclusion by an exclusion whose text it
    /// contains (a shorter exclusion leaves out more) and that looks in at least its fields.
    public func narrows(_ previous: SearchQuery) -> Bool {
        if let after = previous.after, (self.after.map { $0 < after } ?? true) { return false }
        if let before = previous.before, (self.before.map { $0 > before } ?? true) { return false }
        return previous.clauses.allSatisfy { old in
            let oldTerms = Self.meaningful(old)
            return oldTerms.isEmpty || clauses.contains { new in
                let newTerms = Self.meaningful(new)
                return !newTerms.isEmpty && newTerms.allSatisfy { term in oldTerms.contains { Self.term(term, implies: $0) } }
            }
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

    private static func parse(_ text: String) -> (clauses: [[SearchTerm]], unknownQualifiers: [String]) {
        var clauses: [[SearchTerm]] = []
        var unknown: [String] = []
        var joinsPrevious = false
        var characters = text[...]
        while true {
            characters = characters.drop(while: \.isWhitespace)
            guard let first = characters.first else { break }
            if first == "|", characters.dropFirst().first?.isWhitespace ?? true {
                // `a | b`: the next term joins the previous one's clause.
                characters = characters.dropFirst()
                joinsPrevious = !clauses.isEmpty
                continue
            }
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
                        if !value.isEmpty, value.allSatisfy({ $0.isASCII && $0.isLetter }) { unknown.append(value.lowercased() + ":") }
                        value.append(character)
                    }
                } else {
                    value.append(character)
                }
            }
            let term = SearchTerm(value, qualifier: qualifier, isExcluded: excluded)
            if joinsPrevious {
                clauses[clauses.count - 1].append(term)
            } else {
                clauses.append([term])
            }
            joinsPrevious = false
        }
        return (clauses, unknown)
    }
}
