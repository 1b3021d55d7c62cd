/// Usage lines and help pages, generated from command configurations.
enum HelpFormatter {
    /// Help pages wrap at this width; an 80-column terminal shows them whole.
    static let width = 80

    /// The full usage line: `spacedash mars-weather [--sols N] … [--color WHEN]`.
    static func usage(for chain: [any Command.Type]) -> String {
        synopsisParts(for: chain).joined(separator: " ")
    }

    /// A usage line short enough for an error message: the full one when the
    /// line fits 80 columns, else with the options folded into `[options]`.
    static func shortUsage(for chain: [any Command.Type]) -> String {
        let full = usage(for: chain)
        guard "Usage: ".count + full.count > width else { return full }
        let configuration = chain.last!.configuration
        var parts = [commandName(chain)]
        if !configuration.subcommands.isEmpty { parts.append(commandMarker(configuration, isRoot: chain.count == 1)) }
        parts.append("[options]")
        parts += arguments(of: configuration).filter { $0.kind == .positional }.map(\.synopsis)
        return parts.joined(separator: " ") + " (see --help)"
    }

    /// The help page of the last command in `chain`.
    static func help(for chain: [any Command.Type], mode: StyleMode = .plain) -> String {
        let bold = { (text: String) in StyledText(text, style: .bold).rendered(mode) }
        let configuration = chain.last!.configuration
        let isRoot = chain.count == 1
        let name = commandName(chain)
        var page: [String] = []

        page.append(isRoot ? "\(bold(name)) \(SpaceDashVersion.current): \(configuration.abstract)" : configuration.abstract)
        page.append("")
        page.append(contentsOf: wrapWords(synopsisParts(for: chain), prefix: bold("Usage:") + " ", prefixWidth: 7))

        if !configuration.discussion.isEmpty {
            page.append("")
            page.append(contentsOf: wrap(configuration.discussion, indent: 0))
        }

        if !configuration.subcommands.isEmpty {
            page.append("")
            page.append(bold("Commands:"))
            let rows = configuration.subcommands.map { command -> (String, String) in
                let sub = command.configuration
                return (sub.name, sub.abstract + (sub.name == configuration.defaultSubcommandName ? " (default)" : ""))
            }
            page.append(contentsOf: table(rows))
        }

        let positionals = arguments(of: configuration).filter { $0.kind == .positional }
        if !positionals.isEmpty {
            page.append("")
            page.append(bold("Arguments:"))
            page.append(contentsOf: table(positionals.map { ($0.helpLabel, describe($0)) }))
        }

        for section in optionSections(of: configuration, isRoot: isRoot) {
            page.append("")
            page.append(bold(section.title + ":"))
            page.append(contentsOf: table(section.arguments.map { ($0.helpLabel, describe($0)) }))
        }

        if !configuration.examples.isEmpty {
            page.append("")
            page.append(bold("Examples:"))
            for example in configuration.examples {
                page.append("  " + example.commandLine)
                page.append(contentsOf: wrap(example.explanation, indent: 6))
            }
        }

        if !configuration.subcommands.isEmpty {
            page.append("")
            page.append("Run '\(name) COMMAND --help' for a command's options and examples.")
        }
        return page.joined(separator: "\n") + "\n"
    }

    /// What a row of the options table says: help, fixed values, default.
    static func describe(_ info: ArgumentInfo) -> String {
        var text = info.help
        var notes: [String] = []
        // Fixed values are listed unless the label or the help already names them all.
        if let fixed = info.fixedValues, info.valueName != fixed.joined(separator: "|"),
           !fixed.allSatisfy({ info.help.contains($0) }) {
            notes.append("one of: " + fixed.joined(separator: ", "))
        }
        if let defaultDescription = info.defaultDescription { notes.append("default: \(defaultDescription)") }
        if info.isRepeatable && info.kind == .option { notes.append("repeatable") }
        if !notes.isEmpty { text += " (" + notes.joined(separator: "; ") + ")" }
        return text
    }

    static func commandName(_ chain: [any Command.Type]) -> String {
        chain.map { $0.configuration.name }.joined(separator: " ")
    }

    private static func commandMarker(_ configuration: CommandConfiguration, isRoot: Bool) -> String {
        // The root runs alone (the overview), and so does a group with a default.
        isRoot || configuration.defaultSubcommand != nil ? "[COMMAND]" : "COMMAND"
    }

    private static func synopsisParts(for chain: [any Command.Type]) -> [String] {
        let configuration = chain.last!.configuration
        var parts = [commandName(chain)]
        if !configuration.subcommands.isEmpty { parts.append(commandMarker(configuration, isRoot: chain.count == 1)) }
        parts += arguments(of: configuration).filter { $0.kind != .positional }.map(\.synopsis)
        parts.append(GlobalOptions.color.info.synopsis)
        if chain.count == 1 { parts.append(GlobalOptions.version.info.synopsis) }
        parts += arguments(of: configuration).filter { $0.kind == .positional }.map(\.synopsis)
        return parts
    }

    /// What a command accepts: its own arguments, and for a group with a
    /// default subcommand that one's too (`launches --past` is `launches search --past`).
    static func arguments(of configuration: CommandConfiguration) -> [ArgumentInfo] {
        var shown = configuration.arguments
        var next = configuration.defaultSubcommand
        while let command = next {
            shown += command.configuration.arguments.filter { info in !shown.contains { $0.name == info.name && $0.kind == info.kind } }
            next = command.configuration.defaultSubcommand
        }
        return shown
    }

    /// The options and flags under their headings, as help and the man page list
    /// them: the command's own ("Options"), its groups' (a group with a default
    /// subcommand adds that one's), then the global options. Headings that
    /// repeat are merged, and an empty one is left out.
    static func optionSections(of configuration: CommandConfiguration, isRoot: Bool) -> [ArgumentSection] {
        var sections = configuration.sections
        var next = configuration.defaultSubcommand
        while let command = next {
            sections += command.configuration.sections
            next = command.configuration.defaultSubcommand
        }
        let globals = GlobalOptions.all.filter { isRoot || $0.name != GlobalOptions.version.info.name }
        sections.append(ArgumentSection(title: "Global options", arguments: globals))

        var merged: [ArgumentSection] = []
        var seen: Set<String> = []
        for section in sections {
            let options = section.arguments.filter { $0.kind != .positional && seen.insert($0.name).inserted }
            if let index = merged.firstIndex(where: { $0.title == section.title }) {
                merged[index] = ArgumentSection(title: section.title, arguments: merged[index].arguments + options)
            } else {
                merged.append(ArgumentSection(title: section.title, arguments: options))
            }
        }
        return merged.filter { !$0.arguments.isEmpty }
    }

    /// Two columns: labels padded to a common width (at most 28), the text
    /// wrapped beside them; a longer label gets its own line.
    private static func table(_ rows: [(String, String)]) -> [String] {
        let labelWidth = min(28, (rows.map { $0.0.count }.max() ?? 0) + 2)
        var lines: [String] = []
        for (label, text) in rows {
            let column = 2 + labelWidth
            let wrapped = wrap(text, indent: column)
            if label.count + 2 <= labelWidth, let first = wrapped.first {
                lines.append("  " + label.padding(toLength: labelWidth, withPad: " ", startingAt: 0) + first.dropFirst(column))
                lines += wrapped.dropFirst()
            } else {
                lines.append("  " + label)
                lines += wrapped
            }
        }
        return lines
    }

    /// Wraps paragraphs (separated by blank lines) at `width`, indented.
    /// Lines starting with a space are kept as they are (examples, lists).
    static func wrap(_ text: String, indent: Int) -> [String] {
        let pad = String(repeating: " ", count: indent)
        var lines: [String] = []
        var paragraph: [String] = []
        func flush() {
            if !paragraph.isEmpty {
                lines += wrapWords(paragraph, prefix: pad, prefixWidth: indent, continuation: indent)
                paragraph = []
            }
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingCharacters(in: .whitespaces).isEmpty {
                flush()
                lines.append("")
            } else if line.hasPrefix(" ") {
                flush()
                lines.append(pad + line)
            } else {
                paragraph += line.split(separator: " ").map(String.init)
            }
        }
        flush()
        return lines
    }

    private static func wrapWords(_ words: [String], prefix: String, prefixWidth: Int, continuation: Int? = nil) -> [String] {
        let hanging = String(repeating: " ", count: continuation ?? (prefixWidth + (words.first?.count ?? 0) + 1))
        var lines: [String] = []
        var line = prefix
        var lineWidth = prefixWidth
        var wordsOnLine = 0
        for word in words {
            if wordsOnLine > 0 && lineWidth + 1 + word.count > width {
                lines.append(line)
                line = hanging
                lineWidth = hanging.count
                wordsOnLine = 0
            }
            if wordsOnLine > 0 {
                line += " "
                lineWidth += 1
            }
            line += word
            lineWidth += word.count
            wordsOnLine += 1
        }
        lines.append(line)
        return lines
    }
}

import Foundation
import Terminal
