/// Options that several commands take, declared once in their own type
/// (`FetchOptions`, `LaunchFilterOptions`, …) with the heading help, the man
/// page and completion list them under, as swift-argument-parser's
/// `@OptionGroup(title:)` does. A command lists the groups it takes beside its
/// own arguments; the group's type reads them back (`FetchOptions(arguments)`).
struct ArgumentGroup: Sendable {
    /// The heading, e.g. "Fetch options".
    let title: String
    let declarations: [any ArgumentDeclaration]

    init(_ title: String, _ declarations: [any ArgumentDeclaration]) {
        self.title = title
        self.declarations = declarations
    }
}

/// Arguments under one heading of a help page or man page.
struct ArgumentSection: Sendable {
    let title: String
    let arguments: [ArgumentInfo]
}
