import Foundation
import HTTP

/// Where Launch Library is and how to ask it: the base URL (the 2.3.0
/// production API unless the app says otherwise), the query of each
/// timeframe, the API token, and the names under which answers are cached.
public struct LaunchLibraryEndpoint: Sendable, Equatable {
    public static let productionBase = URL(string: "https://ll.thespacedevs.com/2.3.0")!

    /// The API's root, without a trailing slash.
    public let base: URL
    /// Sent as `Authorization: Token …` when set; raises the free tier's 15 requests an hour.
    public let token: String?

    public init(base: URL = LaunchLibraryEndpoint.productionBase, token: String? = nil) {
        var text = base.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        self.base = URL(string: text) ?? base
        self.token = token.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0.trimmingCharacters(in: .whitespaces) }
    }

    /// The first page of `timeframe`: 100 launches (the API's maximum), in date order.
    public func firstPage(_ timeframe: LaunchTimeframe) -> URL {
        switch timeframe {
        case .upcoming:
            return URL(string: base.absoluteString + "/launches/upcoming/?mode=normal&limit=100&hide_recent_previous=true&ordering=net")!
        case .past:
            return URL(string: base.absoluteString + "/launches/previous/?mode=normal&limit=100&ordering=-net")!
        }
    }

    /// Whether a `next` link may be followed: same scheme, host and port as
    /// the base, so the token is never sent anywhere the user did not choose.
    public func allows(next url: URL) -> Bool {
        url.scheme?.lowercased() == base.scheme?.lowercased()
            && url.host?.lowercased() == base.host?.lowercased()
            && (url.port ?? Self.defaultPort(url.scheme)) == (base.port ?? Self.defaultPort(base.scheme))
    }

    /// The headers of every request.
    public var headers: [(name: String, value: String)] {
        var headers = [(name: "Accept", value: "application/json")]
        if let token { headers.append((name: "Authorization", value: "Token \(token)")) }
        return headers
    }

    /// The cache entry of page `number` (from 1) of `timeframe` at this base:
    /// another base (a test server, lldev) never reads production's entries.
    public func cacheKey(_ timeframe: LaunchTimeframe, page number: Int) -> String {
        "launches-\(timeframe.rawValue)-\(baseTag)-page\(number)"
    }

    /// The cache entry remembering until when Launch Library asked us to wait.
    public var throttleKey: String { "launches-throttled-\(baseTag)" }

    /// Eight hex digits naming the base (FNV-1a of its text).
    fileprivate var baseTag: String { Self.hash(base.absoluteString.lowercased()) }

    /// Eight hex digits of FNV-1a.
    fileprivate static func hash(_ text: String) -> String {
        var hash: UInt32 = 0x811C_9DC5
        for byte in text.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 0x0100_0193
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }

    private static func defaultPort(_ scheme: String?) -> Int? {
        switch scheme?.lowercased() {
        case "http": return 80
        case "https": return 443
        default: return nil
        }
    }
}

// MARK: - One launch's detailed record

extension LaunchLibraryEndpoint {
    /// One launch in detailed mode (`/launches/{id}/?mode=detailed`), the only
    /// mode with webcast and information links.
    public func detail(id: String) -> URL {
        URL(string: record(id: id).absoluteString + "?mode=detailed")!
    }

    /// One launch's record (`/launches/{id}/`), its address at Launch Library.
    public func record(id: String) -> URL {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/?#;")
        let path = id.addingPercentEncoding(withAllowedCharacters: allowed) ?? id
        return URL(string: base.absoluteString + "/launches/\(path)/")!
    }

    /// The cache entry of one launch's detailed record at this base. An id that
    /// is not a short plain name (Launch Library's are UUIDs) is named by its hash.
    public func detailCacheKey(id: String) -> String {
        let plain = !id.isEmpty && id.count <= 64 && !id.hasPrefix(".")
            && id.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_".unicodeScalars.contains($0)) }
        return "launch-detail-\(baseTag)-\(plain ? id : "h" + Self.hash(id))"
    }
}

// MARK: - Events

extension LaunchLibraryEndpoint {
    /// Upcoming events (dockings, spacewalks, landings, static fires…), 100 at most, in date order.
    public var upcomingEvents: URL {
        URL(string: base.absoluteString + "/events/upcoming/?limit=100&ordering=date")!
    }

    /// The cache entry of the upcoming events at this base.
    public var eventsCacheKey: String { "events-upcoming-\(baseTag)" }
}
