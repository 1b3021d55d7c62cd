import Foundation
import Testing
@testable import SpaceDashCLI

/// The whole command tree, walked: what swift-argument-parser's validators
/// check, for the project's static declarations, and that everything made from
/// the tree (help, completions, the man page) shows every option.
@Suite struct CommandTreeTests {
    /// Every command with the words that name it, the root first.
    static func everyCommand(_ command: any Command.Type = SpaceDash.self, path: [String] = []) -> [(path: [String], command: any Command.Type)] {
        [(path, command)] + command.configuration.subcommands.flatMap { everyCommand($0, path: path + [$0.configuration.name]) }
    }

    @Test func noTwoOptionsOfACommandShareALongNameOrAShortLetter() {
        for (path, command) in Self.everyCommand() {
            let named = (command.configuration.arguments + GlobalOptions.all).filter { $0.kind != .positional }
            let longs = named.map(\.name)
            let shorts = named.compactMap(\.short)
            #expect(Set(longs).count == longs.count, "spacedash \(path.joined(separator: " ")): \(longs.sorted())")
            #expect(Set(shorts).count == shorts.count, "spacedash \(path.joined(separator: " ")): \(shorts.sorted())")
        }
    }

    @Test func noCommandReadsAnOptionItDidNotDeclare() throws {
        var checked = 0
        for (path, command) in Self.everyCommand() {
            // A command whose bare command line is incomplete (a required SHELL) is given its first example.
            let words = (try? CommandLineParser.parse(path, root: SpaceDash.self)) != nil
                ? path
                : (command.configuration.examples.first?.commandLine ?? "").split(separator: " ").dropFirst()
                    .prefix { !$0.hasPrefix(">") && !$0.hasPrefix("|") }.map(String.init)
            let invocation = try CommandLineParser.parse(words, root: SpaceDash.self)
            _ = try invocation.commands.last!.init(invocation.arguments)
            #expect(invocation.arguments.undeclaredReads.isEmpty,
                    "spacedash \(path.joined(separator: " ")) reads \(invocation.arguments.undeclaredReads) without declaring it: it always gets the default")
            checked += 1
        }
        #expect(checked == Self.everyCommand().count)
    }

    @Test func readingAnUndeclaredOptionIsNoticed() throws {
        let invocation = try CommandLineParser.parse(["demo"], root: SpaceDash.self)
        _ = invocation.arguments[FetchOptions.offline]
        #expect(invocation.arguments.undeclaredReads == ["--offline"])
        _ = invocation.arguments[declared: FetchOptions.refresh]
        #expect(invocation.arguments.undeclaredReads == ["--offline"], "a shared group's reads of what the command left out are deliberate")
    }

    /// Every option a command takes, its own and its groups', with the global ones.
    static func options(of command: any Command.Type, isRoot: Bool) -> [ArgumentInfo] {
        HelpFormatter.optionSections(of: command.configuration, isRoot: isRoot).flatMap(\.arguments)
    }

    @Test func everyOptionIsDeclaredOnce() {
        // One declaration per long name: the same name everywhere has the same help,
        // value name and default, so two commands cannot drift apart.
        var seen: [String: (help: String, value: String, defaultValue: String?, where: String)] = [:]
        for (path, command) in Self.everyCommand() {
            // The dashboard's --limit is its panel's length (5 by default); a listing's has no default.
            // notify's --before is how long before a launch it reminds (issue 29 names it so,
            // and `[notify] before` comes from it); a listing's is a date.
            for info in command.configuration.arguments where info.kind != .positional && !(path.isEmpty && info.name == "limit")
                && !(path == ["notify"] && info.name == "before") {
                let here = "spacedash \(path.joined(separator: " "))"
                if let first = seen[info.name] {
                    #expect(first.help == info.help && first.value == info.valueName && first.defaultValue == info.defaultDescription,
                            "--\(info.name) is declared twice: in \(first.where) and in \(here)")
                } else {
                    seen[info.name] = (info.help, info.valueName, info.defaultDescription, here)
                }
            }
        }
        #expect(seen.count > 20)
    }

    @Test func everyOptionIsInHelpCompletionsAndTheManPage() {
        let tree = CompletionTree(root: SpaceDash.self)
        let scripts = CompletionShell.allCases.map { CompletionScript.script(for: $0, tree: tree) }
        let manPage = ManPage.page()
        for (path, command) in Self.everyCommand() {
            let chain = SpaceDash.commandChain(for: path)
            let help = HelpFormatter.help(for: chain)
            let node = tree.nodes.first { $0.path == path }
            #expect(node != nil, "no completion node for spacedash \(path.joined(separator: " "))")
            for info in Self.options(of: command, isRoot: path.isEmpty) {
                let name = "--\(info.name)"
                #expect(help.contains(info.helpLabel), "spacedash \(path.joined(separator: " ")) --help lacks \(name)")
                #expect(node?.options.contains { $0.name == info.name } == true, "completion of spacedash \(path.joined(separator: " ")) lacks \(name)")
                for (shell, script) in zip(CompletionShell.allCases, scripts) {
                    let spelled = shell == .fish ? "-l '\(info.name)'" : name
                    #expect(script.contains(spelled), "the \(shell) completion lacks \(name)")
                }
                #expect(manPage.contains(ManPage.escaped(info.helpLabel)), "the man page lacks \(name)")
            }
        }
    }

    @Test func helpListsGroupsUnderTheirTitles() {
        let search = HelpFormatter.help(for: SpaceDash.commandChain(for: ["launches", "search"]))
        let next = HelpFormatter.help(for: SpaceDash.commandChain(for: ["launches", "next"]))
        for page in [search, next] {
            #expect(page.contains("\nFilter options:\n  --agency A"))
            #expect(page.contains("\nFetch options:\n  --offline"))
            #expect(page.contains("\nGlobal options:\n  --color WHEN"))
        }
        #expect(search.contains("\nWatch options:\n  --watch"))
        #expect(!next.contains("--watch"))
    }

    @Test func noFeatureNamesACommandType() throws {
        // Commands are entry points, not libraries: what two commands share lives in a
        // renderer, a presenter or an option group. Only Commands/ names a command type.
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/SpaceDashCLI").standardizedFileURL
        // The root may be named: it is the program, which the demo runs and the man page walks.
        let commandTypes = Self.everyCommand().map { String(describing: $0.command) }.filter { $0 != "SpaceDash" }
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" && !$0.path.contains("/Commands/") } ?? []
        #expect(files.count > 50)
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for type in commandTypes where text.range(of: "\\b\(type)\\b", options: .regularExpression) != nil {
                Issue.record("\(file.lastPathComponent) names the command \(type)")
            }
        }
    }

    // MARK: - Config keys, from the same declarations

    @Test func eachConfigKeyIsOneOption() {
        // One key, one declaration: the same help wherever a command takes it.
        var seen: [String: String] = [:]
        func walk(_ chain: [any Command.Type]) {
            for key in ConfigKeys.keys(of: chain) {
                if let help = seen[key.path] {
                    #expect(help == key.info.help, "\(key.path) names two options (in \(HelpFormatter.commandName(chain)))")
                } else {
                    seen[key.path] = key.info.help
                }
            }
            for subcommand in chain.last!.configuration.subcommands { walk(chain + [subcommand]) }
        }
        walk([SpaceDash.self])
        #expect(seen.count == ConfigKeys(root: SpaceDash.self).keys.count)
    }

    @Test func keysSitWhereTheirOptionsAreDeclared() {
        let paths = Set(ConfigKeys(root: SpaceDash.self).keys.map(\.path))
        // Shared options at the top, a command's own under its family, the filters under [launches].
        for path in ["units", "utc", "color", "timeout", "quiet", "verbose", "interval", "station", "limit",
                     "launches.limit", "launches.pages", "launches.debounce", "launches.agency", "launches.after",
                     "mars-weather.sols", "demo.speed"] {
            #expect(paths.contains(path), "no key \(path)")
        }
        // One run's action, mode or output is no setting.
        for name in ["json", "format", "offline", "refresh", "strict", "watch", "interactive", "ics", "file", "past", "sol", "year",
                     "help", "version", "no-config", "man", "fast"] {
            #expect(!paths.contains { $0 == name || $0.hasSuffix("." + name) }, "--\(name) has a key")
        }
        #expect(!paths.contains { ConfigKeys.reservedSections.contains(String($0.split(separator: ".")[0])) && $0.contains(".") })
    }

    @Test func noKeysVariableIsAnotherVariable() {
        let taken: Set<String> = [Services.Variable.nasaKey, Services.Variable.insightURL, Services.Variable.curiosityURL,
                                  Services.Variable.launchesURL, Services.Variable.launchesToken, Services.Variable.debugHTTP,
                                  Services.Variable.cacheDirectory, CommandContext.nowVariable, Settings.fileVariable]
        let variables = ConfigKeys(root: SpaceDash.self).keys.map(\.environmentVariable)
        #expect(Set(variables).count == variables.count)
        #expect(Set(variables).isDisjoint(with: taken), "\(Set(variables).intersection(taken))")
    }

    @Test func theManPageListsEveryKeyUnderItsSection() throws {
        let page = ManPage.page()
        let configuration = try #require(page.range(of: ".SH CONFIGURATION\n")).upperBound
        let environment = try #require(page.range(of: ".SH ENVIRONMENT\n")).lowerBound
        let section = String(page[configuration..<environment])
        for key in ConfigKeys(root: SpaceDash.self).keys {
            let heading = ".SS " + (key.section.map { "\"[\(ManPage.escaped($0))]\"" } ?? "\"At the top\"")
            let headingAt = try #require(section.range(of: heading + "\n"), "no heading for \(key.path)")
            let rest = section[headingAt.upperBound...]
            let own = rest[..<(rest.range(of: ".SS ")?.lowerBound ?? rest.endIndex)]
            #expect(own.contains(".B " + ManPage.escaped(key.name + " = ")), "no entry for \(key.path) under its heading")
            #expect(section.contains(ManPage.escaped(key.environmentVariable)))
        }
        #expect(page.contains(ManPage.escaped("$XDG_CONFIG_HOME/spacedash/config.toml")))
    }
}
