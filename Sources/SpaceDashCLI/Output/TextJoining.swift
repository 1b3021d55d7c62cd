extension Array where Element == String {
    /// The strings with `separator` between them, as `joined(separator:)` gives them.
    /// Not the standard library's: its generic code resolves the array's types at run
    /// time on first use (about a quarter of a million instructions), which start-up
    /// paths such as `launches next` and building an option's text paid for one join.
    func joinedText(separator: String = "") -> String {
        var text = first ?? ""
        for element in dropFirst() {
            text += separator
            text += element
        }
        return text
    }
}
