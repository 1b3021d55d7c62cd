import Foundation

/// Reads SWPC's two Kp products in both of their shapes:
///
/// - until 31 March 2026, a list of lists whose first row names the columns
///   (`["time_tag","Kp","a_running","station_count"]`) and whose values are strings;
/// - since then, a list of objects with numbers (`{"time_tag":…,"Kp":2.33,…}`).
///
/// The Kp key is `Kp` in the observed product and `kp` in the forecast; times
/// come with or without milliseconds and `T`, never with a zone, and are UTC;
/// rows may come in any order. A row without a time or a Kp within 0–9 is left
/// out; a shape it does not know is an error naming the product.
public enum KpDecoder {
    public static func decode(_ body: Data, status: Int = 200, product: SpaceWeatherProduct) throws(SpaceWeatherError) -> KpSeries {
        let tree = try SpaceWeatherJSON.tree(body, status: status, product: product)
        guard case .array(let rows) = tree else {
            throw SpaceWeatherError(product, .unknownShape("the top level is \(tree.kindName), not a list"))
        }
        guard let first = rows.first else { throw SpaceWeatherError(product, .noData) }
        let readings: [KpReading]
        switch first {
        case .array(let header):
            readings = try table(header: header, rows: rows.dropFirst(), product: product)
        case .object:
            readings = try objects(rows, product: product)
        default:
            throw SpaceWeatherError(product, .unknownShape("its rows are \(first.kindName), neither lists nor objects"))
        }
        guard !readings.isEmpty else { throw SpaceWeatherError(product, .noData) }
        return KpSeries(readings)
    }

    /// The old shape: the header row says which column holds what.
    static func table(header: [JSONTree], rows: ArraySlice<JSONTree>, product: SpaceWeatherProduct) throws(SpaceWeatherError) -> [KpReading] {
        let names = header.map { $0.string?.lowercased() }
        guard let timeColumn = names.firstIndex(of: "time_tag"), let kpColumn = names.firstIndex(of: "kp") else {
            let shown = header.prefix(6).map { $0.string.map { "\"\($0)\"" } ?? $0.kindName }.joined(separator: ", ")
            throw SpaceWeatherError(product, .unknownShape("the first row [\(SpaceWeatherJSON.clip(shown))] names no time_tag and Kp columns"))
        }
        let kindColumn = names.firstIndex(of: "observed")
        var readings: [KpReading] = []
        readings.reserveCapacity(rows.count)
        for row in rows {
            guard case .array(let cells) = row else {
                throw SpaceWeatherError(product, .unknownShape("a row is \(row.kindName) among lists"))
            }
            func cell(_ index: Int?) -> JSONTree? { index.flatMap { $0 < cells.count ? cells[$0] : nil } }
            if let reading = reading(time: cell(timeColumn), kp: cell(kpColumn), kind: cell(kindColumn), hasKind: kindColumn != nil) {
                readings.append(reading)
            }
        }
        return readings
    }

    /// The new shape: one object per row.
    static func objects(_ rows: [JSONTree], product: SpaceWeatherProduct) throws(SpaceWeatherError) -> [KpReading] {
        var readings: [KpReading] = []
        readings.reserveCapacity(rows.count)
        for row in rows {
            guard case .object(let fields) = row else {
                throw SpaceWeatherError(product, .unknownShape("a row is \(row.kindName) among objects"))
            }
            let kp = fields["Kp"] ?? fields["kp"]
            if kp == nil && fields["time_tag"] == nil {
                let keys = fields.keys.sorted().prefix(6).joined(separator: ", ")
                throw SpaceWeatherError(product, .unknownShape("a row has no time_tag or Kp (its keys: \(SpaceWeatherJSON.clip(keys)))"))
            }
            if let reading = reading(time: fields["time_tag"], kp: kp, kind: fields["observed"], hasKind: fields["observed"] != nil) {
                readings.append(reading)
            }
        }
        return readings
    }

    static func reading(time: JSONTree?, kp: JSONTree?, kind: JSONTree?, hasKind: Bool) -> KpReading? {
        guard let date = SpaceWeatherJSON.time(time), let value = kp?.number, (0...9).contains(value) else { return nil }
        let readingKind: KpReading.Kind
        if hasKind {
            // A kind it does not know could be anything: the row is left out rather than guessed at.
            guard let text = kind?.string?.lowercased(), let known = KpReading.Kind(rawValue: text) else { return nil }
            readingKind = known
        } else {
            readingKind = .observed
        }
        return KpReading(time: date, kp: value, kind: readingKind)
    }
}
