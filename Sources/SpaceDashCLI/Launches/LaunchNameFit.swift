import Terminal

/// A launch's name ("Rocket | Mission") fitted to a width wherever one is cut: the
/// rocket gives way before the mission, so that three Starlink launches do not all
/// read "Falcon 9 Block 5 | Starlin…" (the table, the search as you type, the watch).
enum LaunchNameFit {
    /// `name` whole when it fits `width` cells, else cut from its rocket
    /// (`keepingMission`), else at its end.
    static func fitted(_ name: StyledText, toWidth width: Int, ellipsis: String) -> StyledText {
        guard name.displayWidth > width else { return name }
        return keepingMission(name, width: width, ellipsis: ellipsis) ?? name.truncated(toWidth: max(0, width), ellipsis: ellipsis)
    }

    /// A row: `lead` (a countdown, a marker), the name fitted to the width left, then
    /// `tails` (agency, status, place), the row cut at its end to `width`. When the
    /// name leaves no room for a tail and its cut mark, the tails are left out, so the
    /// cut never reaches the mission.
    static func row(_ lead: StyledText, name: StyledText, tails: [StyledText], width: Int, ellipsis: String) -> StyledText {
        var line = lead
        line.append(fitted(name, toWidth: width - lead.displayWidth, ellipsis: ellipsis))
        guard line.displayWidth + DisplayWidth.of(ellipsis) < width else { return line.truncated(toWidth: width, ellipsis: ellipsis) }
        for tail in tails { line.append(tail) }
        return line.truncated(toWidth: width, ellipsis: ellipsis)
    }

    /// A launch's name cut to `width` cells from its rocket, so that its mission
    /// stays whole: "Fal… | Starlink Group 17-39". Nil when
    /// the name has no mission part or the mission alone leaves no room for a letter
    /// of the rocket (the name is then cut at its end, as any cell).
    static func keepingMission(_ name: StyledText, width: Int, ellipsis: String) -> StyledText? {
        let text = name.plainText
        guard let separator = text.range(of: " | ") else { return nil }
        let (rocket, mission) = name.split(atCharacter: text.distance(from: text.startIndex, to: separator.lowerBound))
        let rocketWidth = width - mission.displayWidth
        guard rocketWidth > DisplayWidth.of(ellipsis) else { return nil }
        return rocket.truncated(toWidth: rocketWidth, ellipsis: ellipsis) + mission
    }
}
