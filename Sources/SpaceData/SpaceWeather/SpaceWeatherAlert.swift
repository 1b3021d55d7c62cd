import Foundation

/// One message of SWPC's alerts product: a watch, warning, alert or summary.
/// Its text is the server's, line ends made `\n`; whoever prints it sanitises it.
public struct SpaceWeatherAlert: Sendable, Equatable {
    /// SWPC's product id: "A20F", "K05W".
    public var productID: String
    public var issued: Date
    /// "WATA20"; serial numbers count per code.
    public var code: String?
    public var serial: Int?
    /// "WATCH: Geomagnetic Storm Category G1 Predicted".
    public var headline: String
    /// The whole message.
    public var message: String
    /// The serial this message cancels, extends or corrects (its own, for a correction).
    public var replacesSerial: Int?

    public init(productID: String, issued: Date, code: String?, serial: Int?, headline: String, message: String, replacesSerial: Int? = nil) {
        self.productID = productID
        self.issued = issued
        self.code = code
        self.serial = serial
        self.headline = headline
        self.message = message
        self.replacesSerial = replacesSerial
    }

    /// Those of `alerts` issued within `seconds` before `now`, newest first.
    public static func recent(_ alerts: [SpaceWeatherAlert], within seconds: TimeInterval, of now: Date) -> [SpaceWeatherAlert] {
        alerts.filter { $0.issued <= now && $0.issued > now.addingTimeInterval(-seconds) }
    }
}

/// Reads `products/alerts.json`: a list of `{product_id, issue_datetime,
/// message}`, slashes escaped (`\/`), line ends mixed. A message that corrects
/// (same code and serial, "CORRECTED"), cancels ("Cancel Serial Number") or
/// extends ("Extension to Serial Number") another replaces it, so each
/// situation shows once, as it now stands. Newest first.
public enum SpaceWeatherAlertDecoder {
    public static func decode(_ body: Data, status: Int = 200) throws(SpaceWeatherError) -> [SpaceWeatherAlert] {
        let product = SpaceWeatherProduct.alerts
        let tree = try SpaceWeatherJSON.tree(body, status: status, product: product)
        guard case .array(let entries) = tree else {
            throw SpaceWeatherError(product, .unknownShape("the top level is \(tree.kindName), not a list"))
        }
        var alerts: [SpaceWeatherAlert] = []
        for entry in entries {
            guard case .object = entry, let text = entry["message"]?.string else {
                throw SpaceWeatherError(product, .unknownShape("an entry is \(entry.kindName) without a message"))
            }
            // A message that cannot be dated cannot be placed among the others: it is left out.
            guard let issued = SpaceWeatherJSON.time(entry["issue_datetime"]) else { continue }
            alerts.append(alert(productID: entry["product_id"]?.string ?? "", issued: issued, text: text))
        }
        // An empty list is an answer (a quiet month), not a failure.
        return superseding(alerts)
    }

    static func alert(productID: String, issued: Date, text: String) -> SpaceWeatherAlert {
        let message = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        let lines = message.split(separator: "\n", omittingEmptySubsequences: true).map { $0.trimmingCharacters(in: .whitespaces) }
        func field(_ name: String) -> String? {
            lines.first { $0.hasPrefix(name + ":") }.map { String($0.dropFirst(name.count + 1)).trimmingCharacters(in: .whitespaces) }
        }
        let headerFields = ["Space Weather Message Code:", "Serial Number:", "Issue Time:"]
        let headline = lines.first { line in !line.isEmpty && !headerFields.contains { line.hasPrefix($0) } } ?? ""
        let serial = field("Serial Number").flatMap { Int($0) }
        var replaces = field("Cancel Serial Number").flatMap { Int($0) } ?? field("Extension to Serial Number").flatMap { Int($0) }
        if replaces == nil, lines.contains("CORRECTED") { replaces = serial }
        return SpaceWeatherAlert(productID: productID, issued: issued, code: field("Space Weather Message Code"), serial: serial,
                                 headline: headline, message: message, replacesSerial: replaces)
    }

    /// Newest first, each message that a later one corrects, cancels or extends
    /// (same code, the serial it names) left out, as is an older copy of the same serial.
    static func superseding(_ alerts: [SpaceWeatherAlert]) -> [SpaceWeatherAlert] {
        // Stable: of two messages issued at once, the answer's order stands.
        let newestFirst = alerts.enumerated().sorted { ($0.element.issued, -$0.offset) > ($1.element.issued, -$1.offset) }.map(\.element)
        struct Key: Hashable { var code: String; var serial: Int }
        var replaced = Set<Key>()
        var kept: [SpaceWeatherAlert] = []
        for alert in newestFirst {
            if let code = alert.code, let serial = alert.serial {
                if replaced.contains(Key(code: code, serial: serial)) { continue }
                replaced.insert(Key(code: code, serial: serial))
                if let target = alert.replacesSerial { replaced.insert(Key(code: code, serial: target)) }
            }
            kept.append(alert)
        }
        return kept
    }
}
