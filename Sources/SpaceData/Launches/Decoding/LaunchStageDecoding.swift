import Foundation

// The parts of a detailed record `LaunchDetailDecoder` reads beyond the lists'
// fields: links, boosters and landings, spacecraft and crew, editors' updates,
// patches and the timeline. Each is tolerant as the rest of the decoder is: a
// missing, null or mistyped value is absent, `""` is absent, and a list entry
// that cannot be read is left out rather than failing the record.

extension KeyedDecodingContainer {
    /// The entries of the list at `key` that decode; none when it is missing or no list.
    func lossyList<T: Decodable>(_ type: T.Type, _ key: Key) -> [T] {
        (lenient([Lossy<T>].self, key) ?? []).compactMap(\.value)
    }

    func lenientDate(_ key: Key) -> Date? {
        text(key).flatMap(LaunchLibraryDate.date(from:))
    }

    /// A whole number, also when written as a float (`574.0`) or a string (`"23"`).
    func lenientInt(_ key: Key) -> Int? {
        if let value = lenient(Int.self, key) { return value }
        if let value = lenient(Double.self, key), value.isFinite, abs(value) < 1e15, value == value.rounded() { return Int(value) }
        return text(key).flatMap { Int($0.trimmingSpaces()) }
    }

    func lenientDouble(_ key: Key) -> Double? {
        if let value = lenient(Double.self, key) { return value.isFinite ? value : nil }
        return text(key).flatMap { Double($0.trimmingSpaces()) }.flatMap { $0.isFinite ? $0 : nil }
    }
}

/// `{"name": …, "abbrev": …}`, or a bare string (2.2.0 flattens some).
struct RawNamed: Decodable {
    var name: String?
    var abbrev: String?
    enum CodingKeys: String, CodingKey { case name, abbrev }
    init(from decoder: Decoder) throws {
        if let c = try? decoder.container(keyedBy: CodingKeys.self) {
            name = c.text(.name)
            abbrev = c.text(.abbrev)
        } else {
            name = try decoder.singleValueContainer().decode(String.self).nonEmpty
        }
    }
}

/// A webcast or page: `vid_urls`/`info_urls` (and `vidURLs`/`infoURLs`) entries.
struct RawDetailLink: Decodable {
    var link: LaunchLink

    private struct Language: Decodable {
        var name: String?
        var code: String?
        enum CodingKeys: String, CodingKey { case name, code }
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            name = c.text(.name)
            code = c.text(.code)
        }
    }

    enum CodingKeys: String, CodingKey {
        case url, title, publisher, source, type, priority, language, live
        case startTime = "start_time"
        case endTime = "end_time"
    }

    var url: String { link.url }
    var priority: Int? { link.priority }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard let url = c.text(.url) else {
            throw DecodingError.keyNotFound(CodingKeys.url, .init(codingPath: decoder.codingPath, debugDescription: "a link without an address"))
        }
        let language = c.lenient(Language.self, .language)
        link = LaunchLink(
            url: url, title: c.text(.title), publisher: c.text(.publisher) ?? c.text(.source),
            kind: c.lenient(RawNamed.self, .type)?.name, priority: c.lenientInt(.priority),
            language: language?.name, languageCode: language?.code,
            startTime: c.lenientDate(.startTime), endTime: c.lenientDate(.endTime), live: c.lenient(Bool.self, .live))
    }
}

extension RawDetailLink {
    /// By priority (higher first: Launch Library gives official webcasts 10 and
    /// re-streams less; none last), each address once, stable otherwise.
    static func ordered(_ links: [RawDetailLink]) -> [LaunchLink] {
        var seen = Set<String>()
        return links.enumerated()
            .sorted { lhs, rhs in
                switch (lhs.element.priority, rhs.element.priority) {
                case let (l?, r?) where l != r: return l > r
                case (_?, nil): return true
                case (nil, _?): return false
                default: return lhs.offset < rhs.offset
                }
            }
            .compactMap { seen.insert($0.element.url).inserted ? $0.element.link : nil }
    }
}

/// `rocket`: its boosters and spacecraft.
struct RawRocketStages: Decodable {
    var stages: [LauncherStage]
    var spacecraft: [SpacecraftStage]

    enum CodingKeys: String, CodingKey {
        case stages = "launcher_stage"
        case spacecraft = "spacecraft_stage"
    }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        stages = c.lossyList(RawStage.self, .stages).map(\.stage)
        // 2.2.0: one object or null; 2.3.0: a list.
        if let one = c.lenient(RawSpacecraftStage.self, .spacecraft) {
            spacecraft = [one.stage]
        } else {
            spacecraft = c.lossyList(RawSpacecraftStage.self, .spacecraft).map(\.stage)
        }
    }
}

struct RawStage: Decodable {
    var stage: LauncherStage

    private struct Launcher: Decodable {
        var serial: String?
        enum CodingKeys: String, CodingKey { case serial = "serial_number" }
        init(from decoder: Decoder) throws { serial = try decoder.container(keyedBy: CodingKeys.self).text(.serial) }
    }

    enum CodingKeys: String, CodingKey {
        case type, reused, launcher, landing
        case flightNumber = "launcher_flight_number"
        case turnAround = "turn_around_time_days"
        case previousFlightDate = "previous_flight_date"
    }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        stage = LauncherStage(
            type: c.text(.type), serialNumber: c.lenient(Launcher.self, .launcher)?.serial,
            flightNumber: c.lenientInt(.flightNumber), reused: c.lenient(Bool.self, .reused),
            turnAroundDays: c.lenientInt(.turnAround), previousFlightDate: c.lenientDate(.previousFlightDate),
            landing: c.lenient(RawLanding.self, .landing)?.landing)
    }
}

struct RawLanding: Decodable {
    var landing: StageLanding

    enum CodingKeys: String, CodingKey {
        case attempt, success, description, type, location
        case landingLocation = "landing_location"
        case downrange = "downrange_distance"
    }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let type = c.lenient(RawNamed.self, .type)
        let place = c.lenient(RawNamed.self, .landingLocation) ?? c.lenient(RawNamed.self, .location)
        landing = StageLanding(
            attempt: c.lenient(Bool.self, .attempt), success: c.lenient(Bool.self, .success),
            description: c.text(.description), downrangeDistance: c.lenientDouble(.downrange),
            typeName: type?.name, typeAbbreviation: type?.abbrev,
            locationName: place?.name, locationAbbreviation: place?.abbrev)
    }
}

struct RawSpacecraftStage: Decodable {
    var stage: SpacecraftStage

    private struct Spacecraft: Decodable {
        var name: String?
        var serial: String?
        var configuration: String?
        enum CodingKeys: String, CodingKey {
            case name
            case serial = "serial_number"
            case configuration = "spacecraft_config"
        }
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            name = c.text(.name)
            serial = c.text(.serial)
            configuration = c.lenient(RawNamed.self, .configuration)?.name
        }
    }

    enum CodingKeys: String, CodingKey {
        case destination, spacecraft, landing
        case launchCrew = "launch_crew"
        case onboardCrew = "onboard_crew"
        case landingCrew = "landing_crew"
    }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let craft = c.lenient(Spacecraft.self, .spacecraft)
        stage = SpacecraftStage(
            name: craft?.name, serialNumber: craft?.serial, configuration: craft?.configuration,
            destination: c.text(.destination),
            launchCrew: c.lossyList(RawCrewMember.self, .launchCrew).map(\.member),
            onboardCrew: c.lossyList(RawCrewMember.self, .onboardCrew).map(\.member),
            landingCrew: c.lossyList(RawCrewMember.self, .landingCrew).map(\.member),
            landing: c.lenient(RawLanding.self, .landing)?.landing)
    }
}

struct RawCrewMember: Decodable {
    var member: CrewMember

    private struct Role: Decodable {
        var role: String?
        enum CodingKeys: String, CodingKey { case role }
        init(from decoder: Decoder) throws {
            if let c = try? decoder.container(keyedBy: CodingKeys.self) { role = c.text(.role) } else {
                role = try decoder.singleValueContainer().decode(String.self).nonEmpty
            }
        }
    }

    private struct Astronaut: Decodable {
        var name: String?
        var agency: String?
        enum CodingKeys: String, CodingKey { case name, agency }
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            name = c.text(.name)
            let agency = c.lenient(RawNamed.self, .agency)
            self.agency = agency?.abbrev ?? agency?.name
        }
    }

    enum CodingKeys: String, CodingKey { case role, astronaut }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard let astronaut = c.lenient(Astronaut.self, .astronaut), let name = astronaut.name else {
            throw DecodingError.keyNotFound(CodingKeys.astronaut, .init(codingPath: decoder.codingPath, debugDescription: "a crew member without a name"))
        }
        member = CrewMember(name: name, role: c.lenient(Role.self, .role)?.role, agency: astronaut.agency)
    }
}

struct RawUpdate: Decodable {
    var update: LaunchLibraryUpdate

    enum CodingKeys: String, CodingKey {
        case comment
        case createdBy = "created_by"
        case createdOn = "created_on"
        case infoURL = "info_url"
    }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard let comment = c.text(.comment) else {
            throw DecodingError.keyNotFound(CodingKeys.comment, .init(codingPath: decoder.codingPath, debugDescription: "an update without a comment"))
        }
        update = LaunchLibraryUpdate(comment: comment, createdBy: c.text(.createdBy), createdOn: c.lenientDate(.createdOn),
                                     infoURL: c.text(.infoURL))
    }
}

struct RawPatch: Decodable {
    var patch: MissionPatch

    enum CodingKeys: String, CodingKey {
        case name, priority
        case imageURL = "image_url"
    }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard let name = c.text(.name) else {
            throw DecodingError.keyNotFound(CodingKeys.name, .init(codingPath: decoder.codingPath, debugDescription: "a patch without a name"))
        }
        patch = MissionPatch(name: name, imageURL: c.text(.imageURL), priority: c.lenientInt(.priority))
    }
}

struct RawTimelineEvent: Decodable {
    var event: LaunchTimelineEvent

    private struct Kind: Decodable {
        var abbrev: String?
        var description: String?
        enum CodingKeys: String, CodingKey { case abbrev, description }
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            abbrev = c.text(.abbrev)
            description = c.text(.description)
        }
    }

    enum CodingKeys: String, CodingKey {
        case type
        case relativeTime = "relative_time"
    }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard let relative = c.text(.relativeTime), let offset = LaunchTimelineEvent.seconds(inDuration: relative) else {
            throw DecodingError.keyNotFound(CodingKeys.relativeTime, .init(codingPath: decoder.codingPath, debugDescription: "a step without a time"))
        }
        let kind = c.lenient(Kind.self, .type)
        event = LaunchTimelineEvent(offset: offset, relativeTime: relative, abbreviation: kind?.abbrev, description: kind?.description)
    }
}
