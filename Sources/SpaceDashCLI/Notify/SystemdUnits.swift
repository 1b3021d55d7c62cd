/// `notify --systemd`: a systemd user service running `notify --once` and a
/// timer starting it every 5 minutes, as a shell script that writes both and
/// enables the timer (`spacedash notify --systemd | sh`), readable first.
enum SystemdUnits {
    static let name = "spacedash-notify"

    /// - Parameters:
    ///   - executable: spacedash's absolute path.
    ///   - arguments: what follows `notify --once` (the run's own --launches, --before, --exec).
    static func script(executable: String, arguments: [String]) -> String {
        let command = ([executable, "notify", "--once"] + arguments).map(execArgument).joined(separator: " ")
        return """
            # spacedash notify every 5 minutes, as a systemd user timer. Read it, then install it:
            #   spacedash notify --systemd | sh
            # Stop it: systemctl --user disable --now \(name).timer
            set -e
            mkdir -p ~/.config/systemd/user
            cat > ~/.config/systemd/user/\(name).service <<'UNIT'
            [Unit]
            Description=spacedash notify: launch reminders and changes

            [Service]
            Type=oneshot
            ExecStart=\(command)
            UNIT
            cat > ~/.config/systemd/user/\(name).timer <<'UNIT'
            [Unit]
            Description=spacedash notify every 5 minutes

            [Timer]
            OnCalendar=*:0/5
            Persistent=true

            [Install]
            WantedBy=timers.target
            UNIT
            systemctl --user daemon-reload
            systemctl --user enable --now \(name).timer

            """
    }

    /// One word of an `ExecStart=` line: quoted when it holds a space or a quote,
    /// `%` and `$` doubled so systemd expands neither (systemd.service, "Command lines").
    static func execArgument(_ word: String) -> String {
        var escaped = ""
        for character in word {
            switch character {
            case "%": escaped += "%%"
            case "$": escaped += "$$"
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            default: escaped.append(character)
            }
        }
        let plain = !word.isEmpty && !word.contains { $0 == " " || $0 == "\t" || $0 == "\"" || $0 == "'" || $0 == "\\" || $0 == ";" || $0 == "\n" }
        return plain ? escaped : "\"\(escaped)\""
    }
}
