import Foundation
import SpaceData
import Terminal

/// The tour's own words around the commands' output: the introduction,
/// section headings, each command line as typed, and the close.
struct DemoPage: Sendable {
    let context: CommandContext

    func write(_ lines: [String]) throws {
        try context.stdout.write(lines.map { $0 + "\n" }.joined())
    }

    func heading(_ text: String) -> String {
        context.styled(self.text(text), .bold)
    }

    /// `text` in the locale's marks: "·" becomes the separator ("|" in ASCII), as the commands draw it.
    func text(_ text: String) -> String {
        context.glyphs.fit(text.replacingOccurrences(of: "·", with: context.glyphs.separator))
    }

    /// How the tour runs its commands, so a user can run them the same way.
    var introduction: [String] {
        let iso = LaunchLibraryDate.string(from: DemoTour.now)
        return [
            heading("spacedash demo: a tour of what to type"),
            text("Each command below is run as you would type it, offline, from the real data bundled in spacedash,"),
            text("with the clock set to 20 July 2026, 14:38 UTC, when Launch Library 2 published the bundled listing,"),
            text("and times in UTC: what SPACEDASH_NOW=\(iso) TZ=UTC spacedash … --offline shows."),
            text("On your own clock and online, the same commands show today's launches and weather."),
        ]
    }

    func sectionHeading(_ section: DemoTour.Section) -> [String] {
        ["", heading(section.heading)]
    }

    /// The caption, wrapped to the width (at most 100 columns, to stay readable),
    /// and the command line, as a prompt shows it.
    func commandLine(_ step: DemoStep) -> [String] {
        [""] + DisplayWidth.wrap(text(step.caption), toWidth: min(context.layoutWidth, 100))
            + [context.styled("$ ", .dim) + context.styled(step.typed, .bold)]
    }

    /// The search scene's introduction: what the screen does, in a user's words.
    func searchIntroduction(timing: DemoSearchTiming, fast: Bool) -> [String] {
        let key = DemoSearchSession.milliseconds(timing.keyInterval)
        let pause = DemoSearchSession.milliseconds(timing.debounce)
        return [
            "", heading("Search as you type"),
        ] + commandLine(DemoTour.interactive) + [
            text("Below, keys come one every \(key) ms\(fast ? "" : ", on the real clock"). The prompt shows each key at once; "
                 + "the list waits until"),
            text("you pause for \(pause) ms, then searches once, so typing a word costs one search, not one per key."),
        ]
    }

    /// The close: counts from the search, and where to go next.
    func closing(_ summaries: [DemoSearchPhaseSummary]) -> [String] {
        let keys = summaries.map(\.keystrokes).reduce(0, +)
        let searches = summaries.map(\.searches).reduce(0, +)
        return [
            "",
            text("In all, \(keys) keys and \(searches) searches."),
            "",
            heading("Next"),
            text("spacedash (with no command) shows the dashboard: Mars weather beside the next launches."),
            text("spacedash --help lists the commands; spacedash COMMAND --help shows each one's options and examples."),
        ]
    }
}
