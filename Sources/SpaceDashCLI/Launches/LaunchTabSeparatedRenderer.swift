import Foundation
import SpaceData
import Terminal

/// `spacedash launches` into a pipe: one launch per line, fields separated by
/// tabs (`TabSeparated`'s rules), no header, nothing cut, dates in ISO-8601 UTC, and no colour unless
/// `--color always` asks for it (then the matches are highlighted, as ripgrep
/// does in a pipe):
///
///     NET  name  agency  mission type  location  status  id
///
/// A missing value is an empty field. Tabs, line breaks and control
/// characters inside the data become spaces, so a row is always one line of
/// exactly seven fields.
enum LaunchTabSeparatedRenderer {
    static let fieldNames = ["net", "name", "agency", "mission_type", "location", "status", "id"]

    static func line(_ launch: Launch) -> String {
        [
            launch.net.map(LaunchLibraryDate.string(from:)) ?? "",
            launch.name,
            launch.agencyName ?? launch.agencyAbbreviation ?? "",
            launch.missionType ?? "",
            launch.locationName ?? "",
            launch.statusName ?? "",
            launch.id,
        ]
        .map(field)
        .joined(separator: "\t")
    }

    /// The row of a search result: `line(_:)`, with the matched text
    /// highlighted when `mode` is colour (`--color always` into a pipe). The
    /// highlight's escapes hold no tab, so a row is still seven fields.
    static func line(_ row: LaunchRow, mode: StyleMode) -> String {
        guard mode == .colour, !row.highlights.isEmpty else { return line(row.launch) }
        let launch = row.launch
        func highlighted(_ text: String?, _ column: LaunchColumn) -> String {
            guard let text else { return "" }
            guard let ranges = row.highlights[column], !ranges.isEmpty else { return field(text) }
            return StyledText(text, highlighting: ranges).rendered(mode).replacingOccurrences(of: "\t", with: " ")
        }
        return [
            field(launch.net.map(LaunchLibraryDate.string(from:)) ?? ""),
            highlighted(launch.name, .name),
            highlighted(launch.agencyName ?? launch.agencyAbbreviation, .agency),
            highlighted(launch.missionType, .missionType),
            highlighted(launch.locationName, .location),
            // The search's status ranges are in the abbreviation when there is one; this field is the name.
            launch.statusAbbreviation == nil ? highlighted(launch.statusName, .status) : field(launch.statusName ?? ""),
            field(launch.id),
        ].joined(separator: "\t")
    }

    static func field(_ text: String) -> String {
        TabSeparated.field(text)
    }
}
