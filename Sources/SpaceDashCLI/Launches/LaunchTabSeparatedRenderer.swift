import Foundation
import SpaceData
import Terminal

/// `spacedash launches` into a pipe: one launch per line, fields separated by
/// tabs, no header, no colour, nothing cut, dates in ISO-8601 UTC:
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

    /// One field: single-line, free of tabs and control characters.
    static func field(_ text: String) -> String {
        TerminalSanitizer.clean(text, mode: .singleLine).replacingOccurrences(of: "\t", with: " ")
    }
}
