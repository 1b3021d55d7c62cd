import Terminal

/// The rules every tab-separated output follows (`launches` and `mars-weather`
/// into a pipe): one record a line, no header, a missing value an empty field,
/// and no tab, line break or control character inside a field, so a row is
/// always one line with the same number of fields.
enum TabSeparated {
    /// One field: single-line, free of tabs and control characters.
    static func field(_ text: String) -> String {
        let clean = TerminalSanitizer.clean(text, mode: .singleLine)
        // Without Foundation's replacingOccurrences: it loads NSString and
        // CoreFoundation's tables on every piped `mars-weather`, for fields
        // that almost never hold a tab.
        guard clean.utf8.contains(UInt8(ascii: "\t")) else { return clean }
        return String(String.UnicodeScalarView(clean.unicodeScalars.map { $0 == "\t" ? " " : $0 }))
    }

    /// One row of fields, nil fields empty.
    static func row(_ fields: [String?]) -> String {
        fields.map { $0.map(field) ?? "" }.joined(separator: "\t")
    }

    /// A number as the data gives it, nothing rounded away ("-96.872", "807"):
    /// whole numbers without a fraction; nil (an empty field) for none, or for
    /// a value no sensor gives.
    static func number(_ value: Double?) -> String? {
        guard let value, value.isFinite, abs(value) < 1e15 else { return nil }
        if value == value.rounded() { return String(Int(value)) }
        return String(value)
    }
}
