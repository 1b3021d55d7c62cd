import SpaceData

/// Where shown data came from, in the words `--verbose` and the status lines use.
enum OriginText {
    /// `--verbose`'s line on a list of launches. With `refreshAsked` (--refresh), a cached
    /// answer never suggests --refresh: the notices say why no live answer came.
    static func launches(_ sourced: Sourced<LaunchList>, refreshAsked: Bool = false) -> String {
        let list = sourced.value
        let count = "\(list.launches.count) \(list.timeframe == .upcoming ? "upcoming" : "past") launches"
        switch sourced.origin {
        case .live:
            let pages = list.pages == 1 ? "1 page" : "\(list.pages) pages"
            return "\(count) from Launch Library (\(pages)\(list.totalCount.map { " of \($0) launches" } ?? ""))"
        case .cache(_, let age):
            return "\(count) cached \(AgeText.describe(age)) ago"
                + (refreshAsked ? "" : freshness(age: age, freshFor: LaunchService.freshness))
        case .sample:
            return "\(count) from \(LaunchService.bundledSummary(list.timeframe))"
        }
    }

    /// "; fresh for N more, no request made (--refresh to ask now)" while a cached
    /// answer of `age` is fresh, else nothing.
    static func freshness(age: Double, freshFor freshness: Double) -> String {
        guard age < freshness else { return "" }
        return "; fresh for \(AgeText.describe(freshness - age)) more, no request made (--refresh to ask now)"
    }
}
