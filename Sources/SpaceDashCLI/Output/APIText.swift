import Terminal

/// Text that came from an API, made safe to print: every string from NASA's
/// answers (seasons, compass names, error messages) goes through here before
/// it reaches a terminal, so control characters and escape sequences cannot.
enum APIText {
    static func display(_ text: String) -> String {
        TerminalSanitizer.clean(text)
    }
}
