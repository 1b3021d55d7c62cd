/// `--limit N`: how many results a listing shows (`launches search`, `events`).
/// (The dashboard's own `--limit` is its panel's length, with a default.)
enum ListLimitOption {
    static let limit = Option<Int?>("limit", valueName: "N", help: "Show at most N results", example: "10", check: .within(1...100_000))
}
