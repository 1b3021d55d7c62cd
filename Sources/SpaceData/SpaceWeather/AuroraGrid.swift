import Foundation

/// NOAA's OVATION aurora nowcast: the chance of seeing aurora overhead, in
/// percent, for every 1° cell of the globe (longitude 0–359 east, latitude
/// -90–90), for a time about half an hour after the observation it is made from.
public struct AuroraGrid: Sendable, Equatable {
    public static let longitudes = 360
    public static let latitudes = 181

    public let observedAt: Date
    public let forecastFor: Date
    /// By longitude, then latitude from -90: `longitudes × latitudes` cells.
    let cells: [UInt8]

    init(observedAt: Date, forecastFor: Date, cells: [UInt8]) {
        self.observedAt = observedAt
        self.forecastFor = forecastFor
        self.cells = cells
    }

    /// The cell holding `place`: its latitude and longitude rounded to the
    /// nearest degree, a west longitude (negative) counted east from 0 to 359,
    /// 359.5° and above wrapping round to 0.
    public static func cell(of place: GeographicCoordinate) -> (longitude: Int, latitude: Int) {
        let longitude = Int(place.longitude.rounded())
        return (((longitude % 360) + 360) % 360, Int(place.latitude.rounded()))
    }

    /// The chance of aurora at `place`, 0–100.
    public func probability(at place: GeographicCoordinate) -> Int {
        let cell = Self.cell(of: place)
        return Int(cells[cell.longitude * Self.latitudes + cell.latitude + 90])
    }

    /// The highest chance anywhere on the grid.
    public var highest: Int { Int(cells.max() ?? 0) }
}

/// Reads `ovation_aurora_latest.json`: `{"Observation Time", "Forecast Time",
/// "Data Format", "coordinates": [[longitude, latitude, value], …] (65,160
/// triples), "type"}`. Written over bytes rather than into a tree: the answer
/// is 921 KB and is read whenever a place is given. A cell not listed is 0 (the
/// bundled sample keeps only the cells above 0); a cell outside the globe or a
/// value outside 0–100 means the format changed, and is an error.
public enum AuroraGridDecoder {
    public static func decode(_ body: Data, status: Int = 200) throws(SpaceWeatherError) -> AuroraGrid {
        try SpaceWeatherJSON.checkStart(body, status: status, product: .auroraGrid)
        let result: Result<AuroraGrid, SpaceWeatherError> = body.withUnsafeBytes { raw in
            do throws(SpaceWeatherError) {
                return .success(try decode(bytes: raw.bindMemory(to: UInt8.self)))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// What went wrong inside the walk, kept until it ends (the reader's closures throw its own failures only).
    private struct Walk {
        var cells = [UInt8](repeating: 0, count: AuroraGrid.longitudes * AuroraGrid.latitudes)
        var listed = 0
        var observed: Date?
        var forecast: Date?
        var sawCoordinates = false
        var problem: String?
    }

    static func decode(bytes: UnsafeBufferPointer<UInt8>) throws(SpaceWeatherError) -> AuroraGrid {
        let product = SpaceWeatherProduct.auroraGrid
        var reader = JSONByteReader(bytes)
        reader.skipWhitespace()
        guard !reader.isAtEnd, reader.bytes[reader.position] == UInt8(ascii: "{") else {
            throw SpaceWeatherError(product, .unknownShape("the top level is not an object"))
        }
        var walk = Walk()
        do throws(JSONByteReader.Failure) {
            try reader.readObject(into: &walk) { (walk: inout Walk, reader: inout JSONByteReader, key) throws(JSONByteReader.Failure) in
                if reader.token(key, equals: "coordinates"), walk.problem == nil {
                    guard try reader.peekKind() == .array else {
                        walk.problem = "\"coordinates\" is not a list"
                        try reader.skipValue()
                        return
                    }
                    walk.sawCoordinates = true
                    try readCells(&reader, into: &walk)
                } else if reader.token(key, equals: "Observation Time") || reader.token(key, equals: "Forecast Time") {
                    let isObservation = reader.token(key, equals: "Observation Time")
                    var date: Date?
                    if try reader.peekKind() == .string {
                        let token = try reader.readStringToken()
                        date = token.range.count <= 40 ? LaunchLibraryDate.date(from: reader.string(token)) : nil
                    } else {
                        try reader.skipValue()
                    }
                    if isObservation { walk.observed = date } else { walk.forecast = date }
                } else {
                    try reader.skipValue()
                }
            }
            reader.skipWhitespace()
            guard reader.isAtEnd else { throw reader.malformed("text after the JSON value") }
        } catch {
            throw SpaceWeatherJSON.error(error, product: product, length: bytes.count)
        }
        if let problem = walk.problem { throw SpaceWeatherError(product, .unknownShape(problem)) }
        guard walk.sawCoordinates else { throw SpaceWeatherError(product, .unknownShape("there is no \"coordinates\" list")) }
        guard let observed = walk.observed, let forecast = walk.forecast else {
            throw SpaceWeatherError(product, .unknownShape("\"Observation Time\" or \"Forecast Time\" is missing or not a time"))
        }
        guard walk.listed > 0 else { throw SpaceWeatherError(product, .noData) }
        return AuroraGrid(observedAt: observed, forecastFor: forecast, cells: walk.cells)
    }

    /// Each `[longitude, latitude, value]` into its cell.
    private static func readCells(_ reader: inout JSONByteReader, into walk: inout Walk) throws(JSONByteReader.Failure) {
        try reader.readArray { (reader: inout JSONByteReader) throws(JSONByteReader.Failure) in
            guard walk.problem == nil, try reader.peekKind() == .array else {
                if walk.problem == nil { walk.problem = "a cell is not a [longitude, latitude, value] list" }
                try reader.skipValue()
                return
            }
            var numbers = (0, 0, 0)
            var count = 0
            try reader.readArray { (reader: inout JSONByteReader) throws(JSONByteReader.Failure) in
                guard try reader.peekKind() == .number, count < 3 else {
                    count = 4
                    try reader.skipValue()
                    return
                }
                let value = integer(UnsafeBufferPointer(rebasing: reader.bytes[try reader.readNumberToken()]))
                switch count {
                case 0: numbers.0 = value
                case 1: numbers.1 = value
                default: numbers.2 = value
                }
                count += 1
            }
            let (longitude, latitude, value) = numbers
            guard count == 3, (-180...360).contains(longitude), (-90...90).contains(latitude) else {
                walk.problem = "a cell is not [longitude, latitude, value] in whole degrees on the globe"
                return
            }
            guard (0...100).contains(value) else {
                walk.problem = "a cell holds \(value), not a percentage"
                return
            }
            let column = ((longitude % 360) + 360) % 360
            walk.cells[column * AuroraGrid.latitudes + latitude + 90] = UInt8(value)
            walk.listed += 1
        }
    }

    /// A whole number's value; anything else (a fraction, an exponent, too many
    /// digits) is `Int.min`, which every range check refuses.
    @inline(__always)
    static func integer(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var index = 0
        let negative = bytes.count > 0 && bytes[0] == UInt8(ascii: "-")
        if negative { index = 1 }
        guard bytes.count > index, bytes.count - index <= 6 else { return .min }
        var value = 0
        while index < bytes.count {
            let digit = Int(bytes[index]) - 0x30
            guard digit >= 0 && digit <= 9 else { return .min }
            value = value * 10 + digit
            index += 1
        }
        return negative ? -value : value
    }
}
