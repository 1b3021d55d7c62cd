import Foundation
import SpaceData

/// The words of `spacedash events QUERY`, read as the launch search reads its
/// own: each word must occur in the event's name, type, location or
/// description (case and accents ignored); `name:`, `type:` and `location:`
/// narrow a word to one field; a leading `-` excludes. A word matches at the
/// start of a word ("iss" is not in "mission"), and "iss" also reads as
/// "International Space Station", which event records spell out.
struct EventQuery: Sendable {
    enum Field: String, CaseIterable, Sendable { case name, type, location }

    struct Term: Sendable, Equatable {
        var text: String
        var field: Field?
        var excluded: Bool
    }

    let terms: [Term]

    init(words: [String]) throws(UsageError) {
        var terms: [Term] = []
        for word in words.flatMap({ $0.split(separator: " ").map(String.init) }) {
            var text = word
            let excluded = text.hasPrefix("-") && text.count > 1
            if excluded { text.removeFirst() }
            var field: Field?
            if let colon = text.firstIndex(of: ":") {
                let name = text[..<colon].lowercased()
                guard let known = Field(rawValue: name) else {
                    throw UsageError("unknown qualifier '\(name):' in the query (known: name: type: location:)",
                                     hint: "spacedash events type:docking")
                }
                field = known
                text = String(text[text.index(after: colon)...])
            }
            guard !text.isEmpty else { continue }
            terms.append(Term(text: Self.fold(text), field: field, excluded: excluded))
        }
        self.terms = terms
    }

    func matches(_ event: SpaceEvent) -> Bool {
        let fields: [Field: String] = [.name: event.name, .type: event.type ?? "", .location: event.location ?? ""]
        let everything = Self.fold([event.name, event.type, event.location, event.description].compactMap { $0 }.joined(separator: " "))
        for term in terms {
            let haystack = term.field.map { Self.fold(fields[$0] ?? "") } ?? everything
            let found = ([term.text] + (Self.aliases[term.text] ?? [])).contains { Self.containsWord(starting: $0, in: haystack) }
            if found == term.excluded { return false }
        }
        return true
    }

    /// Abbreviations event records spell out.
    static let aliases: [String: [String]] = ["iss": ["international space station"], "eva": ["spacewalk"]]

    /// Whether `needle` occurs in `haystack` where a word starts.
    static func containsWord(starting needle: String, in haystack: String) -> Bool {
        var searchStart = haystack.startIndex
        while let range = haystack.range(of: needle, range: searchStart..<haystack.endIndex) {
            if range.lowerBound == haystack.startIndex { return true }
            let before = haystack[haystack.index(before: range.lowerBound)]
            if !before.isLetter && !before.isNumber { return true }
            searchStart = haystack.index(after: range.lowerBound)
        }
        return false
    }

    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }
}
