/// Options that several commands take, declared once in their own type
/// (`FetchOptions`, `LaunchFilterOptions`, …) with the heading help, the man
/// page and completion list them under, as swift-argument-parser's
/// `@OptionGroup(title:)` does. A command lists the groups it takes beside its
/// own arguments; the group's type reads them back (`FetchOptions(arguments)`).
struct ArgumentGroup: Sendable {
    /// The heading, e.g. "Fetch options".
    let title: String
    let declarations: [any ArgumentDeclaration]
    /// Whether its options' config keys are at the top level, one for every
    /// command that takes them (`units`, `timeout`), or else in the section of
    /// each command family that takes the group, as the command's own options
    /// (the launch filters: `[launches] agency`).
    let sharesSettings: Bool

    init(_ title: String, _ declarations: [any ArgumentDeclaration], sharesSettings: Bool = true) {
        self.title = title
        self.declarations = declarations
        self.sharesSettings = sharesSettings
    }
}

/// Arguments under one heading of a help page or man page.
struct ArgumentSection: Sendable {
    let title: String
    let arguments: [ArgumentInfo]
    /// Its options' config keys are at the top level (an option group's that
    /// `sharesSettings`), not in the command family's section (`ConfigPlacement`).
    var sharesSettings = false
}
