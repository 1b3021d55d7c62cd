/// The shells `spacedash completion` writes a script for.
enum CompletionShell: String, CaseIterable, ArgumentValue {
    case bash, zsh, fish
}

/// Writes a completion script for a shell from a `CompletionTree`.
///
/// Every script does the same two things: walk the words typed so far to
/// find the command path (skipping the value after an option that takes
/// one), then offer that path's subcommands, flags, and fixed values; after
/// an option with fixed values, only those values.
enum CompletionScript {
    static func script(for shell: CompletionShell, tree: CompletionTree) -> String {
        switch shell {
        case .bash: return bash(tree)
        case .zsh: return zsh(tree)
        case .fish: return fish(tree)
        }
    }

    /// `text` as one single-quoted shell word (the same rule in all three shells).
    static func quoted(_ text: String) -> String {
        "'" + oneLine(text).replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    /// bash's and zsh's walk over the typed words: the `case` arms that move
    /// `pathVariable` to a subcommand, and those that skip an option's value.
    private static func pathWalkArms(_ tree: CompletionTree, pathVariable: String) -> [String] {
        let moves = tree.edges.map { edge in
            "            \(quoted(edge.parent + "|" + edge.name))) \(pathVariable)=\(quoted(edge.child)) ;;"
        }
        let skips = tree.nodes.filter { !$0.valueOptions.isEmpty }.map { node in
            "            \(node.valueOptions.flatMap(\.spellings).map { quoted(node.key + "|" + $0) }.joined(separator: "|"))) skip=1 ;;"
        }
        return moves + skips
    }

    /// bash's and zsh's `case` arms after an option that takes a value: the
    /// shell's own `completion` of it, then `return 0`.
    private static func valueArms(_ tree: CompletionTree, completion: (CompletionTree.Option) -> String) -> [String] {
        tree.nodes.flatMap { node in
            node.valueOptions.map { option in
                let patterns = option.spellings.map { quoted(node.key + "|" + $0) }.joined(separator: "|")
                return "        \(patterns)) \(completion(option)); return 0 ;;"
            }
        }
    }

    private static func functionName(_ tree: CompletionTree) -> String {
        "_" + tree.programName.map { $0.isLetter || $0.isNumber ? String($0) : "_" }.joined()
    }

    // MARK: - bash

    static func bash(_ tree: CompletionTree) -> String {
        let name = functionName(tree)
        var lines = [
            "# bash completion for \(tree.programName). Load it with:",
            "#   source <(\(tree.programName) completion bash)",
            "# or save it as ~/.local/share/bash-completion/completions/\(tree.programName).",
            "\(name)() {",
            "    local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"\" path=\"\" skip=0 word i",
            "    (( COMP_CWORD > 0 )) && prev=\"${COMP_WORDS[COMP_CWORD-1]}\"",
            "    for (( i = 1; i < COMP_CWORD; i++ )); do",
            "        word=\"${COMP_WORDS[i]}\"",
            "        if (( skip )); then skip=0; continue; fi",
            "        case \"$path|$word\" in",
        ]
        lines += pathWalkArms(tree, pathVariable: "path")
        lines += [
            "        esac",
            "    done",
            "    case \"$path|$prev\" in",
        ]
        lines += valueArms(tree) { option in
            if option.completesPaths { return "compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- \"$cur\"))" }
            if option.values.isEmpty { return "COMPREPLY=()" }
            return "COMPREPLY=($(compgen -W \(quoted(option.values.joined(separator: " "))) -- \"$cur\"))"
        }
        lines += [
            "    esac",
            "    local words=\"\"",
            "    case \"$path\" in",
        ]
        for node in tree.nodes {
            let words = node.subcommands.map(\.text) + node.positionalValues + node.flags.map(\.text)
            lines.append("        \(quoted(node.key))) words=\(quoted(words.joined(separator: " "))) ;;")
        }
        lines += [
            "    esac",
            "    COMPREPLY=($(compgen -W \"$words\" -- \"$cur\"))",
            "}",
            "complete -F \(name) \(tree.programName)",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: - zsh

    /// `word:help` for `_describe`, whose separator is the first unescaped colon.
    private static func described(_ word: CompletionTree.Word) -> String {
        quoted(word.text.replacingOccurrences(of: ":", with: "\\:") + ":" + word.help)
    }

    static func zsh(_ tree: CompletionTree) -> String {
        let name = functionName(tree)
        var lines = [
            "#compdef \(tree.programName)",
            "# zsh completion for \(tree.programName). Load it with:",
            "#   source <(\(tree.programName) completion zsh)",
            "# or save it as _\(tree.programName) in a directory of $fpath.",
            "\(name)() {",
            "    local path_key=\"\" prev=\"${words[CURRENT-1]}\" word",
            "    local -i skip=0 i",
            "    for (( i = 2; i < CURRENT; i++ )); do",
            "        word=\"${words[i]}\"",
            "        if (( skip )); then skip=0; continue; fi",
            "        case \"$path_key|$word\" in",
        ]
        lines += pathWalkArms(tree, pathVariable: "path_key")
        lines += [
            "        esac",
            "    done",
            "    case \"$path_key|$prev\" in",
        ]
        lines += valueArms(tree) { option in
            if option.completesPaths { return "_files" }
            if option.values.isEmpty { return "_message \(quoted(option.help))" }
            return "compadd -- \(option.values.map(quoted).joined(separator: " "))"
        }
        lines += [
            "    esac",
            "    local -a commands flags values",
            "    case \"$path_key\" in",
        ]
        for node in tree.nodes {
            var body: [String] = []
            if !node.subcommands.isEmpty { body.append("commands=(\(node.subcommands.map(described).joined(separator: " ")))") }
            if !node.positionalValues.isEmpty { body.append("values=(\(node.positionalValues.map(quoted).joined(separator: " ")))") }
            body.append("flags=(\(node.flags.map(described).joined(separator: " ")))")
            lines.append("        \(quoted(node.key))) \(body.joined(separator: "; ")) ;;")
        }
        lines += [
            "    esac",
            "    (( ${#commands} )) && _describe -t commands 'command' commands",
            "    (( ${#values} )) && compadd -- \"${values[@]}\"",
            "    [[ \"$PREFIX\" == -* || ( ${#commands} -eq 0 && ${#values} -eq 0 ) ]] && _describe -t options 'option' flags",
            "    return 0",
            "}",
            "if [[ \"$funcstack[1]\" == \(name) ]]; then",
            "    \(name) \"$@\"",
            "else",
            "    compdef \(name) \(tree.programName)",
            "fi",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: - fish

    static func fish(_ tree: CompletionTree) -> String {
        let helper = "__\(functionName(tree).dropFirst())_path"
        let atPath = "__\(functionName(tree).dropFirst())_at"
        var lines = [
            "# fish completion for \(tree.programName). Load it with:",
            "#   \(tree.programName) completion fish | source",
            "# or save it as ~/.config/fish/completions/\(tree.programName).fish.",
            "function \(helper) --description 'The \(tree.programName) command path typed so far'",
            "    set -l words (commandline -opc)",
            "    set -e words[1]",
            "    set -l path ''",
            "    set -l skip 0",
            "    for word in $words",
            "        if test $skip = 1",
            "            set skip 0",
            "            continue",
            "        end",
            "        switch \"$path|$word\"",
        ]
        for edge in tree.edges {
            lines.append("            case \(quoted(edge.parent + "|" + edge.name))")
            lines.append("                set path \(quoted(edge.child))")
        }
        for node in tree.nodes where !node.valueOptions.isEmpty {
            let patterns = node.valueOptions.flatMap(\.spellings).map { quoted(node.key + "|" + $0) }
            lines.append("            case \(patterns.joined(separator: " "))")
            lines.append("                set skip 1")
        }
        lines += [
            "        end",
            "    end",
            "    echo $path",
            "end",
            "function \(atPath) --description 'Whether the command path typed so far is the argument'",
            "    set -l path (\(helper))",
            "    test \"$path\" = \"$argv[1]\"",
            "end",
            "",
            "complete -c \(tree.programName) -f",
        ]
        for node in tree.nodes {
            let condition = "-n \(quoted("\(atPath) \(quoted(node.key))"))"
            for subcommand in node.subcommands {
                lines.append("complete -c \(tree.programName) \(condition) -a \(quoted(subcommand.text)) -d \(quoted(subcommand.help))")
            }
            if !node.positionalValues.isEmpty {
                lines.append("complete -c \(tree.programName) \(condition) -a \(quoted(node.positionalValues.joined(separator: " ")))")
            }
            for option in node.options {
                var line = "complete -c \(tree.programName) \(condition) -l \(quoted(option.name))"
                if let short = option.short { line += " -s \(quoted(short))" }
                if option.takesValue {
                    // -r -F: a path, completed from the disk; -x: a free value or fixed ones, never files.
                    line += option.completesPaths ? " -r -F"
                        : option.values.isEmpty ? " -x" : " -x -a \(quoted(option.values.joined(separator: " ")))"
                }
                lines.append(line + " -d \(quoted(option.help))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
