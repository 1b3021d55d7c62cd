#if canImport(Glibc)
import Glibc
#endif

/// Runs the user's editor on a file, as `git` and `crontab -e` do, but
/// without a shell: `$VISUAL`, else `$EDITOR`, else `vi`, split at spaces
/// into a program (looked up in PATH) and its arguments.
enum EditorLauncher {
    static func command(environment: [String: String]) -> [String] {
        for name in ["VISUAL", "EDITOR"] {
            let words = (environment[name] ?? "").split(whereSeparator: \.isWhitespace).map(String.init)
            if !words.isEmpty { return words }
        }
        return ["vi"]
    }

    /// Runs the editor on `path` with this process's terminal, and waits for it.
    static func edit(_ path: String, environment: [String: String]) throws(CommandError) {
        let words = command(environment: environment) + [path]
        let arguments = words.map { strdup($0) } + [nil]
        defer { for argument in arguments { free(argument) } }
        // The environment it was given, not the process's (tests give their own).
        let variables = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for variable in variables { free(variable) } }
        var child: pid_t = 0
        let spawned = posix_spawnp(&child, words[0], nil, nil, arguments, variables)
        guard spawned == 0 else {
            throw CommandError("cannot run the editor '\(words[0])': \(String(cString: strerror(spawned))) (set VISUAL or EDITOR to one that is installed)")
        }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 {
            guard errno == EINTR else { throw CommandError("lost the editor '\(words[0])': \(String(cString: strerror(errno)))") }
        }
        let exited = status & 0x7F == 0
        let code = (status >> 8) & 0xFF
        guard exited, code == 0 else {
            throw CommandError("the editor '\(words[0])' " + (exited ? "exited with status \(code)" : "was killed by signal \(status & 0x7F)")
                               + "; the file was not checked (run spacedash config edit again)")
        }
    }
}
