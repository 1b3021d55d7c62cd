import Foundation

/// `spacedash config show [--json]`: every setting, its value and where it
/// comes from, as `git config --show-origin` shows them.
struct ConfigShowCommand: Command {
    static let configuration = CommandConfiguration(
        name: "show",
        abstract: "Every setting with its value and where it comes from: default, FILE:LINE or env NAME.",
        discussion: """
            One line a key: the key (launches.limit is limit under [launches]), its value (a list's \
            words joined with commas; nothing for an option with no default) and its origin. With \
            --json: an array of {"key", "value", "origin"}, the value typed as the file holds it \
            (null when unset).
            """,
        groups: [OutputOptions.group(OutputOptions.json)],
        examples: [
            Example("spacedash config show", "units  imperial  /home/you/.config/spacedash/config.toml:3"),
            Example("spacedash config show --json | jq -r '.[] | select(.origin != \"default\") | .key'", "The keys set outside their defaults."),
        ])

    let json: Bool

    init(_ arguments: ParsedArguments) {
        json = OutputOptions(arguments).json
    }

    func run(_ context: CommandContext) async throws -> ExitCode {
        let rows = try ConfigKeys(root: SpaceDash.self).keys.map { key throws(CommandError) in
            (key: key, value: try context.settings.value(of: key) ?? SettingValue(words: Self.defaultWords(key), origin: .builtIn))
        }
        if json {
            let objects = rows.map { row in
                ["key": row.key.path, "value": Self.jsonValue(row.value.words, key: row.key), "origin": row.value.origin.description] as [String: Any]
            }
            let data = try JSONSerialization.data(withJSONObject: objects, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
            try context.stdout.writeLine(JSONText.printable(String(decoding: data, as: UTF8.self)))
            return .success
        }
        let cells = rows.map { [$0.key.path, $0.value.words.joined(separator: ","), $0.value.origin.description] }
        let keyWidth = cells.map { $0[0].count }.max() ?? 0
        let valueWidth = cells.map { $0[1].count }.max() ?? 0
        for cell in cells {
            let line = cell[0].padding(toLength: keyWidth + 2, withPad: " ", startingAt: 0)
                + cell[1].padding(toLength: valueWidth + 2, withPad: " ", startingAt: 0) + cell[2]
            try context.stdout.writeLine(context.styled(line, .plain))
        }
        return .success
    }

    /// The built-in default as words: a flag's `false`, an option's default, none for an option without one.
    static func defaultWords(_ key: ConfigKey) -> [String] {
        if key.info.kind == .flag { return ["false"] }
        return key.info.defaultDescription.map { [$0.hasPrefix("\"") && $0.hasSuffix("\"") ? String($0.dropFirst().dropLast()) : $0] } ?? []
    }

    /// The value in JSON, typed as the file would hold it.
    static func jsonValue(_ words: [String], key: ConfigKey) -> Any {
        func typed(_ word: String) -> Any {
            switch key.info.settingKind {
            case .boolean: word == "true"
            case .integer: Int(word) as Any? ?? word
            case .number: Double(word).map { $0 == $0.rounded() && abs($0) < 1e15 ? Int($0) as Any : $0 as Any } ?? word
            case .text: word
            }
        }
        if key.info.isRepeatable { return words.map(typed) }
        return words.first.map(typed) ?? NSNull()
    }
}
