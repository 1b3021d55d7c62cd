import Foundation
import SpaceData
import Terminal

/// One stop of the tour: a command line as a user types it, and what it shows.
struct DemoStep: Sendable, Equatable {
    /// What the command shows, in a user's words, before it is run.
    var caption: String
    /// The words after `spacedash`, as the shell passes them.
    var arguments: [String]

    /// The command line as typed in a shell: `spacedash launches search 'agency:casc | starship'`.
    var typed: String {
        (["spacedash"] + arguments.map(Self.shellQuoted)).joined(separator: " ")
    }

    /// A word as a shell needs it: in single quotes when it holds anything but
    /// letters, digits and `-_.:/,`.
    static func shellQuoted(_ word: String) -> String {
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy {
            CharacterSet.alphanumerics.contains($0) || "-_.:/,".unicodeScalars.contains($0)
        }
        return plain ? word : "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}

/// The tour `spacedash demo` gives: the commands a newcomer would type, each
/// run by the program itself (the same parser, command and renderers), offline
/// from the data bundled in the binary, on the bundled listing's own clock.
enum DemoTour {
    /// When Launch Library 2 published the bundled listing: the tour's "now",
    /// as `SPACEDASH_NOW` sets it, so its countdowns read the same on any day.
    static let now = BundledLaunchListing.listedAt

    struct Section: Sendable {
        var heading: String
        var steps: [DemoStep]
    }

    static let launches = Section(
        heading: "Launches · \(BundledLaunchListing.summary), bundled with spacedash",
        steps: [
            DemoStep(caption: "The next launch in one line, for a status bar (tmux, polybar, i3blocks):",
                     arguments: ["launches", "next"]),
            DemoStep(caption: "The launches ahead, soonest first, with countdowns (into a pipe: tab-separated rows):",
                     arguments: ["launches", "--limit", "5"]),
            DemoStep(caption: "Search: every word must match, | means or, and agency:, rocket:, location:, status:, orbit:, … "
                         + "narrow a word to one field:",
                     arguments: ["launches", "search", "agency:casc | starship"]),
            DemoStep(caption: "A word after - leaves launches out:",
                     arguments: ["launches", "search", "falcon", "-starlink"]),
            DemoStep(caption: "Everything about one launch, found by its id or a search:",
                     arguments: ["launches", "show", "nrol"]),
            DemoStep(caption: "For scripts, --json gives every field (here of the next launch; `launches --json` gives the list):",
                     arguments: ["launches", "next", "--json"]),
            DemoStep(caption: "A calendar to import (RFC 5545); importing it again updates the events:",
                     arguments: ["launches", "search", "nrol", "--ics"]),
        ])

    static let history = Section(
        heading: "Every orbital launch since 1957 · \(LaunchHistory.credit)",
        steps: [
            DemoStep(caption: "--past searches the launches gone by: offline, the \(LaunchHistory.launches.count) launches "
                         + "of GCAT's launch log, 4 October 1957 to 24 July 2023, are bundled:",
                     arguments: ["launches", "search", "--past", "apollo", "11"]),
            DemoStep(caption: "The same words and options as for the launches ahead:",
                     arguments: ["launches", "search", "--past", "vostok", "--limit", "5"]),
        ])

    static let marsWeather = Section(
        heading: "Mars weather",
        steps: [
            DemoStep(caption: "Curiosity's latest sols in Gale crater, from its REMS instrument:",
                     arguments: ["mars-weather", "--station", "curiosity"]),
            DemoStep(caption: "InSight's archive (Elysium Planitia, 2020): one sol in full, with its wind rose:",
                     arguments: ["mars-weather", "--station", "insight", "--sol", "678"]),
        ])

    static let sections = [launches, history, marsWeather]

    /// The interactive search the tour ends with.
    static let interactive = DemoStep(
        caption: "A full-screen search as you type (drawn here within the tour): the list follows what you type; "
            + "Up and Down choose, Enter prints the launch, Esc leaves.",
        arguments: ["launches", "search", "--past", "-i"])

    /// Runs `step` as `spacedash` runs a command line, into memory: offline, with
    /// no cache (the bundled data, whatever is cached), on the tour's clock, in
    /// UTC, drawn as on a terminal of the tour's width and styled as the tour is.
    static func output(of step: DemoStep, context: CommandContext) async throws -> String {
        var environment = [
            CommandContext.nowVariable: LaunchLibraryDate.string(from: now),
            "TZ": "UTC",
            "COLUMNS": String(context.layoutWidth),
        ]
        for name in ["LANG", "LC_ALL", "LC_CTYPE", "TERM", "NO_COLOR"] { environment[name] = context.environment[name] }
        let colour = switch context.styleMode {
        case .plain: "never"
        case .colour: "always"
        case .attributes: "auto"  // a terminal with NO_COLOR: the same environment gives the same choice
        }
        let streams = OutputStreams.memory(stdoutIsTerminal: true)
        let code = await SpaceDash.run(arguments: step.arguments + ["--offline", "--color", colour], environment: environment,
                                       streams: streams, root: SpaceDash.self, usesCache: false)
        guard code == ExitCode.success.rawValue else {
            let reason = streams.stderr.text.split(separator: "\n").last.map(String.init) ?? "exit \(code)"
            throw CommandError("the demo's '\(step.typed)' failed: \(reason)")
        }
        return streams.stdout.text
    }
}
