import Foundation

/// A note Launch Library's editors post on a launch or event (its `updates[]`):
/// "Now targeting Jul 20 at 14:49 UTC", with who wrote it and when.
public struct LaunchLibraryUpdate: Sendable, Hashable, Encodable {
    public var comment: String
    /// The editor, e.g. "Cosmic_Penguin", or "LL2" for Launch Library's own notes.
    public var createdBy: String?
    public var createdOn: Date?
    /// Where the news came from.
    public var infoURL: String?

    public init(comment: String, createdBy: String? = nil, createdOn: Date? = nil, infoURL: String? = nil) {
        self.comment = comment
        self.createdBy = createdBy
        self.createdOn = createdOn
        self.infoURL = infoURL
    }

    enum CodingKeys: String, CodingKey {
        case comment
        case createdBy = "created_by"
        case createdOn = "created_on"
        case infoURL = "info_url"
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(comment, forKey: .comment)
        try c.encode(createdBy, forKey: .createdBy)
        try c.encode(createdOn.map(LaunchLibraryDate.string(from:)), forKey: .createdOn)
        try c.encode(infoURL, forKey: .infoURL)
    }

    /// Newest first; an update without a time last, in the record's order.
    static func newestFirst(_ updates: [LaunchLibraryUpdate]) -> [LaunchLibraryUpdate] {
        updates.enumerated().sorted { lhs, rhs in
            switch (lhs.element.createdOn, rhs.element.createdOn) {
            case let (l?, r?) where l != r: return l > r
            case (_?, nil): return true
            case (nil, _?): return false
            default: return lhs.offset < rhs.offset
            }
        }.map(\.element)
    }
}
