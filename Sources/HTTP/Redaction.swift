import Foundation

/// Hides secrets before a URL, header or message reaches a log line, an error
/// description or the terminal.
///
/// Secrets are the values of query parameters such as `api_key` (NASA) and of
/// credential headers such as `Authorization` (Launch Library's `Token …`),
/// plus any `user:password@` in a URL. They become `***`.
public enum Redaction {
    /// What replaces a secret.
    public static let mask = "***"

    /// Query parameter names whose values are secrets, lowercased.
    public static let secretQueryNames: Set<String> = [
        "api_key", "apikey", "api-key", "key", "token", "access_token", "auth", "password", "secret",
    ]

    /// Header names whose values are secrets, lowercased.
    public static let secretHeaderNames: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "api-key",
    ]

    /// `url` with secret query values and user info replaced by `***`.
    public static func redact(url: URL) -> String {
        redact(url: url.absoluteString)
    }

    /// `url` (any string, parsed or not) with secret query values and user
    /// info replaced by `***`. Works on malformed URLs too, since those end up
    /// in "invalid URL" messages.
    public static func redact(url: String) -> String {
        var text = url
        // user:password@host -> ***@host
        if let schemeEnd = text.range(of: "://") {
            let authorityStart = schemeEnd.upperBound
            let authorityEnd = text[authorityStart...].firstIndex { "/?#".contains($0) } ?? text.endIndex
            if let at = text[authorityStart..<authorityEnd].lastIndex(of: "@") {
                text.replaceSubrange(authorityStart..<at, with: mask)
            }
        }
        return redactParameters(in: text)
    }

    /// Free text (a server's error body, a curl message) with `name=value`
    /// secrets and `Authorization`-style header lines masked.
    public static func redact(text: String) -> String {
        let lines = redactParameters(in: text).split(separator: "\n", omittingEmptySubsequences: false)
        return lines.map { line -> String in
            // "Authorization: Token abc" inside a message: hide everything after the colon.
            let lowered = line.lowercased()
            for name in secretHeaderNames {
                if let found = lowered.range(of: name + ":") {
                    let offset = lowered.distance(from: lowered.startIndex, to: found.upperBound)
                    return String(line.prefix(offset)) + " " + mask
                }
            }
            return String(line)
        }.joined(separator: "\n")
    }

    /// A header's value as it may be shown: `***` for credential headers.
    public static func redact(headerValue value: String, name: String) -> String {
        secretHeaderNames.contains(name.lowercased()) ? mask : value
    }

    /// Masks the value after `name=` for every secret name, where `name` starts
    /// the string or follows `?`, `&`, `;`, a space or a quote, and the value
    /// runs to the next `&`, `#`, whitespace, quote or `;`.
    private static func redactParameters(in text: String) -> String {
        guard text.contains("=") else { return text }
        var scalars = Array(text.unicodeScalars)
        var output = String.UnicodeScalarView()
        var index = 0
        let nameBoundary: Set<Unicode.Scalar> = ["?", "&", ";", " ", "\"", "'", "\n", "\t", ",", "(", "{"]
        let valueEnd: Set<Unicode.Scalar> = ["&", "#", " ", "\"", "'", ";", "\n", "\r", "\t", ",", ")", "}"]
        while index < scalars.count {
            let atBoundary = index == 0 || nameBoundary.contains(scalars[index - 1])
            if atBoundary, let equals = scalars[index...].prefix(32).firstIndex(of: "="), equals > index {
                let name = String(String.UnicodeScalarView(scalars[index..<equals])).lowercased()
                if secretQueryNames.contains(name) {
                    output.append(contentsOf: scalars[index...equals])
                    var end = equals + 1
                    while end < scalars.count && !valueEnd.contains(scalars[end]) { end += 1 }
                    if end > equals + 1 { output.append(contentsOf: mask.unicodeScalars) }
                    index = end
                    continue
                }
            }
            output.append(scalars[index])
            index += 1
        }
        scalars.removeAll()
        return String(output)
    }
}
