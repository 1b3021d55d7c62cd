import Foundation

/// A type an option or positional argument can hold: it parses one
/// command-line word and describes what it expects, for help and errors.
///
/// Enums get everything for free:
///
///     enum Units: String, CaseIterable, ArgumentValue { case metric, imperial }
///
/// `--units metric|imperial` then shows in help, and `--units metrik` fails
/// with "expected metric or imperial; did you mean 'metric'?".
protocol ArgumentValue: Sendable {
    /// Parses one command-line word, or throws saying what was expected.
    static func parse(argument: String) throws(InvalidArgumentValue) -> Self

    /// Every accepted word when the set is fixed (enums), else nil.
    /// Help, "did you mean" hints and shell completion use it.
    static var fixedValues: [String]? { get }

    /// What a valid word looks like, e.g. "an integer"; used in error messages.
    static var expectation: String { get }

    /// How a default value is shown in help, or nil to show none.
    var argumentDescription: String? { get }

    /// The TOML type its config key holds (`.text` unless a number).
    static var settingKind: SettingKind { get }
}

/// Why a word is not a valid value; the parser adds which option it was for.
struct InvalidArgumentValue: Error, Sendable, Equatable {
    /// What is wrong, e.g. "expected an integer" or "must be between 1 and 7".
    var reason: String
    /// The closest accepted word, when one is close.
    var suggestion: String?

    init(_ reason: String, suggestion: String? = nil) {
        self.reason = reason
        self.suggestion = suggestion
    }
}

extension ArgumentValue {
    static var fixedValues: [String]? { nil }
    static var settingKind: SettingKind { .text }
    var argumentDescription: String? { "\(self)" }
}

extension ArgumentValue where Self: RawRepresentable, Self: CaseIterable, RawValue == String {
    static func parse(argument: String) throws(InvalidArgumentValue) -> Self {
        if let value = Self(rawValue: argument) { return value }
        // Accept any letter case: `--units Metric` means what it says.
        if let value = allCases.first(where: { $0.rawValue.lowercased() == argument.lowercased() }) { return value }
        let names = allCases.map(\.rawValue)
        throw InvalidArgumentValue("expected \(Self.expectation)", suggestion: Suggestion.closest(to: argument, among: names))
    }

    static var fixedValues: [String]? { allCases.map(\.rawValue) }
    static var expectation: String { Suggestion.list(allCases.map(\.rawValue), conjunction: "or") }
    var argumentDescription: String? { rawValue }
}

extension String: ArgumentValue {
    static func parse(argument: String) throws(InvalidArgumentValue) -> String { argument }
    static var expectation: String { "some text" }
    var argumentDescription: String? { isEmpty ? nil : "\"\(self)\"" }
}

extension Int: ArgumentValue {
    static func parse(argument: String) throws(InvalidArgumentValue) -> Int {
        let trimmed = argument.trimmingCharacters(in: .whitespaces)
        if let value = Int(trimmed) { return value }
        if trimmed.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "-" || $0 == "+") }), !trimmed.isEmpty,
           trimmed.contains(where: \.isNumber) {
            throw InvalidArgumentValue("the number is too large")
        }
        throw InvalidArgumentValue("expected \(expectation)")
    }
    static var expectation: String { "a whole number" }
    static var settingKind: SettingKind { .integer }
    // Not the generic "\(self)", whose first use costs half a million instructions of dynamic casts.
    var argumentDescription: String? { String(self) }
}

extension Double: ArgumentValue {
    static func parse(argument: String) throws(InvalidArgumentValue) -> Double {
        let trimmed = argument.trimmingCharacters(in: .whitespaces)
        // Double("nan") and Double("inf") parse, but no option means them.
        guard let value = Double(trimmed), value.isFinite else {
            throw InvalidArgumentValue("expected \(expectation)")
        }
        return value
    }
    static var expectation: String { "a number" }
    static var settingKind: SettingKind { .number }
    var argumentDescription: String? {
        self == rounded() && abs(self) < 1e15 ? String(Int(self)) : "\(self)"
    }
}

/// `Option<Int?>` is an option with no default: absent means nil.
extension Optional: ArgumentValue where Wrapped: ArgumentValue {
    static func parse(argument: String) throws(InvalidArgumentValue) -> Wrapped? {
        try Wrapped.parse(argument: argument)
    }
    static var fixedValues: [String]? { Wrapped.fixedValues }
    static var expectation: String { Wrapped.expectation }
    static var settingKind: SettingKind { Wrapped.settingKind }
    var argumentDescription: String? { self?.argumentDescription }
}

/// Dates on the command line: a year (`1969`, its first instant, UTC), a day
/// (`2026-11-21`, midnight UTC) or an ISO-8601 time (`2026-11-21T14:30:00Z`,
/// `2026-11-21T14:30+01:00`). A year reads naturally as a bound: `--after 1969
/// --before 1970` is 1969.
extension Date: ArgumentValue {
    static func parse(argument: String) throws(InvalidArgumentValue) -> Date {
        let text = argument.trimmingCharacters(in: .whitespaces)
        if let date = DateArgumentParser.parse(text) { return date }
        throw InvalidArgumentValue("expected \(expectation)")
    }
    static var expectation: String { "a year like 1969, a date like 2026-11-21 or a time like 2026-11-21T14:30:00Z" }
    var argumentDescription: String? { DateArgumentParser.format(self) }
}

/// Parses the date forms `Date.parse(argument:)` accepts, strictly: real
/// calendar days only (no 2026-02-30 rolled into March).
enum DateArgumentParser {
    static func parse(_ text: String) -> Date? {
        // A year alone: the day it starts.
        if text.count == 4, text.allSatisfy({ $0.isASCII && $0.isNumber }) { return parse(text + "-01-01") }
        let parts = text.split(separator: "T", maxSplits: 1, omittingEmptySubsequences: false)
        guard let day = parseDay(parts[0]) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var components = DateComponents(year: day.year, month: day.month, day: day.day)
        var offsetSeconds = 0
        if parts.count == 2 {
            guard let time = parseTime(parts[1]) else { return nil }
            components.hour = time.hour
            components.minute = time.minute
            components.second = time.second
            offsetSeconds = time.offsetSeconds
        }
        guard let date = calendar.date(from: components),
              calendar.component(.day, from: date) == day.day,
              calendar.component(.month, from: date) == day.month else { return nil }
        return date.addingTimeInterval(TimeInterval(-offsetSeconds))
    }

    static func format(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }

    private static func parseDay(_ text: Substring) -> (year: Int, month: Int, day: Int)? {
        let fields = text.split(separator: "-", omittingEmptySubsequences: false)
        guard fields.count == 3, fields[0].count == 4, fields[1].count == 2, fields[2].count == 2,
              fields.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let year = Int(fields[0]), let month = Int(fields[1]), let day = Int(fields[2]),
              (1...12).contains(month), (1...31).contains(day) else { return nil }
        return (year, month, day)
    }

    private static func parseTime(_ text: Substring) -> (hour: Int, minute: Int, second: Int, offsetSeconds: Int)? {
        var clock = text
        var offset = 0
        if clock.hasSuffix("Z") || clock.hasSuffix("z") {
            clock = clock.dropLast()
        } else if let signIndex = clock.lastIndex(where: { $0 == "+" || $0 == "-" }) {
            let zone = clock[clock.index(after: signIndex)...].split(separator: ":", omittingEmptySubsequences: false)
            guard zone.count == 2, zone.allSatisfy({ $0.count == 2 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
                  let hours = Int(zone[0]), let minutes = Int(zone[1]), hours < 24, minutes < 60 else { return nil }
            offset = (hours * 3600 + minutes * 60) * (clock[signIndex] == "-" ? -1 : 1)
            clock = clock[..<signIndex]
        }
        let fields = clock.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(fields.count),
              fields.allSatisfy({ $0.count == 2 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let hour = Int(fields[0]), let minute = Int(fields[1]) else { return nil }
        let second = fields.count == 3 ? Int(fields[2]) ?? 99 : 0
        guard hour < 24, minute < 60, second < 60 else { return nil }
        return (hour, minute, second, offset)
    }
}
