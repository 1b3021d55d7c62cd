import Foundation

/// Reads the fields `LaunchDetail` adds to `Launch` from a Launch Library
/// answer of any version and mode: a single record (`/launches/{id}/`), a page
/// or a bare array. The launches themselves come from `LaunchLibraryDecoder`,
/// so both views of a response agree; this second, tolerant pass only adds
/// what the lists leave out:
///
/// - 2.2.0 detailed: `infoURLs`/`vidURLs`, `holdreason`, the provider's
///   `country_code`, `type: "detailed"`;
/// - 2.3.0 detailed: `info_urls`/`vid_urls`, the provider's `country` list,
///   `response_mode: "detailed"`;
/// - every version from 2.2.0: status and precision descriptions, `probability`,
///   `weather_concerns`, `failreason`, the pad's `map_url` and time zone;
/// - detailed mode: `flightclub_url`, `updates`, `mission_patches`, `timeline`,
///   `rocket.launcher_stage` (boosters, landings) and `rocket.spacecraft_stage`
///   (an object in 2.2.0, a list in 2.3.0; crew, landing). Their parts are in
///   `LaunchStageDecoding.swift`.
///
/// As in `LaunchLibraryDecoder`, `""` is absent and a value of the wrong type
/// is absent rather than an error.
public enum LaunchDetailDecoder {
    public static func decode(_ data: Data) throws(LaunchLibraryError) -> [LaunchDetail] {
        let launches = try LaunchLibraryDecoder.decodeLaunches(data)
        let extras = rawDetails(in: data)
        let byID = Dictionary(extras.compactMap { extra in extra.id.map { ($0, extra) } }, uniquingKeysWith: { first, _ in first })
        return launches.map { launch in byID[launch.id].map { $0.detail(of: launch) } ?? LaunchDetail(launch: launch) }
    }

    /// The records of `data` in whichever shape it has, those that decode.
    private static func rawDetails(in data: Data) -> [RawDetail] {
        let decoder = JSONDecoder()
        if let envelope = try? decoder.decode(RawDetailEnvelope.self, from: data), let results = envelope.results {
            return results.compactMap(\.value)
        }
        if let array = try? decoder.decode([LossyDetail].self, from: data) {
            return array.compactMap(\.value)
        }
        return (try? decoder.decode(RawDetail.self, from: data)).map { [$0] } ?? []
    }
}

private struct RawDetailEnvelope: Decodable {
    var results: [LossyDetail]?
}

private struct LossyDetail: Decodable {
    var value: RawDetail?
    init(from decoder: Decoder) throws { value = try? RawDetail(from: decoder) }
}

private struct RawDetail: Decodable {
    var id: String?
    var url: String?
    var responseMode: String?
    var status: Described?
    var netPrecision: Described?
    var probability: Int?
    var weatherConcerns: String?
    var holdReason: String?
    var failReason: String?
    var provider: Provider?
    var pad: Pad?
    var links: [RawDetailLink] = []
    var infoLinks: [RawDetailLink] = []
    var missionLinks: Mission?
    var flightClubURL: String?
    var rocket: RawRocketStages?
    var updates: [RawUpdate] = []
    var patches: [RawPatch] = []
    var timeline: [RawTimelineEvent] = []

    enum CodingKeys: String, CodingKey {
        case id, url, type, status, probability, pad, mission
        case responseMode = "response_mode"
        case netPrecision = "net_precision"
        case weatherConcerns = "weather_concerns"
        case holdReason = "holdreason"
        case failReason = "failreason"
        case provider = "launch_service_provider"
        case vidURLs, infoURLs
        case vidUrls = "vid_urls"
        case infoUrls = "info_urls"
        case flightClubURL = "flightclub_url"
        case rocket, updates, timeline
        case patches = "mission_patches"
    }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = c.text(.id) ?? c.lenient(Int.self, .id).map(String.init)
        url = c.text(.url)
        // 2.2.0 names the mode `type`; 2.3.0 `response_mode`.
        responseMode = c.text(.responseMode) ?? c.text(.type)
        status = c.lenient(Described.self, .status)
        netPrecision = c.lenient(Described.self, .netPrecision)
        // Launch Library has used -1 for "no forecast".
        probability = c.lenient(Int.self, .probability).flatMap { (0...100).contains($0) ? $0 : nil }
        weatherConcerns = c.text(.weatherConcerns)
        holdReason = c.text(.holdReason)
        failReason = c.text(.failReason)
        provider = c.lenient(Provider.self, .provider)
        pad = c.lenient(Pad.self, .pad)
        links = (c.lenient([Lossy<RawDetailLink>].self, .vidURLs) ?? c.lenient([Lossy<RawDetailLink>].self, .vidUrls) ?? []).compactMap(\.value)
        infoLinks = (c.lenient([Lossy<RawDetailLink>].self, .infoURLs) ?? c.lenient([Lossy<RawDetailLink>].self, .infoUrls) ?? []).compactMap(\.value)
        missionLinks = c.lenient(Mission.self, .mission)
        flightClubURL = c.text(.flightClubURL)
        rocket = c.lenient(RawRocketStages.self, .rocket)
        updates = c.lossyList(RawUpdate.self, .updates)
        patches = c.lossyList(RawPatch.self, .patches)
        timeline = c.lossyList(RawTimelineEvent.self, .timeline)
    }

    func detail(of launch: Launch) -> LaunchDetail {
        LaunchDetail(
            launch: launch,
            isDetailed: responseMode?.lowercased() == "detailed",
            recordURL: url,
            providerCountryCode: provider?.countryCode,
            statusDescription: status?.description,
            netPrecisionDescription: netPrecision?.description,
            probability: probability,
            weatherConcerns: weatherConcerns,
            holdReason: holdReason,
            failReason: failReason,
            mapURL: pad?.mapURL,
            padTimeZone: pad?.timeZone,
            webcasts: Self.ordered(links + (missionLinks?.videos ?? [])),
            infoLinks: Self.ordered(infoLinks + (missionLinks?.pages ?? [])),
            flightClubURL: flightClubURL,
            stages: rocket?.stages ?? [],
            spacecraft: rocket?.spacecraft ?? [],
            updates: LaunchLibraryUpdate.newestFirst(updates.map(\.update)),
            patches: patches.map(\.patch).enumerated().sorted { lhs, rhs in
                (lhs.element.priority ?? .min, rhs.offset) > (rhs.element.priority ?? .min, lhs.offset)
            }.map(\.element),
            timeline: timeline.map(\.event).enumerated().sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }.map(\.element))
    }

    static func ordered(_ links: [RawDetailLink]) -> [LaunchLink] {
        RawDetailLink.ordered(links)
    }
}

/// `{"name": …, "description": …}`: statuses and precisions.
private struct Described: Decodable {
    var description: String?
    enum CodingKeys: String, CodingKey { case description }
    init(from decoder: Decoder) throws {
        description = try decoder.container(keyedBy: CodingKeys.self).text(.description)
    }
}

private struct Provider: Decodable {
    var countryCode: String?

    private struct Country: Decodable {
        var alpha3: String?
        enum CodingKeys: String, CodingKey { case alpha3 = "alpha_3_code" }
        init(from decoder: Decoder) throws {
            alpha3 = try decoder.container(keyedBy: CodingKeys.self).text(.alpha3)
        }
    }

    enum CodingKeys: String, CodingKey { case country, countryCode = "country_code" }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        // 2.2.0: a string; 2.3.0 detailed: a list of country objects.
        countryCode = c.text(.countryCode)
            ?? c.lenient([Country].self, .country)?.compactMap(\.alpha3).joined(separator: ",").nonEmpty
    }
}

private struct Pad: Decodable {
    var mapURL: String?
    var timeZone: String?

    private struct Location: Decodable {
        var timeZone: String?
        enum CodingKeys: String, CodingKey { case timeZone = "timezone_name" }
        init(from decoder: Decoder) throws {
            timeZone = try decoder.container(keyedBy: CodingKeys.self).text(.timeZone)
        }
    }

    enum CodingKeys: String, CodingKey { case location, mapURL = "map_url" }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        mapURL = c.text(.mapURL)
        timeZone = c.lenient(Location.self, .location)?.timeZone
    }
}

/// 2.3.0 also lists links on the mission.
private struct Mission: Decodable {
    var videos: [RawDetailLink]
    var pages: [RawDetailLink]
    enum CodingKeys: String, CodingKey { case vidUrls = "vid_urls", infoUrls = "info_urls" }
    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        videos = (c.lenient([Lossy<RawDetailLink>].self, .vidUrls) ?? []).compactMap(\.value)
        pages = (c.lenient([Lossy<RawDetailLink>].self, .infoUrls) ?? []).compactMap(\.value)
    }
}

