import Foundation
import Synchronization

/// Hides secrets before a URL, header or message reaches a log line, an error
/// description, the cache or the terminal.
///
/// Secrets are the values of query parameters such as `api_key` (NASA) and of
/// credential headers such as `Authorization` (Launch Library's `Token …`),
/// the credential after an auth scheme word (`Token abc`, `Bearer abc`),
/// any `user:password@` in a URL, and, wherever they appear, the literal
/// values registered with `register(secret:)`: a server that echoes the
/// token it received in its own words ("Invalid token abc") is caught too.
/// They become `***`.
///
/// Registration is process-wide and only ever grows, so every text that goes
/// through `redact(text:)`/`redact(url:)` (error descriptions, notices, log
/// lines, cache bodies, the CLI's outputs) hides a secret as soon as any
/// configuration holding it has been built: a new output path need not know
/// which secrets exist.
public enum Redaction {
    /// What replaces a secret.
    public static let mask = "***"

    /// The shortest literal secret `register(secret:)` accepts. A shorter value
    /// is no real credential (NASA keys are 40 characters, Launch Library tokens
    /// 40 hex digits), is likely to occur in ordinary text (a word, a year, a
    /// status code), and masking every occurrence of it would both garble the
    /// output and reveal the secret by where the `***` appear. Shorter values are
    /// still hidden by the `name=value`, header and auth-scheme patterns.
    public static let minimumSecretLength = 8

    /// Auth scheme words whose following word is a credential.
    static let authSchemes: Set<String> = ["token", "bearer", "basic"]

    private static let registered = Mutex<[String]>([])

    /// Hides `secret` (and its percent- and JSON-escaped spellings) wherever it
    /// appears in text redacted from now on, in this process. Values shorter
    /// than `minimumSecretLength` are ignored (see there).
    public static func register(secret: String) {
        let spellings = spellings(of: secret)
        guard !spellings.isEmpty else { return }
        registered.withLock { known in
            for spelling in spellings where !known.contains(spelling) { known.append(spelling) }
            // Longest first, so a secret containing another is masked whole.
            known.sort { $0.count > $1.count }
        }
    }

    /// The literal secrets registered so far (all their spellings).
    public static var registeredSecrets: [String] {
        registered.withLock { $0 }
    }

    static func spellings(of secret: String) -> [String] {
        let trimmed = secret.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.count >= minimumSecretLength else { return [] }
        var spellings = [trimmed]
        if let encoded = trimmed.addingPercentEncoding(withAllowedCharacters: .alphanumerics), encoded != trimmed { spellings.append(encoded) }
        let jsonEscaped = trimmed.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "/", with: "\\/")
            .replacingOccurrences(of: "\"", with: "\\\"")
        if jsonEscaped != trimmed { spellings.append(jsonEscaped) }
        return spellings
    }

    /// `text` with every occurrence of a registered secret replaced by `***`,
    /// and nothing else changed: for texts where `name=value` patterns are
    /// data (launch names), the last guard before an output.
    public static func maskRegisteredSecrets(in text: String) -> String {
        mask(registeredSecrets, in: text)
    }

    /// `data` with every occurrence of a registered secret replaced by `***`
    /// (bytes, so a JSON body stays valid JSON: the secret sat in a string).
    public static func maskRegisteredSecrets(in data: Data) -> Data {
        let secrets = registeredSecrets
        guard !secrets.isEmpty else { return data }
        var data = data
        let replacement = Data(mask.utf8)
        for secret in secrets {
            let needle = Data(secret.utf8)
            var searchStart = data.startIndex
            while let found = data.range(of: needle, in: searchStart..<data.endIndex) {
                data.replaceSubrange(found, with: replacement)
                searchStart = found.lowerBound + replacement.count
            }
        }
        return data
    }

    /// `text` with every occurrence of `secrets` (already ordered longest
    /// first, none shorter than `minimumSecretLength`) replaced by `***`.
    static func mask(_ secrets: [String], in text: String) -> String {
        var text = text
        for secret in secrets where text.contains(secret) {
            text = text.replacingOccurrences(of: secret, with: mask)
        }
        return text
    }

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
        var text = maskRegisteredSecrets(in: url)
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

    /// Free text (a server's error body, a curl message) with registered
    /// secrets, `name=value` secrets, credentials after an auth scheme word and
    /// `Authorization`-style header lines masked.
    public static func redact(text: String) -> String {
        redact(text: text, secrets: registeredSecrets)
    }

    /// `redact(text:)` with these literal secrets rather than the registered
    /// ones (each at least `minimumSecretLength` long; shorter ones are skipped).
    ///
    /// Every message a run shows passes here, so its searches are plain loops
    /// over UTF-8 (`endOfFirstOccurrence`), not Foundation's: those load NSString
    /// and CoreFoundation's Unicode tables into every run that shows a notice.
    public static func redact(text: String, secrets: [String]) -> String {
        let literal = secrets.flatMap(spellings(of:)).sorted { $0.count > $1.count }
        let masked = redactSchemeCredentials(in: redactParameters(in: mask(literal, in: text)))
        let lines = masked.split(separator: "\n", omittingEmptySubsequences: false)
        return joinedLines(lines.map { line -> String in
            // "Authorization: Token abc" inside a message: hide everything after the colon.
            let lowered = line.lowercased()
            let bytes = Array(lowered.utf8)
            for name in secretHeaderNames {
                if let end = endOfFirstOccurrence(of: name + ":", in: bytes) {
                    let offset = lowered.distance(from: lowered.startIndex, to: lowered.utf8.index(lowered.startIndex, offsetBy: end))
                    return String(line.prefix(offset)) + " " + mask
                }
            }
            return String(line)
        })
    }

    /// `lines` joined with newlines. Not `joined(separator:)`: its generic code resolves
    /// the array's associated types at run time, which costs more than a message's redaction.
    private static func joinedLines(_ lines: [String]) -> String {
        var text = lines.first ?? ""
        for line in lines.dropFirst() {
            text += "\n"
            text += line
        }
        return text
    }

    /// The UTF-8 offset just past the first occurrence of `pattern` in `bytes`,
    /// byte for byte: for these ASCII names it finds whatever Foundation's search
    /// would, without loading NSString, and the standard library's generic
    /// `firstRange(of:)` costs ten times as much.
    static func endOfFirstOccurrence(of pattern: String, in bytes: [UInt8]) -> Int? {
        let pattern = Array(pattern.utf8)
        guard pattern.count <= bytes.count else { return nil }
        for start in 0 ... bytes.count - pattern.count where bytes[start ..< start + pattern.count].elementsEqual(pattern) {
            return start + pattern.count
        }
        return nil
    }

    /// A header's value as it may be shown: `***` for credential headers.
    public static func redact(headerValue value: String, name: String) -> String {
        secretHeaderNames.contains(name.lowercased()) ? mask : value
    }

    /// Masks the value after `name=` for every secret name, where `name` starts
    /// the string or follows `?`, `&`, `;`, a space or a quote, and the value
    /// runs to the next `&`, `#`, whitespace, quote or `;`.
    private static func redactParameters(in text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "=")) else { return text }
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
                    let value = String(String.UnicodeScalarView(scalars[(equals + 1)..<end]))
                    if authSchemes.contains(value.lowercased()), end < scalars.count, scalars[end] == " " {
                        // `auth=Token SECRET`: keep the scheme word, mask the credential after it.
                        output.append(contentsOf: scalars[(equals + 1)..<end])
                        output.append(" ")
                        var credentialEnd = end + 1
                        while credentialEnd < scalars.count && !valueEnd.contains(scalars[credentialEnd]) { credentialEnd += 1 }
                        if credentialEnd > end + 1 { output.append(contentsOf: mask.unicodeScalars) }
                        index = credentialEnd
                        continue
                    }
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

    /// Masks the word after an auth scheme word (`Token`, `Bearer`, `Basic`, any
    /// case) when it looks like a credential: any word with a digit, an upper-case
    /// letter after its first, or one of `._~+/=-`, so "Invalid token Ab3f…" and
    /// "Token SECRET" are hidden while "no token provided" reads as it was.
    static func redactSchemeCredentials(in text: String) -> String {
        let lowered = text.lowercased()
        let bytes = Array(lowered.utf8)
        guard authSchemes.contains(where: { endOfFirstOccurrence(of: $0, in: bytes) != nil }) else { return text }
        let scalars = Array(text.unicodeScalars)
        var output = String.UnicodeScalarView()
        var index = 0
        func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
            CharacterSet.alphanumerics.contains(scalar) || "._~+/=-".unicodeScalars.contains(scalar)
        }
        while index < scalars.count {
            let atBoundary = index == 0 || !CharacterSet.alphanumerics.contains(scalars[index - 1])
            var wordEnd = index
            while wordEnd < scalars.count && CharacterSet.letters.contains(scalars[wordEnd]) { wordEnd += 1 }
            let word = String(String.UnicodeScalarView(scalars[index..<wordEnd])).lowercased()
            if atBoundary, wordEnd > index, authSchemes.contains(word), wordEnd < scalars.count, scalars[wordEnd] == " " {
                var credentialStart = wordEnd
                while credentialStart < scalars.count && scalars[credentialStart] == " " { credentialStart += 1 }
                var credentialEnd = credentialStart
                while credentialEnd < scalars.count && isWordScalar(scalars[credentialEnd]) { credentialEnd += 1 }
                let credential = Array(scalars[credentialStart..<credentialEnd])
                if looksLikeCredential(credential) {
                    output.append(contentsOf: scalars[index..<credentialStart])
                    output.append(contentsOf: mask.unicodeScalars)
                    index = credentialEnd
                    continue
                }
            }
            if wordEnd > index {
                output.append(contentsOf: scalars[index..<wordEnd])
                index = wordEnd
            } else {
                output.append(scalars[index])
                index += 1
            }
        }
        return String(output)
    }

    private static func looksLikeCredential(_ word: [Unicode.Scalar]) -> Bool {
        guard !word.isEmpty else { return false }
        for (offset, scalar) in word.enumerated() {
            if CharacterSet.decimalDigits.contains(scalar) || "._~+/=-".unicodeScalars.contains(scalar) { return true }
            if offset > 0 && CharacterSet.uppercaseLetters.contains(scalar) { return true }
        }
        return false
    }
}
