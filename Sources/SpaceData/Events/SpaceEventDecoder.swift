import Foundation

/// Reads Launch Library's events (`/2.3.0/events/upcoming/`): a page, a bare
/// array or one event. As tolerant as the launch decoders: a missing, null or
/// mistyped value is absent, `""` is absent, an entry without an id or a name
/// is left out; a body that is not JSON, or JSON without events, is an error.
///
/// Odd cases seen in the one capture (lldev, September 2026; see
/// ../shared/data/launches/ll2-more/SOURCES.md): ids are numbers, `type` and
/// `date_precision` are `{id, name}` objects (`date_precision` id 0 is
/// "Second"), `location` is a plain string, `duration` is null, descriptions
/// hold `\r\n`. A Crew Dragon docking dated 00:00:00 "to the minute" is taken
/// as Launch Library gives it.
public enum SpaceEventDecoder {
    public static func decode(_ data: Data) throws(LaunchLibraryError) -> [SpaceEvent] {
        let decoder = JSONDecoder()
        if let page = try? decoder.decode(Page.self, from: data), let results = page.results {
            return results.compactMap(\.value?.event)
        }
        if let list = try? decoder.decode([Lossy<RawEvent>].self, from: data) {
            return list.compactMap(\.value?.event)
        }
        if let one = try? decoder.decode(RawEvent.self, from: data) { return [one.event] }
        if let detail = LaunchLibraryDecoder.detail(in: data) { throw LaunchLibraryError.fromDetail(detail) }
        guard (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) != nil else {
            throw LaunchLibraryError.notJSON(startingWith: data)
        }
        throw LaunchLibraryError.unexpectedShape("it holds no events")
    }

    private struct Page: Decodable {
        var results: [Lossy<RawEvent>]?
    }

    private struct RawEvent: Decodable {
        var event: SpaceEvent

        enum CodingKeys: String, CodingKey {
            case id, name, type, date, location, description, updates, url
            case datePrecision = "date_precision"
            case webcastLive = "webcast_live"
            case vidURLs = "vid_urls"
            case infoURLs = "info_urls"
            case lastUpdated = "last_updated"
        }

        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            guard let id = c.text(.id) ?? c.lenient(Int.self, .id).map(String.init), let name = c.text(.name) else {
                throw DecodingError.keyNotFound(CodingKeys.id, .init(codingPath: decoder.codingPath, debugDescription: "an event without an id or a name"))
            }
            let location = c.text(.location) ?? c.lenient(RawNamed.self, .location)?.name
            event = SpaceEvent(
                id: id, name: name, type: c.lenient(RawNamed.self, .type)?.name, date: c.lenientDate(.date),
                datePrecision: c.lenient(RawNamed.self, .datePrecision)?.name, location: location,
                description: c.text(.description), webcastLive: c.lenient(Bool.self, .webcastLive) ?? false,
                webcasts: RawDetailLink.ordered(c.lossyList(RawDetailLink.self, .vidURLs)),
                infoLinks: RawDetailLink.ordered(c.lossyList(RawDetailLink.self, .infoURLs)),
                updates: LaunchLibraryUpdate.newestFirst(c.lossyList(RawUpdate.self, .updates).map(\.update)),
                lastUpdated: c.lenientDate(.lastUpdated), url: c.text(.url))
        }
    }
}
