import Foundation
import SpaceData

/// A deterministic corpus of made-up but realistic launches, any number of
/// them, for benchmarks and scale tests: real agencies, rockets, sites, pads
/// and mission-name patterns, with the field lengths of Launch Library data
/// ("Falcon 9 Block 5 | Starlink Group 10-12"), a few names with diacritics,
/// and dates ascending (upcoming, soonest first).
///
/// Launch `i` depends only on the seed and `i`, so any slice can be made
/// alone, and the same seed always gives the same corpus. The word "zzzz"
/// never occurs.
public struct SyntheticLaunchCorpus: Sendable {
    public let seed: UInt64

    public init(seed: UInt64 = 2026) {
        self.seed = seed
    }

    /// One synthetic launch, with what Launch Library 2.3.0 normal mode carries.
    public struct Entry: Sendable, Hashable {
        public var id: String
        public var name: String
        public var agency: String
        public var agencyAbbreviation: String
        public var agencyType: String
        public var rocket: String
        public var missionName: String
        public var missionType: String
        public var orbitName: String
        public var orbitAbbreviation: String
        public var pad: String
        public var location: String
        public var countryCode: String
        public var latitude: Double
        public var longitude: Double
        public var net: Date
        public var statusID: Int
        public var statusName: String
        public var statusAbbreviation: String

        /// A sentence about the mission, as Launch Library has one.
        public var missionDescription: String {
            "\(missionName) is a \(missionType.lowercased()) mission launched by \(agency) on a \(rocket) from \(location)."
        }

        /// The launch's searchable text.
        public var searchRecord: SearchRecord {
            SearchRecord(
                name: name, agency: agency, agencyAbbreviation: agencyAbbreviation, missionType: missionType,
                pad: pad, location: location, status: statusName, statusAbbreviation: statusAbbreviation, date: net)
        }
    }

    /// The first launch's date; launch `i` is about `i` × 53 minutes later.
    public static let startDate = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z

    /// Launch number `index`.
    public func launch(at index: Int) -> Entry {
        // Mixed, so neighbouring launches do not draw shifted copies of one stream.
        var random = SplitMix64(seed: SplitMix64.mix(seed ^ SplitMix64.mix(UInt64(truncatingIfNeeded: index))))
        let agency = Self.agencies[random.weighted(Self.agencyWeights)]
        let rocket = agency.rockets[random.below(agency.rockets.count)]
        let site = agency.sites[random.below(agency.sites.count)]
        let pad = site.pads[random.below(site.pads.count)]
        let mission = agency.missions[random.below(agency.missions.count)]
        let missionName = mission.name(&random)
        let status = Self.statuses[random.weighted(Self.statusWeights)]
        let minutes = Double(index) * 53 + Double(random.below(50))
        return Entry(
            id: Self.uuid(&random),
            name: "\(rocket) | \(missionName)",
            agency: agency.name,
            agencyAbbreviation: agency.abbreviation,
            agencyType: agency.type,
            rocket: rocket,
            missionName: missionName,
            missionType: mission.type,
            orbitName: mission.orbit.name,
            orbitAbbreviation: mission.orbit.abbreviation,
            pad: pad,
            location: site.name,
            countryCode: site.countryCode,
            latitude: site.latitude,
            longitude: site.longitude,
            net: Self.startDate.addingTimeInterval(minutes * 60),
            statusID: status.id,
            statusName: status.name,
            statusAbbreviation: status.abbreviation)
    }

    /// The searchable text of launches `0 ..< count`.
    public func records(count: Int) -> [SearchRecord] {
        (0 ..< count).map { launch(at: $0).searchRecord }
    }

    /// A search engine over launches `0 ..< count`, built without keeping the launches.
    public func searchEngine(count: Int) -> SearchEngine {
        var builder = SearchEngine.Builder()
        builder.reserveCapacity(count)
        for index in 0 ..< count { builder.append(launch(at: index).searchRecord) }
        return SearchEngine(builder: builder)
    }

    // MARK: Launch Library JSON

    /// Launches `0 ..< count` as a Launch Library 2.3.0 `mode=normal` response
    /// (`{"count", "next", "previous", "results"}`), written in pieces.
    public func writeLaunchLibraryJSON(count: Int, to url: URL) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        let file = try FileHandle(forWritingTo: url)
        defer { try? file.close() }
        var chunk = "{\"count\":\(count),\"next\":null,\"previous\":null,\"results\":["
        for index in 0 ..< count {
            if index > 0 { chunk += "," }
            appendJSON(of: launch(at: index), to: &chunk)
            if chunk.utf8.count > 1 << 20 {
                try file.write(contentsOf: Data(chunk.utf8))
                chunk = ""
            }
        }
        chunk += "]}\n"
        try file.write(contentsOf: Data(chunk.utf8))
    }

    /// Launches `0 ..< count` as a Launch Library 2.3.0 `mode=normal` response body.
    public func launchLibraryJSON(count: Int) -> Data {
        var text = "{\"count\":\(count),\"next\":null,\"previous\":null,\"results\":["
        for index in 0 ..< count {
            if index > 0 { text += "," }
            appendJSON(of: launch(at: index), to: &text)
        }
        text += "]}"
        return Data(text.utf8)
    }

    private func appendJSON(of launch: Entry, to out: inout String) {
        func q(_ text: String) -> String { Self.jsonString(text) }
        let net = q(launch.net.formatted(.iso8601))
        out += """
        {"id":\(q(launch.id)),"url":\(q("https://ll.thespacedevs.com/2.3.0/launches/\(launch.id)/")),\
        "name":\(q(launch.name)),"response_mode":"normal","slug":\(q(launch.id)),"launch_designator":null,\
        "status":{"id":\(launch.statusID),"name":\(q(launch.statusName)),"abbrev":\(q(launch.statusAbbreviation)),"description":""},\
        "last_updated":\(net),"net":\(net),"net_precision":{"id":2,"name":"Hour","abbrev":"HR","description":"The launch is expected within this hour."},\
        "window_end":\(net),"window_start":\(net),"image":null,"infographic":null,"probability":null,"weather_concerns":null,"failreason":"","hashtag":null,\
        "launch_service_provider":{"response_mode":"list","id":1,"url":"","name":\(q(launch.agency)),"abbrev":\(q(launch.agencyAbbreviation)),"type":{"id":1,"name":\(q(launch.agencyType))}},\
        "rocket":{"id":1,"configuration":{"response_mode":"list","id":1,"url":"","name":\(q(launch.rocket)),"families":[],"full_name":\(q(launch.rocket)),"variant":""}},\
        "mission":{"id":1,"name":\(q(launch.missionName)),"type":\(q(launch.missionType)),"description":\(q(launch.missionDescription)),"image":null,\
        "orbit":{"id":1,"name":\(q(launch.orbitName)),"abbrev":\(q(launch.orbitAbbreviation)),"celestial_body":{"id":1,"name":"Earth"}},"agencies":[],"info_urls":[],"vid_urls":[]},\
        "pad":{"id":1,"url":"","active":true,"agencies":[],"name":\(q(launch.pad)),"image":null,"description":null,"info_url":null,"wiki_url":null,"map_url":null,\
        "latitude":\(launch.latitude),"longitude":\(launch.longitude),"country":{"id":1,"name":"","alpha_2_code":"","alpha_3_code":\(q(launch.countryCode))},\
        "location":{"response_mode":"normal","id":1,"url":"","name":\(q(launch.location)),"celestial_body":{"id":1,"name":"Earth"},"active":true,\
        "country":{"id":1,"name":"","alpha_2_code":"","alpha_3_code":\(q(launch.countryCode))},"description":null,"image":null,"map_image":null,\
        "longitude":\(launch.longitude),"latitude":\(launch.latitude),"timezone_name":"UTC","total_launch_count":0,"total_landing_count":0}},\
        "webcast_live":false,"program":[],"orbital_launch_attempt_count":null}
        """
    }

    static func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    private static func uuid(_ random: inout SplitMix64) -> String {
        let hexDigits = Array("0123456789abcdef".utf8)
        var bits = (random.next(), random.next())
        var bytes = [UInt8](repeating: UInt8(ascii: "-"), count: 36)
        for position in [0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 14, 15, 16, 17, 19, 20, 21, 22, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35] {
            bytes[position] = hexDigits[Int(bits.0 & 15)]
            bits = (bits.0 >> 4 | bits.1 << 60, bits.1 >> 4)
        }
        bytes[14] = UInt8(ascii: "4")  // version 4
        bytes[19] = UInt8(ascii: "a")  // RFC 4122 variant
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: The world it draws from

    struct Site: Sendable {
        var name: String
        var pads: [String]
        var countryCode: String
        var latitude: Double
        var longitude: Double
    }

    struct Orbit: Sendable {
        var name: String
        var abbreviation: String
        static let low = Orbit(name: "Low Earth Orbit", abbreviation: "LEO")
        static let polar = Orbit(name: "Sun-Synchronous Orbit", abbreviation: "SSO")
        static let geo = Orbit(name: "Geostationary Transfer Orbit", abbreviation: "GTO")
        static let medium = Orbit(name: "Medium Earth Orbit", abbreviation: "MEO")
        static let suborbital = Orbit(name: "Suborbital", abbreviation: "Sub")
        static let lunar = Orbit(name: "Lunar Orbit", abbreviation: "LO")
    }

    struct Mission: Sendable {
        var type: String
        var orbit: Orbit
        var name: @Sendable (inout SplitMix64) -> String

        init(_ type: String, _ orbit: Orbit, _ name: @escaping @Sendable (inout SplitMix64) -> String) {
            self.type = type
            self.orbit = orbit
            self.name = name
        }
    }

    struct Agency: Sendable {
        var name: String
        var abbreviation: String
        var type: String
        var rockets: [String]
        var sites: [Site]
        var missions: [Mission]
    }

    private static let capeCanaveral = Site(name: "Cape Canaveral SFS, FL, USA", pads: ["Space Launch Complex 40", "Space Launch Complex 41", "Launch Complex 36"], countryCode: "USA", latitude: 28.5618571, longitude: -80.577366)
    private static let kennedy = Site(name: "Kennedy Space Center, FL, USA", pads: ["Launch Complex 39A", "Launch Complex 39B"], countryCode: "USA", latitude: 28.6080585, longitude: -80.6039558)
    private static let vandenberg = Site(name: "Vandenberg SFB, CA, USA", pads: ["Space Launch Complex 4E", "Space Launch Complex 3E"], countryCode: "USA", latitude: 34.632, longitude: -120.611)
    private static let starbase = Site(name: "SpaceX Starbase, TX, USA", pads: ["Orbital Launch Mount A", "Orbital Launch Mount B"], countryCode: "USA", latitude: 25.997, longitude: -97.157)
    private static let mahia = Site(name: "Rocket Lab Launch Complex 1, Mahia Peninsula, New Zealand", pads: ["Rocket Lab Launch Complex 1A", "Rocket Lab Launch Complex 1B"], countryCode: "NZL", latitude: -39.262833, longitude: 177.864469)
    private static let wallops = Site(name: "Wallops Island, Virginia, USA", pads: ["Rocket Lab Launch Complex 2"], countryCode: "USA", latitude: 37.8337, longitude: -75.4881)
    private static let jiuquan = Site(name: "Jiuquan Satellite Launch Center, People's Republic of China", pads: ["Launch Area 4 (SLS-2 / 603)", "Launch Area 95"], countryCode: "CHN", latitude: 40.958, longitude: 100.291)
    private static let xichang = Site(name: "Xichang Satellite Launch Center, People's Republic of China", pads: ["Launch Complex 2", "Launch Complex 3"], countryCode: "CHN", latitude: 28.246, longitude: 102.026)
    private static let wenchang = Site(name: "Wenchang Space Launch Site, People's Republic of China", pads: ["Wenchang Space Launch Site LC-101", "Wenchang Space Launch Site LC-201"], countryCode: "CHN", latitude: 19.614, longitude: 110.951)
    private static let taiyuan = Site(name: "Taiyuan Satellite Launch Center, People's Republic of China", pads: ["Launch Complex 9", "Launch Complex 9A"], countryCode: "CHN", latitude: 38.849, longitude: 111.608)
    private static let kourou = Site(name: "Guiana Space Centre, Kourou, French Guiana", pads: ["Ensemble de Lancement Ariane 4", "Ensemble de Lancement Vega"], countryCode: "GUF", latitude: 5.239, longitude: -52.768)
    private static let baikonur = Site(name: "Baikonur Cosmodrome, Republic of Kazakhstan", pads: ["31/6", "Site 200/39", "Site 81/24"], countryCode: "KAZ", latitude: 45.996, longitude: 63.564)
    private static let plesetsk = Site(name: "Plesetsk Cosmodrome, Russian Federation", pads: ["43/4", "35/1"], countryCode: "RUS", latitude: 62.927, longitude: 40.575)
    private static let vostochny = Site(name: "Vostochny Cosmodrome, Siberia, Russian Federation", pads: ["Site 1S", "Site 1A"], countryCode: "RUS", latitude: 51.884, longitude: 128.334)
    private static let sriharikota = Site(name: "Satish Dhawan Space Centre, India", pads: ["First Launch Pad", "Second Launch Pad"], countryCode: "IND", latitude: 13.720, longitude: 80.230)
    private static let tanegashima = Site(name: "Tanegashima Space Center, Japan", pads: ["Yoshinobu Launch Complex LP-1", "Yoshinobu Launch Complex LP-2"], countryCode: "JPN", latitude: 30.400, longitude: 130.970)
    private static let uchinoura = Site(name: "Uchinoura Space Center, Japan", pads: ["Mu Center"], countryCode: "JPN", latitude: 31.251, longitude: 131.079)
    private static let cornRanch = Site(name: "West Texas Suborbital Launch Site/ Corn Ranch, Van Horn, TX, USA", pads: ["West Texas Suborbital Launch Site/ Corn Ranch"], countryCode: "USA", latitude: 31.422, longitude: -104.757)
    private static let naro = Site(name: "Naro Space Center, South Korea", pads: ["Rocket Launch Site 2"], countryCode: "KOR", latitude: 34.431, longitude: 127.535)
    private static let alcantara = Site(name: "Centro de Lançamento de Alcântara, Brazil", pads: ["Plataforma de Lançamento VLM"], countryCode: "BRA", latitude: -2.339, longitude: -44.417)
    private static let andoya = Site(name: "Andøya Spaceport, Norway", pads: ["Andøya Launch Pad"], countryCode: "NOR", latitude: 69.108, longitude: 15.589)

    static let agencies: [Agency] = [
        Agency(name: "SpaceX", abbreviation: "SpX", type: "Commercial", rockets: ["Falcon 9 Block 5", "Falcon 9 Block 5", "Falcon Heavy", "Starship"], sites: [capeCanaveral, kennedy, vandenberg, starbase], missions: [
            Mission("Communications", .low) { "Starlink Group \($0.below(2000) + 1)-\($0.below(99) + 1)" },
            Mission("Communications", .low) { "Starlink Group \($0.below(2000) + 1)-\($0.below(99) + 1)" },
            Mission("Dedicated Rideshare", .polar) { "Transporter-\($0.below(500) + 1)" },
            Mission("Resupply", .low) { "SpX CRS-\($0.below(300) + 1)" },
            Mission("Human Exploration", .low) { "Crew-\($0.below(200) + 1)" },
            Mission("Navigation", .medium) { "GPS III SV\(String($0.below(99) + 1).leftPadded(to: 2, with: "0"))" },
            Mission("Test Flight", .suborbital) { "Starship Flight \($0.below(5000) + 1)" },
        ]),
        Agency(name: "China Aerospace Science and Technology Corporation", abbreviation: "CASC", type: "Government", rockets: ["Long March 2D", "Long March 3B/E", "Long March 5", "Long March 7A", "Long March 6A"], sites: [jiuquan, xichang, wenchang, taiyuan], missions: [
            Mission("Government/Top Secret", .polar) { "Yaogan-\($0.below(500) + 1) Group \(String($0.below(30) + 1).leftPadded(to: 2, with: "0"))" },
            Mission("Earth Science", .polar) { "Gaofen-\($0.below(200) + 1) \(String($0.below(30) + 1).leftPadded(to: 2, with: "0"))" },
            Mission("Navigation", .medium) { "Beidou-3 G\($0.below(99) + 1)" },
            Mission("Resupply", .low) { "Tianzhou \($0.below(300) + 1)" },
            Mission("Human Exploration", .low) { "Shenzhou \($0.below(300) + 1)" },
            Mission("Technology", .geo) { "Shiyan \($0.below(999) + 1)" },
        ]),
        Agency(name: "Rocket Lab", abbreviation: "RL", type: "Commercial", rockets: ["Electron", "Neutron"], sites: [mahia, wallops], missions: [
            Mission("Earth Science", .polar) { "\"The Beat Goes On\" (iQPS \($0.below(500) + 1))" },
            Mission("Communications", .low) { "Kinéis \($0.below(500) + 1)" },
            Mission("Government/Top Secret", .low) { "NROL-\($0.below(999) + 1)" },
            Mission("Technology", .polar) { "Synspective StriX \($0.below(500) + 1)" },
        ]),
        Agency(name: "Arianespace", abbreviation: "ASA", type: "Commercial", rockets: ["Ariane 6", "Vega-C"], sites: [kourou], missions: [
            Mission("Navigation", .medium) { "Galileo L\($0.below(999) + 1)" },
            Mission("Earth Science", .polar) { "Sentinel-\($0.below(99) + 1)\(["A", "B", "C", "D"][$0.below(4)])" },
            Mission("Communications", .geo) { "Syracuse \($0.below(20) + 4)\(["A", "B", "C", "D", "E", "F"][$0.below(6)])" },
            Mission("Earth Science", .geo) { "Météosat Third Generation S\($0.below(99) + 1)" },
        ]),
        Agency(name: "Russian Federal Space Agency (ROSCOSMOS)", abbreviation: "RFSA", type: "Government", rockets: ["Soyuz 2.1a", "Soyuz 2.1b/Fregat-M", "Angara A5"], sites: [baikonur, plesetsk, vostochny], missions: [
            Mission("Resupply", .low) { "Progress MS-\($0.below(999) + 1)" },
            Mission("Human Exploration", .low) { "Soyuz MS-\($0.below(999) + 1)" },
            Mission("Government/Top Secret", .low) { "Kosmos \($0.below(7500) + 2500)" },
            Mission("Earth Science", .polar) { "Meteor-M No. \($0.below(98) + 2)-\($0.below(9) + 1)" },
        ]),
        Agency(name: "Indian Space Research Organization", abbreviation: "ISRO", type: "Government", rockets: ["PSLV-XL", "GSLV Mk II", "LVM-3", "SSLV"], sites: [sriharikota], missions: [
            Mission("Planetary Science", .lunar) { "Chandrayaan-\($0.below(97) + 3)" },
            Mission("Earth Science", .polar) { "EOS-\(String($0.below(999) + 1).leftPadded(to: 2, with: "0"))" },
            Mission("Navigation", .geo) { "NVS-\(String($0.below(99) + 1).leftPadded(to: 2, with: "0"))" },
            Mission("Human Exploration", .low) { "Gaganyaan G\($0.below(99) + 1)" },
        ]),
        Agency(name: "United Launch Alliance", abbreviation: "ULA", type: "Commercial", rockets: ["Vulcan VC2S", "Atlas V 551", "Vulcan VC4L"], sites: [capeCanaveral, vandenberg], missions: [
            Mission("Government/Top Secret", .geo) { "USSF-\($0.below(999) + 1)" },
            Mission("Communications", .low) { "Kuiper KA-\(String($0.below(999) + 1).leftPadded(to: 2, with: "0"))" },
            Mission("Human Exploration", .low) { "Starliner-\($0.below(99) + 1)" },
        ]),
        Agency(name: "Japan Aerospace Exploration Agency", abbreviation: "JAXA", type: "Government", rockets: ["H3-22S", "H-IIA 202", "Epsilon S"], sites: [tanegashima, uchinoura], missions: [
            Mission("Navigation", .geo) { "QZS-\($0.below(99) + 1)" },
            Mission("Resupply", .low) { "HTV-X\($0.below(99) + 1)" },
            Mission("Government/Top Secret", .polar) { "IGS-Optical \($0.below(99) + 1)" },
        ]),
        Agency(name: "Blue Origin", abbreviation: "BO", type: "Commercial", rockets: ["New Glenn", "New Shepard"], sites: [capeCanaveral, cornRanch], missions: [
            Mission("Tourism", .suborbital) { "NS-\($0.below(980) + 20)" },
            Mission("Planetary Science", .lunar) { "Blue Moon MK\($0.below(9) + 1)" },
        ]),
        Agency(name: "Korea Aerospace Research Institute", abbreviation: "KARI", type: "Government", rockets: ["Nuri"], sites: [naro], missions: [
            Mission("Earth Science", .polar) { "CAS500-\($0.below(99) + 1)" },
        ]),
        Agency(name: "Agência Espacial Brasileira", abbreviation: "AEB", type: "Government", rockets: ["VLM-1"], sites: [alcantara], missions: [
            Mission("Test Flight", .suborbital) { "Operação Alcântara \($0.below(999) + 1)" },
        ]),
        Agency(name: "Isar Aerospace", abbreviation: "ISA", type: "Commercial", rockets: ["Spectrum"], sites: [andoya], missions: [
            Mission("Test Flight", .polar) { "Going Full Spectrum \($0.below(999) + 1)" },
        ]),
    ]
    private static let agencyWeights = [40, 18, 8, 4, 6, 5, 5, 3, 3, 1, 1, 2]

    static let statuses: [(id: Int, name: String, abbreviation: String)] = [
        (1, "Go for Launch", "Go"), (2, "To Be Determined", "TBD"), (8, "To Be Confirmed", "TBC"),
    ]
    private static let statusWeights = [3, 5, 2]
}

/// A small, fast, seedable generator (Steele, Lea and Flood's SplitMix64).
public struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
    }

    /// SplitMix64's finaliser: a bijection that scatters nearby inputs.
    public static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0 ..< bound` (bound > 0).
    public mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }

    /// An index of `weights`, each chosen in proportion to its weight.
    mutating func weighted(_ weights: [Int]) -> Int {
        var pick = below(weights.reduce(0, +))
        for (index, weight) in weights.enumerated() {
            if pick < weight { return index }
            pick -= weight
        }
        return weights.count - 1
    }
}

extension String {
    fileprivate func leftPadded(to length: Int, with pad: Character = "0") -> String {
        count >= length ? self : String(repeating: pad, count: length - count) + self
    }
}

extension SyntheticLaunchCorpus {
    /// Launches `0 ..< count` as the app's `Launch` values (what decoding
    /// `writeLaunchLibraryJSON` of the same count gives).
    public func launches(count: Int) -> [Launch] {
        (0 ..< count).map { launch(at: $0).launch }
    }
}

extension SyntheticLaunchCorpus.Entry {
    /// This launch as the app's `Launch`, with every field the JSON carries.
    public var launch: Launch {
        Launch(
            id: id, name: name, agencyName: agency, agencyAbbreviation: agencyAbbreviation, agencyType: agencyType,
            missionName: missionName, missionType: missionType, missionDescription: missionDescription,
            orbitName: orbitName, orbitAbbreviation: orbitAbbreviation, padName: pad, locationName: location,
            countryCode: countryCode, latitude: latitude, longitude: longitude, net: net, netPrecision: "Hour",
            windowStart: net, windowEnd: net, statusName: statusName, statusAbbreviation: statusAbbreviation,
            rocketName: rocket, webcastLive: false, lastUpdated: net)
    }
}
