import Foundation

/// How long before a launch its T-minus reminders come: `--before 1d,1h,10m`.
/// Kept longest first; the last (shortest) one is the urgent reminder.
struct LeadTimes: Sendable, Hashable, ArgumentValue {
    /// Seconds before T-0, longest first, without repeats.
    let seconds: [Int]

    init(seconds: [Int]) {
        self.seconds = Array(Set(seconds)).sorted(by: >)
    }

    static let standard = LeadTimes(seconds: [86_400, 3600, 600])

    /// The shortest lead: its reminder is sent as critical.
    var last: Int? { seconds.last }

    static func parse(argument: String) throws(InvalidArgumentValue) -> LeadTimes {
        var leads: [Int] = []
        for part in argument.split(separator: ",", omittingEmptySubsequences: false) {
            guard let lead = span(part.trimmingCharacters(in: .whitespaces)) else {
                throw InvalidArgumentValue("expected \(expectation), such as 1d,1h,10m (\"\(part)\" is not one)")
            }
            leads.append(lead)
        }
        return LeadTimes(seconds: leads)
    }

    /// "1d", "2h", "10m", "90s", "1h30m": a positive span of at most 30 days.
    private static func span(_ text: String) -> Int? {
        var total = 0, number = 0, digits = 0
        for character in text.lowercased() {
            if let digit = character.wholeNumberValue, character.isASCII {
                guard digits < 7 else { return nil }
                number = number * 10 + digit
                digits += 1
                continue
            }
            let unit: Int
            switch character {
            case "d": unit = 86_400
            case "h": unit = 3600
            case "m": unit = 60
            case "s": unit = 1
            default: return nil
            }
            guard digits > 0 else { return nil }
            total += number * unit
            number = 0
            digits = 0
        }
        guard digits == 0, total > 0, total <= 30 * 86_400 else { return nil }
        return total
    }

    static var expectation: String { "lead times separated by commas (d, h, m or s each, up to 30d)" }

    var argumentDescription: String? { seconds.map(Self.text).joined(separator: ",") }

    /// "1d", "1h", "10m", "1h30m": as `--before` reads it back.
    static func text(_ seconds: Int) -> String {
        let parts = [(seconds / 86_400, "d"), (seconds % 86_400 / 3600, "h"), (seconds % 3600 / 60, "m"), (seconds % 60, "s")]
        return parts.filter { $0.0 > 0 }.map { "\($0.0)\($0.1)" }.joined()
    }
}
