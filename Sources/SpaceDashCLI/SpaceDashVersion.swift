/// The version of spacedash, in one place: `--version`, help, and the HTTP
/// User-Agent (`spacedash/0.1.0`, passed to the HTTP client by the commands).
enum SpaceDashVersion {
    static let current = "0.1.0"

    /// The User-Agent header the commands give the HTTP client.
    static var userAgent: String { "spacedash/\(current)" }
}
