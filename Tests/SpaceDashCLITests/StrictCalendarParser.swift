import Foundation

/// A strict reader of RFC 5545 calendars, written from the RFC for the tests of
/// `launches --ics`: it accepts only what the RFC allows and throws at the
/// first deviation, naming the line. What it checks:
///
/// - §3.1 every line ends in CRLF; no bare CR or LF; no physical line is longer
///   than 75 octets; a fold (CRLF then one space or tab) never splits a UTF-8
///   sequence, so every physical line is valid UTF-8 on its own;
/// - §3.1 content lines: `name *(";" param) ":" value`, names are IANA tokens
///   or X-names, parameter values paramtext or quoted strings, and no control
///   character but HTAB in a value;
/// - §3.4, §3.6: VCALENDAR with VERSION:2.0 and PRODID exactly once, VEVENTs
///   inside, BEGIN and END paired;
/// - §3.6.1: UID and DTSTAMP exactly once, DTSTART present (METHOD is set),
///   DTEND and DURATION not both, DTEND of the same value type as DTSTART and
///   later than it; properties that may occur once occur at most once;
/// - §3.3.4, §3.3.5: DATE and DATE-TIME syntax (DTSTAMP and LAST-MODIFIED in UTC);
/// - §3.3.11: TEXT escapes (`\\`, `\;`, `\,`, `\n`, `\N` only) and no unescaped
///   `;` or `,` in SUMMARY, DESCRIPTION, LOCATION or UID;
/// - §3.8.1.6 GEO as two floats; §3.8.1.11 STATUS of an event.
struct StrictCalendarParser {
    struct Failure: Error, CustomStringConvertible {
        let line: Int
        let reason: String
        var description: String { "line \(line): \(reason)" }
    }

    struct Property: Equatable {
        var name: String
        var parameters: [String: String]
        /// The value as written (escapes kept).
        var raw: String
        /// The line (physical, 1-based) it starts on.
        var line: Int
    }

    struct Component {
        var name: String
        var properties: [Property] = []
        var components: [Component] = []

        func all(_ name: String) -> [Property] { properties.filter { $0.name == name } }
        func first(_ name: String) -> Property? { properties.first { $0.name == name } }
        /// A TEXT property's value, unescaped.
        func text(_ name: String) throws -> String? {
            try first(name).map { try StrictCalendarParser.unescape($0.raw, line: $0.line) }
        }
    }

    /// The VCALENDAR, checked whole.
    static func parse(_ data: Data) throws -> Component {
        let lines = try contentLines(data)
        var stack: [Component] = []
        var calendar: Component?
        for (line, number) in lines {
            let property = try parseLine(line, number: number)
            switch property.name {
            case "BEGIN":
                if calendar != nil { throw Failure(line: number, reason: "content after END:VCALENDAR") }
                if stack.isEmpty && property.raw != "VCALENDAR" { throw Failure(line: number, reason: "the calendar must begin with BEGIN:VCALENDAR") }
                stack.append(Component(name: property.raw))
            case "END":
                guard let open = stack.popLast(), open.name == property.raw else {
                    throw Failure(line: number, reason: "END:\(property.raw) closes nothing open")
                }
                try check(open, endingAt: number)
                if stack.isEmpty { calendar = open } else { stack[stack.count - 1].components.append(open) }
            default:
                guard !stack.isEmpty else { throw Failure(line: number, reason: "a property outside VCALENDAR") }
                stack[stack.count - 1].properties.append(property)
            }
        }
        guard stack.isEmpty, let calendar else { throw Failure(line: lines.last?.1 ?? 0, reason: "the calendar is not closed") }
        return calendar
    }

    // MARK: - §3.1 lines and folding

    /// Unfolded content lines with the physical line each starts on.
    static func contentLines(_ data: Data) throws -> [(String, Int)] {
        let bytes = [UInt8](data)
        var physical: [[UInt8]] = []
        var current: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0D {
                guard index + 1 < bytes.count, bytes[index + 1] == 0x0A else {
                    throw Failure(line: physical.count + 1, reason: "a CR not followed by LF")
                }
                physical.append(current)
                current = []
                index += 2
                continue
            }
            if byte == 0x0A { throw Failure(line: physical.count + 1, reason: "a bare LF (lines must end in CRLF)") }
            current.append(byte)
            index += 1
        }
        if !current.isEmpty { throw Failure(line: physical.count + 1, reason: "the last line does not end in CRLF") }

        var lines: [(String, Int)] = []
        for (offset, octets) in physical.enumerated() {
            let number = offset + 1
            if octets.count > 75 { throw Failure(line: number, reason: "\(octets.count) octets, more than 75") }
            guard let text = String(validating: octets, as: UTF8.self) else {
                throw Failure(line: number, reason: "not valid UTF-8 on its own (a fold split a UTF-8 sequence?)")
            }
            if let first = octets.first, first == 0x20 || first == 0x09 {
                guard !lines.isEmpty else { throw Failure(line: number, reason: "a continuation with nothing to continue") }
                lines[lines.count - 1].0 += String(text.dropFirst())
            } else {
                if octets.isEmpty { throw Failure(line: number, reason: "an empty line") }
                lines.append((text, number))
            }
        }
        return lines
    }

    static func parseLine(_ line: String, number: Int) throws -> Property {
        let scalars = Array(line.unicodeScalars)
        var index = 0
        func name() throws -> String {
            let start = index
            while index < scalars.count, isNameScalar(scalars[index]) { index += 1 }
            guard index > start else { throw Failure(line: number, reason: "a name is missing or holds a character names may not") }
            return String(String.UnicodeScalarView(scalars[start..<index])).uppercased()
        }
        let propertyName = try name()
        var parameters: [String: String] = [:]
        while index < scalars.count, scalars[index] == ";" {
            index += 1
            let parameter = try name()
            guard index < scalars.count, scalars[index] == "=" else { throw Failure(line: number, reason: "parameter \(parameter) has no '='") }
            index += 1
            var values: [String] = []
            repeat {
                if index < scalars.count, scalars[index] == "," { index += 1 }
                if index < scalars.count, scalars[index] == "\"" {
                    index += 1
                    let start = index
                    while index < scalars.count, scalars[index] != "\"" {
                        guard isSafeValueScalar(scalars[index]) else { throw Failure(line: number, reason: "a control character in a quoted parameter") }
                        index += 1
                    }
                    guard index < scalars.count else { throw Failure(line: number, reason: "an unclosed quoted parameter") }
                    values.append(String(String.UnicodeScalarView(scalars[start..<index])))
                    index += 1
                } else {
                    let start = index
                    while index < scalars.count, !";:,\"".unicodeScalars.contains(scalars[index]) {
                        guard isSafeValueScalar(scalars[index]) else { throw Failure(line: number, reason: "a control character in a parameter") }
                        index += 1
                    }
                    values.append(String(String.UnicodeScalarView(scalars[start..<index])))
                }
            } while index < scalars.count && scalars[index] == ","
            if parameters[parameter] != nil { throw Failure(line: number, reason: "parameter \(parameter) twice") }
            parameters[parameter] = values.joined(separator: ",")
        }
        guard index < scalars.count, scalars[index] == ":" else { throw Failure(line: number, reason: "no ':' after the name of \(propertyName)") }
        index += 1
        let value = String(String.UnicodeScalarView(scalars[index...]))
        for scalar in value.unicodeScalars where !isSafeValueScalar(scalar) {
            throw Failure(line: number, reason: "control character U+\(String(scalar.value, radix: 16)) in the value of \(propertyName)")
        }
        return Property(name: propertyName, parameters: parameters, raw: value, line: number)
    }

    /// iana-token and x-name: ALPHA, DIGIT, "-".
    static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (("A"..."Z").contains(scalar) || ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-")
    }

    /// VALUE-CHAR / SAFE-CHAR: anything but CONTROL (HTAB allowed).
    static func isSafeValueScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\t" || !(scalar.value < 0x20 || scalar.value == 0x7F)
    }

    // MARK: - Components

    static let onceInEvent: Set<String> = ["DTSTAMP", "UID", "DTSTART", "CLASS", "CREATED", "DESCRIPTION", "GEO", "LAST-MODIFIED",
                                           "LOCATION", "ORGANIZER", "PRIORITY", "SEQUENCE", "STATUS", "SUMMARY", "TRANSP", "URL",
                                           "RECURRENCE-ID", "DTEND", "DURATION"]
    static let singleText: Set<String> = ["SUMMARY", "DESCRIPTION", "LOCATION", "UID"]

    static func check(_ component: Component, endingAt number: Int) throws {
        switch component.name {
        case "VCALENDAR":
            for name in ["VERSION", "PRODID"] where component.all(name).count != 1 {
                throw Failure(line: number, reason: "VCALENDAR needs exactly one \(name)")
            }
            if component.first("VERSION")?.raw != "2.0" { throw Failure(line: number, reason: "VERSION must be 2.0") }
            if let scale = component.first("CALSCALE"), scale.raw != "GREGORIAN" { throw Failure(line: scale.line, reason: "CALSCALE other than GREGORIAN") }
            if component.components.isEmpty { throw Failure(line: number, reason: "a calendar with no component") }
        case "VEVENT":
            try checkEvent(component, endingAt: number)
        default:
            throw Failure(line: number, reason: "unexpected component \(component.name)")
        }
    }

    static func checkEvent(_ event: Component, endingAt number: Int) throws {
        for name in onceInEvent where event.all(name).count > 1 { throw Failure(line: event.all(name)[1].line, reason: "\(name) more than once in a VEVENT") }
        for name in ["UID", "DTSTAMP", "DTSTART"] where event.first(name) == nil { throw Failure(line: number, reason: "a VEVENT without \(name)") }
        if event.first("DTEND") != nil && event.first("DURATION") != nil { throw Failure(line: number, reason: "DTEND and DURATION together") }
        for name in ["DTSTAMP", "LAST-MODIFIED"] {
            guard let property = event.first(name) else { continue }
            guard property.parameters.isEmpty, isUTCDateTime(property.raw) else { throw Failure(line: property.line, reason: "\(name) must be a UTC DATE-TIME") }
        }
        let start = try moment(event.first("DTSTART")!)
        if let endProperty = event.first("DTEND") {
            let end = try moment(endProperty)
            guard end.isDate == start.isDate else { throw Failure(line: endProperty.line, reason: "DTEND's value type differs from DTSTART's") }
            guard end.value > start.value else { throw Failure(line: endProperty.line, reason: "DTEND is not later than DTSTART") }
        }
        for name in singleText {
            guard let property = event.first(name) else { continue }
            _ = try unescape(property.raw, line: property.line)
        }
        if let geo = event.first("GEO") {
            let parts = geo.raw.split(separator: ";", omittingEmptySubsequences: false)
            guard parts.count == 2, parts.allSatisfy({ isFloat($0) }) else { throw Failure(line: geo.line, reason: "GEO must be two floats joined by ';'") }
        }
        if let status = event.first("STATUS"), !["TENTATIVE", "CONFIRMED", "CANCELLED"].contains(status.raw) {
            throw Failure(line: status.line, reason: "STATUS \(status.raw) is not one of an event's")
        }
        if let url = event.first("URL"), url.raw.contains(where: { $0 == " " || $0 == "\"" }) || URL(string: url.raw) == nil {
            throw Failure(line: url.line, reason: "URL is not a URI")
        }
    }

    struct Moment { var value: String; var isDate: Bool }

    /// DTSTART/DTEND: DATE with VALUE=DATE, else a DATE-TIME (here always UTC, as no VTIMEZONE is written).
    static func moment(_ property: Property) throws -> Moment {
        if let type = property.parameters["VALUE"] {
            guard type == "DATE" || type == "DATE-TIME" else { throw Failure(line: property.line, reason: "VALUE=\(type)") }
            if type == "DATE" {
                guard isDate(property.raw) else { throw Failure(line: property.line, reason: "\(property.name) is not a DATE") }
                return Moment(value: property.raw, isDate: true)
            }
        }
        guard isUTCDateTime(property.raw) else { throw Failure(line: property.line, reason: "\(property.name) is not a UTC DATE-TIME") }
        return Moment(value: property.raw, isDate: false)
    }

    /// 8 digits forming a real date.
    static func isDate(_ text: String) -> Bool {
        guard text.count == 8, text.allSatisfy(\.isASCIIDigit) else { return false }
        let year = Int(text.prefix(4))!, month = Int(text.dropFirst(4).prefix(2))!, day = Int(text.suffix(2))!
        var components = DateComponents(year: year, month: month, day: day)
        components.calendar = Calendar(identifier: .gregorian)
        components.timeZone = TimeZone(identifier: "UTC")
        return (1...12).contains(month) && (1...31).contains(day) && components.isValidDate
    }

    static func isUTCDateTime(_ text: String) -> Bool {
        let parts = text.split(separator: "T", omittingEmptySubsequences: false)
        guard parts.count == 2, isDate(String(parts[0])) else { return false }
        let time = parts[1]
        guard time.count == 7, time.hasSuffix("Z"), time.dropLast().allSatisfy(\.isASCIIDigit) else { return false }
        let hour = Int(time.prefix(2))!, minute = Int(time.dropFirst(2).prefix(2))!, second = Int(time.dropFirst(4).prefix(2))!
        return hour <= 23 && minute <= 59 && second <= 60
    }

    static func isFloat(_ text: Substring) -> Bool {
        var body = text
        if body.first == "+" || body.first == "-" { body = body.dropFirst() }
        let pieces = body.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(pieces.count), !pieces[0].isEmpty, pieces.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }) else { return false }
        return pieces.count == 1 || !pieces[1].isEmpty
    }

    /// §3.3.11: the escapes of TEXT undone; an unknown escape, a lone backslash,
    /// or an unescaped ';' or ',' in a single TEXT value is an error.
    static func unescape(_ raw: String, line: Int) throws -> String {
        var result = ""
        var iterator = raw.makeIterator()
        while let character = iterator.next() {
            switch character {
            case "\\":
                switch iterator.next() {
                case "\\": result.append("\\")
                case ";": result.append(";")
                case ",": result.append(",")
                case "n", "N": result.append("\n")
                case let other: throw Failure(line: line, reason: "an unknown escape \\\(other.map(String.init) ?? "(end)")")
                }
            case ";", ",": throw Failure(line: line, reason: "an unescaped '\(character)' in a TEXT value")
            default: result.append(character)
            }
        }
        return result
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
