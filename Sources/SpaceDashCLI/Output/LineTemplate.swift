import Terminal

/// A placeholder of a `--format` template: `{name}` is the case named "name".
protocol LinePlaceholder: RawRepresentable, CaseIterable, Sendable, Equatable where RawValue == String {
    /// What the command's help says it gives.
    var help: String { get }
    /// A short template, for the hint of an empty one.
    static var example: String { get }
}

extension LinePlaceholder {
    /// Every placeholder as written in a template: "{name} {rocket} … {id}".
    static var written: String {
        allCases.map { "{" + $0.rawValue + "}" }.joinedText(separator: " ")
    }

    /// The help's list, one placeholder a line: "  {name}  the launch's name…".
    /// Names padded to one column, text wrapped under itself within 80 columns, as the
    /// help's option lists are.
    static var helpLines: String {
        let nameWidth = allCases.map { $0.rawValue.count + 2 }.max() ?? 0
        return allCases.flatMap { placeholder -> [String] in
            let name = "{" + placeholder.rawValue + "}"
            let indent = 2 + nameWidth + 2
            let label = "  " + name + String(repeating: " ", count: nameWidth - name.count + 2)
            return DisplayWidth.wrap(placeholder.help, toWidth: 80 - indent).enumerated().map { index, text in
                (index == 0 ? label : String(repeating: " ", count: indent)) + text
            }
        }.joinedText(separator: "\n")
    }
}

/// `--format TEMPLATE` (`launches next`, `mars-weather`): one line for status
/// bars and prompts. Placeholders are replaced; `{{` and `}}` are literal
/// braces; everything else is kept. The template is checked once, before
/// anything is loaded, so a typo is a usage error rather than a line with a
/// hole in it.
struct LineTemplate<Placeholder: LinePlaceholder>: Sendable, Equatable {
    enum Part: Sendable, Equatable {
        case text(String)
        case placeholder(Placeholder)
    }

    let parts: [Part]

    init(parts: [Part]) { self.parts = parts }

    /// - Throws: `UsageError` naming the known placeholders for an unknown one,
    ///   for a brace left open or closed alone, and for an empty template.
    init(_ template: String) throws(UsageError) {
        // A status bar given an empty line would show nothing and say all is well.
        if template.allSatisfy(\.isWhitespace) {
            throw UsageError("--format needs a template with a placeholder", hint: "--format '\(Placeholder.example)'")
        }
        var parts: [Part] = []
        var text = ""
        var index = template.startIndex
        while index < template.endIndex {
            let character = template[index]
            let next = template.index(after: index)
            if character == "{" || character == "}", next < template.endIndex, template[next] == character {
                text.append(character)
                index = template.index(after: next)
                continue
            }
            if character == "}" {
                throw UsageError("--format has a '}' that closes nothing", hint: "write }} for a literal brace")
            }
            guard character == "{" else {
                text.append(character)
                index = next
                continue
            }
            guard let close = template[next...].firstIndex(of: "}") else {
                throw UsageError("--format has a '{' that is never closed", hint: "write {{ for a literal brace")
            }
            let word = String(template[next..<close])
            guard let placeholder = Placeholder(rawValue: word.lowercased()) else {
                throw UsageError("unknown placeholder {\(word)} in --format",
                                 suggestion: Suggestion.closest(to: word.lowercased(), among: Placeholder.allCases.map(\.rawValue)).map { "{\($0)}" },
                                 hint: "known: \(Placeholder.written)")
            }
            if !text.isEmpty { parts.append(.text(text)); text = "" }
            parts.append(.placeholder(placeholder))
            index = template.index(after: close)
        }
        if !text.isEmpty { parts.append(.text(text)) }
        self.parts = parts
    }

    /// The line with each placeholder's value, on one line whatever the data holds.
    /// - Parameter missing: what stands for a value the data does not give.
    func render(missing: String, _ value: (Placeholder) -> String?) -> String {
        let line = parts.map { part -> String in
            switch part {
            case .text(let text): return text
            case .placeholder(let placeholder): return value(placeholder) ?? missing
            }
        }.joinedText()
        return TerminalSanitizer.clean(line, mode: .singleLine)
    }
}
