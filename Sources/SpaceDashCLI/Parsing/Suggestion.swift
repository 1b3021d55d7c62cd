/// "Did you mean …?": the closest known word to a mistyped one.
enum Suggestion {
    /// Words longer than this get no suggestion: nobody mistypes a paragraph,
    /// and the distance is quadratic in the length.
    static let maximumLength = 64

    /// The candidate closest to `word` by edit distance (a swap of two
    /// neighbouring letters counts as one edit), when it is close enough to be
    /// a likely typo, or `word` is a clear prefix of exactly one candidate.
    static func closest(to word: String, among candidates: [String]) -> String? {
        guard !word.isEmpty, word.count <= maximumLength else { return nil }
        let typed = Array(word.lowercased())
        var best: (candidate: String, distance: Int)?
        for candidate in candidates where candidate != word {
            let distance = editDistance(typed, Array(candidate.lowercased()))
            if distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        if let best, best.distance <= allowedDistance(forLength: typed.count) { return best.candidate }
        let stem = word.lowercased().trimmingLeadingDashes
        if stem.count >= 3 {
            // Never the word itself: "did you mean 'mars-weather'?" for 'mars-weather' helps nobody.
            let extending = candidates.filter { $0 != word && $0.lowercased().trimmingLeadingDashes.hasPrefix(stem) }
            if extending.count == 1 { return extending[0] }
        }
        return nil
    }

    /// One edit for short words, two from five letters on, three from twelve.
    static func allowedDistance(forLength length: Int) -> Int {
        switch length {
        case ..<5: 1
        case ..<12: 2
        default: 3
        }
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions
    /// and transpositions of adjacent characters each cost one.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var twoBack = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, twoBack[j - 2] + 1)
                }
                current[j] = value
            }
            (twoBack, previous, current) = (previous, current, twoBack)
        }
        return previous[b.count]
    }

    /// "a", "a or b", "a, b or c".
    static func list(_ words: [String], conjunction: String) -> String {
        switch words.count {
        case 0: ""
        case 1: words[0]
        default: Array(words.dropLast()).joinedText(separator: ", ") + " \(conjunction) " + words[words.count - 1]
        }
    }
}

extension String {
    fileprivate var trimmingLeadingDashes: Substring { drop(while: { $0 == "-" }) }
}
