import Foundation

/// Opens an address in the user's browser: the program `$BROWSER` names (its
/// first entry when it lists several, `firefox:lynx`), else `xdg-open`.
///
/// No shell is involved: the program is looked up on `PATH` and run with the
/// address as one argument (`%s` in `$BROWSER` stands for it, as in `git
/// web--browse`), so spaces, quotes, `;` or `$(…)` in an address are never
/// interpreted. The address must be http or https (`LaunchLink.webAddress`):
/// it then never starts with `-`, which a program would take for an option
/// (`xdg-open` refuses `--`, so that guard has to come first).
struct BrowserLauncher: Sendable {
    /// `$BROWSER`, `PATH`.
    let environment: [String: String]

    /// Why the address was not opened.
    struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        var description: String
    }

    /// The program and its arguments for `url`, before looking it up.
    func command(for url: String) -> [String] {
        let browser = environment["BROWSER"]?.split(separator: ":").first.map(String.init)?.trimmingCharacters(in: .whitespaces)
        guard let browser, !browser.isEmpty else { return ["xdg-open", url] }
        // `$BROWSER` may hold arguments ("firefox --new-window"): split on spaces, never by a shell.
        var words = browser.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        if words.contains(where: { $0.contains("%s") }) {
            words = [words[0]] + words.dropFirst().map { $0.replacingOccurrences(of: "%s", with: url) }
        } else {
            words.append(url)
        }
        return words
    }

    /// Runs the opener and waits for it (xdg-open returns at once; a browser in
    /// the terminal returns when the user leaves it).
    func open(_ url: String) throws(Failure) {
        let words = command(for: url)
        guard let program = Self.find(words[0], path: environment["PATH"] ?? "/usr/bin:/bin") else {
            let hint = environment["BROWSER"] == nil ? "install xdg-utils or set BROWSER" : "check BROWSER"
            throw Failure(description: "cannot open a browser: no '\(words[0])' on PATH (\(hint)); --print gives the address")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = Array(words.dropFirst())
        do {
            try process.run()
        } catch {
            throw Failure(description: "cannot run \(program): \(error.localizedDescription); --print gives the address")
        }
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw Failure(description: "\(words[0]) could not open the address (exit \(process.terminationStatus)); --print gives it")
        }
    }

    /// `name` as a path when it has a slash, else the first executable of that name on `path`.
    static func find(_ name: String, path: String) -> String? {
        if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
        for folder in path.split(separator: ":", omittingEmptySubsequences: true) {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
