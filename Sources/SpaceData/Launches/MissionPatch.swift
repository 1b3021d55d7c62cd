import Foundation

/// A mission patch Launch Library lists for a launch (`mission_patches[]`): its name and image.
public struct MissionPatch: Sendable, Hashable, Encodable {
    public var name: String
    public var imageURL: String?
    /// Launch Library's rank: higher first.
    public var priority: Int?

    public init(name: String, imageURL: String? = nil, priority: Int? = nil) {
        self.name = name
        self.imageURL = imageURL
        self.priority = priority
    }

    enum CodingKeys: String, CodingKey {
        case name, priority
        case imageURL = "image_url"
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(priority, forKey: .priority)
        try c.encode(imageURL, forKey: .imageURL)
    }
}
