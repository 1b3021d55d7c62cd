import Foundation

/// A webcast or information page about a launch or an event (Launch Library's
/// `vid_urls` and `info_urls`; `vidURLs`/`infoURLs` before 2.3.0).
public struct LaunchLink: Sendable, Hashable, Encodable {
    public var url: String
    public var title: String?
    /// Who publishes it, e.g. "Spaceflight Now", or the site, e.g. "spacex.com".
    public var publisher: String?
    /// Launch Library's kind, e.g. "Official Webcast", "Unofficial Re-stream", "Official Page".
    public var kind: String?
    /// Launch Library's rank: higher first (10 for official webcasts and pages).
    public var priority: Int?
    /// The language's name, e.g. "English".
    public var language: String?
    /// Its code, e.g. "en".
    public var languageCode: String?
    /// When a webcast starts and ends, as its publisher scheduled them (end often unknown).
    public var startTime: Date?
    public var endTime: Date?
    /// Launch Library's own "live now" mark (2.3.0); nil when the record has none.
    public var live: Bool?

    public init(url: String, title: String? = nil, publisher: String? = nil, kind: String? = nil, priority: Int? = nil,
                language: String? = nil, languageCode: String? = nil, startTime: Date? = nil, endTime: Date? = nil,
                live: Bool? = nil) {
        self.url = url
        self.title = title
        self.publisher = publisher
        self.kind = kind
        self.priority = priority
        self.language = language
        self.languageCode = languageCode
        self.startTime = startTime
        self.endTime = endTime
        self.live = live
    }

    /// Whether the webcast is on at `now`: Launch Library's mark when it gives
    /// one; else (2.2.0 has none) when it has started, has not ended and the
    /// launch says a webcast is live.
    public func isLive(at now: Date, launchWebcastLive: Bool) -> Bool {
        if let live { return live }
        guard launchWebcastLive, let startTime, startTime <= now else { return false }
        return endTime.map { now < $0 } ?? true
    }

    /// The address as a browser may be given it, nil unless it is http or https
    /// (a record could hold `file:`, `javascript:` or a word starting with `-`,
    /// which a program would take for an option). Bytes outside printable ASCII
    /// (spaces, controls, non-ASCII) are percent-encoded, so the address is one
    /// plain word whatever the record holds.
    public var webAddress: String? { Self.webAddress(url) }

    public static func webAddress(_ url: String) -> String? {
        let trimmed = url.trimmingCharacters(in: .whitespaces)
        let lowered = trimmed.lowercased()
        guard (lowered.hasPrefix("https://") || lowered.hasPrefix("http://")), !lowered.hasSuffix("://") else { return nil }
        var encoded = ""
        for byte in trimmed.utf8 {
            if (0x21...0x7E).contains(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return encoded
    }

    /// Launch Library's names (2.3.0): `type` and `language` nested as it nests them.
    enum CodingKeys: String, CodingKey {
        case url, title, publisher, type, priority, language, live
        case startTime = "start_time"
        case endTime = "end_time"
    }

    private enum NamedKeys: String, CodingKey { case name, code }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(url, forKey: .url)
        try c.encode(title, forKey: .title)
        try c.encode(publisher, forKey: .publisher)
        if let kind {
            var type = c.nestedContainer(keyedBy: NamedKeys.self, forKey: .type)
            try type.encode(kind, forKey: .name)
        } else {
            try c.encodeNil(forKey: .type)
        }
        try c.encode(priority, forKey: .priority)
        if language != nil || languageCode != nil {
            var nested = c.nestedContainer(keyedBy: NamedKeys.self, forKey: .language)
            try nested.encode(language, forKey: .name)
            try nested.encode(languageCode, forKey: .code)
        } else {
            try c.encodeNil(forKey: .language)
        }
        try c.encode(startTime.map(LaunchLibraryDate.string(from:)), forKey: .startTime)
        try c.encode(endTime.map(LaunchLibraryDate.string(from:)), forKey: .endTime)
        try c.encode(live, forKey: .live)
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
