import Foundation
import SpaceData
import Terminal

/// A launch to show and the parts of its fields a search matched
/// (indices into the strings `LaunchColumn.text` returns).
struct LaunchRow: Sendable {
    var launch: Launch
    var highlights: [LaunchColumn: [Range<String.Index>]]
    /// Matches in the agency's abbreviation, shown instead of a name too long for its column.
    var agencyAbbreviationHighlights: [Range<String.Index>]
    /// Matches in fields the table has no column for, as "field: value" ("pad: Space
    /// Launch Complex 40"): what the table says when no shown cell explains the row.
    var otherMatches: [String]

    init(_ launch: Launch, highlights: [LaunchColumn: [Range<String.Index>]] = [:],
         agencyAbbreviationHighlights: [Range<String.Index>] = [], otherMatches: [String] = []) {
        self.launch = launch
        self.highlights = highlights
        self.agencyAbbreviationHighlights = agencyAbbreviationHighlights
        self.otherMatches = otherMatches
    }

    /// Whether a search chose this row (the plain listing highlights nothing).
    var isMatch: Bool { !highlights.isEmpty || !agencyAbbreviationHighlights.isEmpty || !otherMatches.isEmpty }
}

/// The table's columns, left to right.
enum LaunchColumn: CaseIterable, Sendable, Hashable {
    case date, countdown, name, agency, missionType, location, status
    /// Why a row matched, when none of its shown cells says so; present only then.
    case matched

    var title: String {
        switch self {
        case .date: "DATE"
        case .countdown: "T-"
        case .name: "NAME"
        case .agency: "AGENCY"
        case .missionType: "MISSION"
        case .location: "LOCATION"
        case .status: "STATUS"
        case .matched: "MATCHED"
        }
    }

    /// Columns that give up width when the terminal is narrow; the others
    /// (date, countdown, status) are short and always whole.
    var isFlexible: Bool {
        switch self {
        case .name, .agency, .missionType, .location, .matched: true
        case .date, .countdown, .status: false
        }
    }

    /// How much of the width a flexible column gets when they must share:
    /// the name tells launches apart, so it gets the most.
    var weight: Double {
        switch self {
        case .name: 2.2
        case .location: 1.3
        case .agency: 1.0
        case .missionType, .matched: 0.8
        case .date, .countdown, .status: 0
        }
    }

    /// What marks a launch whose webcast is live, in the status column and the watch.
    static let liveMark = "LIVE"

    /// The narrowest a flexible column gets before it is dropped instead: a stub of
    /// five letters ("Commu…") says less than no column, and the header stays whole.
    static let minimumFlexibleWidth = 8

    /// The narrowest this column gets, for a column `natural` cells wide at most. The
    /// name is never dropped, so it may be cut further than the others.
    func minimumWidth(natural: Int) -> Int {
        min(natural, self == .name ? Self.minimumNameWidth : max(Self.minimumFlexibleWidth, DisplayWidth.of(title)))
    }
    static let minimumNameWidth = 6

    func text(of launch: Launch, dates: LaunchDateText) -> String {
        switch self {
        case .date: dates.date(of: launch)
        case .countdown: dates.countdownOrElapsed(to: launch)
        case .name: launch.name
        case .agency: launch.agencyName ?? launch.agencyAbbreviation ?? ""
        case .missionType: launch.missionType ?? ""
        case .location: launch.locationName ?? ""
        case .status: Self.status(of: launch)
        case .matched: ""
        }
    }

    /// The status cell: a launch whose webcast is live reads "LIVE" where it is
    /// Go (no wider than the column's title, so the table keeps its layout), and
    /// "Hold LIVE" with any other status, which must stay in sight.
    static func status(of launch: Launch) -> String {
        guard launch.webcastLive else { return launch.statusShort ?? "" }
        if liveReplacesStatus(of: launch) { return liveMark }
        return (launch.statusShort.map { $0 + " " } ?? "") + liveMark
    }

    /// Whether "LIVE" stands for the status (then a search's highlights in the status are not drawn).
    static func liveReplacesStatus(of launch: Launch) -> Bool {
        launch.webcastLive && (launch.statusShort == nil || launch.statusShort?.lowercased() == "go")
    }
}

/// The table `spacedash launches` prints on a terminal: a header, one line per
/// launch, columns cut by display width with an ellipsis so every line fits
/// `width` cells, matched text highlighted. Text from the API is sanitised
/// (by `StyledText`), so no launch can send escape sequences to the terminal.
struct LaunchTableRenderer: Sendable {
    let dates: LaunchDateText
    /// The terminal's width in cells.
    let width: Int
    let mode: StyleMode
    /// Whether to show the countdown column (upcoming launches only).
    let showsCountdown: Bool
    /// Ends a cut cell: "…", or "..." in a locale that is not UTF-8 (`Glyphs.ellipsis`);
    /// the widths count its cells either way.
    var ellipsis = DisplayWidth.ellipsis

    static let separator = "  "

    var columns: [LaunchColumn] {
        LaunchColumn.allCases.filter { $0 != .matched && ($0 != .countdown || showsCountdown) }
    }

    /// The header and one line per row, styled for `mode`, without line breaks.
    ///
    /// The name tells launches apart, so it gets the width first: when the table does
    /// not fit, dates become compact (`Nov 24 03:12`), then whole columns go (mission,
    /// location, agency) before the name is cut, and a cut name keeps its mission
    /// (`keepingMission`); only then the countdown and status go.
    func render(_ rows: [LaunchRow]) -> [String] {
        let allCells = { (columns: [LaunchColumn], compact: Bool) -> [[StyledText]] in
            rows.map { row in
                columns.map { column in
                    let text = column == .date && compact
                        ? dates.compactDate(of: row.launch, withCountdown: showsCountdown)
                        : column.text(of: row.launch, dates: dates)
                    let highlights = column == .status && LaunchColumn.liveReplacesStatus(of: row.launch) ? [] : row.highlights[column] ?? []
                    return StyledText(text, style: style(of: column, in: row.launch), highlighting: highlights)
                }
            }
        }
        var columns = self.columns
        var cells = allCells(columns, false)
        // The full date while every column fits beside a whole name.
        if !fitsWholeName(columns: columns, cells: cells) { cells = allCells(columns, true) }
        func drop(_ column: LaunchColumn) {
            guard let index = columns.firstIndex(of: column) else { return }
            columns.remove(at: index)
            cells = cells.map { row in var row = row; row.remove(at: index); return row }
        }
        // A column that alone shows why some row matched stays; the name is cut instead.
        func aloneExplains(_ column: LaunchColumn) -> Bool {
            rows.contains { row in
                row.highlights[column] != nil && !row.highlights.keys.contains { $0 != column && columns.contains($0) }
            }
        }
        for dropped in Self.dropOrder where !fitsWholeName(columns: columns, cells: cells) && !aloneExplains(dropped) {
            drop(dropped)
        }
        // On a very narrow terminal, the name is cut, and the short columns go too
        // rather than overflow the line.
        for dropped in Self.lastDropOrder where minimumWidth(columns: columns, cells: cells) > width { drop(dropped) }
        explainHiddenMatches(rows, columns: &columns, cells: &cells)
        var widths = columnWidths(columns: columns, cells: cells)
        // "China Aerospace Science and Technology Corporation" cut to "China Aero…"
        // says less than "CASC": a name that does not fit gives way to its abbreviation.
        if let agency = columns.firstIndex(of: .agency) {
            // Not when the match is in the name alone: "NASA MSFC" would hide why "marshall" matched.
            for (index, row) in rows.enumerated() where cells[index][agency].displayWidth > widths[agency]
                && (row.highlights[.agency] == nil || !row.agencyAbbreviationHighlights.isEmpty) {
                guard let abbreviation = row.launch.agencyAbbreviation, DisplayWidth.of(abbreviation) <= widths[agency] else { continue }
                cells[index][agency] = StyledText(abbreviation, highlighting: row.agencyAbbreviationHighlights)
            }
            // The width the abbreviations freed goes to the other columns.
            widths = columnWidths(columns: columns, cells: cells)
        }
        if let name = columns.firstIndex(of: .name) {
            for index in cells.indices where cells[index][name].displayWidth > widths[name] {
                if let cut = LaunchNameFit.keepingMission(cells[index][name], width: widths[name], ellipsis: ellipsis) {
                    cells[index][name] = cut
                }
            }
        }
        var lines = [line(columns.map { StyledText($0.title, style: .bold) }, widths: widths)]
        for row in cells { lines.append(line(row, widths: widths)) }
        return lines
    }

    /// A row a search chose whose shown cells hold none of its matches gets a last
    /// column saying where it matched ("pad: Space Launch Complex 40", "agency: NASA
    /// Marshall"), when the table has room for one.
    private func explainHiddenMatches(_ rows: [LaunchRow], columns: inout [LaunchColumn], cells: inout [[StyledText]]) {
        let shown = Set(columns)
        let reasons = rows.map { row -> String in
            guard row.isMatch else { return "" }
            let visible = row.highlights.keys.contains(where: shown.contains)
                || (shown.contains(.agency) && !row.agencyAbbreviationHighlights.isEmpty)
            guard !visible else { return "" }
            let hiddenColumn = LaunchColumn.allCases.first { !shown.contains($0) && row.highlights[$0] != nil }
            if let hiddenColumn {
                return hiddenColumn.title.lowercased() + ": " + hiddenColumn.text(of: row.launch, dates: dates)
            }
            return row.otherMatches.first ?? ""
        }
        guard reasons.contains(where: { !$0.isEmpty }) else { return }
        let withReasons = zip(cells, reasons).map { row, reason in row + [StyledText(reason, style: .dim)] }
        guard minimumWidth(columns: columns + [.matched], cells: withReasons) <= width else { return }
        columns.append(.matched)
        cells = withReasons
    }

    /// Which whole columns go, in order, before the name is cut.
    static let dropOrder: [LaunchColumn] = [.missionType, .location, .agency]
    /// Which go when even the name cut to its minimum does not fit.
    static let lastDropOrder: [LaunchColumn] = [.countdown, .status]

    /// Whether the name fits whole, the other flexible columns at their minimum.
    private func fitsWholeName(columns: [LaunchColumn], cells: [[StyledText]]) -> Bool {
        let natural = naturalWidths(columns: columns, cells: cells)
        let widths = zip(columns, natural).map { column, width in
            column.isFlexible && column != .name ? column.minimumWidth(natural: width) : width
        }
        return widths.reduce(0, +) + Self.separator.count * (columns.count - 1) <= width
    }

    private func line(_ cells: [StyledText], widths: [Int]) -> String {
        // Trailing empty cells would only leave padding at the end of the line.
        let count = (cells.lastIndex { !$0.isEmpty && $0.displayWidth > 0 } ?? 0) + 1
        var line = StyledText()
        for index in 0..<count {
            let isLast = index == count - 1
            let fitted = cells[index].truncated(toWidth: widths[index], ellipsis: ellipsis)
            line.append(isLast ? fitted : fitted.padded(toWidth: widths[index]))
            if !isLast { line.append(Self.separator) }
        }
        return line.rendered(mode)
    }

    private func naturalWidths(columns: [LaunchColumn], cells: [[StyledText]]) -> [Int] {
        var natural = columns.map { DisplayWidth.of($0.title) }
        for row in cells {
            for (index, cell) in row.enumerated() { natural[index] = max(natural[index], cell.displayWidth) }
        }
        return natural
    }

    /// The narrowest the table can be with these columns.
    private func minimumWidth(columns: [LaunchColumn], cells: [[StyledText]]) -> Int {
        let natural = naturalWidths(columns: columns, cells: cells)
        let widths = zip(columns, natural).map { $0.isFlexible ? $0.minimumWidth(natural: $1) : $1 }
        return widths.reduce(0, +) + Self.separator.count * (columns.count - 1)
    }

    /// Natural widths when they fit; otherwise the name keeps its natural width when
    /// the other flexible columns can have their minimum, and those share what is
    /// left in proportion to their weight, each keeping at least
    /// `minimumFlexibleWidth` (or its natural width when smaller) and none growing
    /// past its natural width. When the name cannot be whole, all flexible columns
    /// share that way, the name weighing most.
    func columnWidths(columns: [LaunchColumn], cells: [[StyledText]]) -> [Int] {
        let natural = naturalWidths(columns: columns, cells: cells)
        let separators = Self.separator.count * (columns.count - 1)
        let fixed = zip(columns, natural).filter { !$0.0.isFlexible }.map(\.1).reduce(0, +)
        var flexibleIndices = columns.indices.filter { columns[$0].isFlexible }
        var available = max(0, width - fixed - separators)
        guard flexibleIndices.map({ natural[$0] }).reduce(0, +) > available else { return natural }
        if let name = columns.firstIndex(of: .name) {
            let others = flexibleIndices.filter { $0 != name }
            if natural[name] + others.map({ columns[$0].minimumWidth(natural: natural[$0]) }).reduce(0, +) <= available {
                flexibleIndices = others
                available -= natural[name]
            }
        }

        func widths(scale: Double) -> [Int] {
            flexibleIndices.map { index in
                let floor = columns[index].minimumWidth(natural: natural[index])
                return min(natural[index], max(floor, Int(scale * columns[index].weight)))
            }
        }
        // The largest scale whose widths fit (widths only grow with the scale).
        var low = 0.0, high = Double(width) + 1
        for _ in 0..<40 {
            let middle = (low + high) / 2
            if widths(scale: middle).reduce(0, +) <= available { low = middle } else { high = middle }
        }
        var result = natural
        for (offset, width) in widths(scale: low).enumerated() { result[flexibleIndices[offset]] = width }
        // Hand cells left over by rounding to the columns that were cut, by weight.
        var spare = available - flexibleIndices.map { result[$0] }.reduce(0, +)
        for index in flexibleIndices.sorted(by: { columns[$0].weight > columns[$1].weight }) where spare > 0 && result[index] < natural[index] {
            let extra = min(spare, natural[index] - result[index])
            result[index] += extra
            spare -= extra
        }
        return result
    }

    private func style(of column: LaunchColumn, in launch: Launch) -> Terminal.TextStyle {
        switch column {
        case .countdown: return .dim
        case .status:
            if launch.webcastLive { return .error }
            switch launch.outcomeKind {
            case .success, .inFlight: return .success
            case .failure, .partialFailure: return .error
            case nil: break
            }
            switch launch.statusShort?.lowercased() {
            case "go": return .success
            case "hold", "tbd", "tbc": return .warning
            default: return .plain  // a status spacedash does not know: as named, no colour
            }
        default: return .plain
        }
    }
}
