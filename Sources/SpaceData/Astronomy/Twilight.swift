import Foundation

/// Darkness for seeing aurora: the Sun 12° or more below the horizon (the end
/// of nautical twilight), when the sky is dark enough for a faint aurora.
public struct Darkness: Sendable, Equatable {
    /// The Sun's altitude, in degrees, below which it counts as dark.
    public static let sunAltitude = -12.0

    /// Whether it is dark at the place at the moment asked about.
    public var isDarkNow: Bool
    /// When the darkness in progress began, or when the next one begins; nil
    /// when there is none within a day (midsummer near the poles), or when
    /// dark now, when it has lasted over a day (polar night).
    public var start: Date?
    /// When the darkness in progress, or the next one, ends; nil when it lasts
    /// beyond a day from its start (polar night) or there is none.
    public var end: Date?

    public init(isDarkNow: Bool, start: Date?, end: Date?) {
        self.isDarkNow = isDarkNow
        self.start = start
        self.end = end
    }

    /// The darkness at `place` around `now`: the one in progress, else the next within a day.
    public init(at place: GeographicCoordinate, around now: Date) {
        func dark(_ date: Date) -> Bool {
            HorizontalDirection.sun(seenFrom: place, at: date).altitude < Self.sunAltitude
        }
        let day: TimeInterval = 86_400
        isDarkNow = dark(now)
        if isDarkNow {
            start = Self.crossing(from: now, towards: -day, dark)
            end = Self.crossing(from: now, towards: day, dark)
        } else {
            start = Self.crossing(from: now, towards: day, dark)
            end = start.flatMap { Self.crossing(from: $0.addingTimeInterval(1), towards: day, dark) }
        }
    }

    /// A step short enough that no darkness of interest falls between two
    /// looks (only the few minutes' dip of a place at the very edge of it).
    static let step: TimeInterval = 5 * 60

    /// The first moment, going from `date` by up to `span` seconds (negative:
    /// back in time), where `isDark` stops being what it is at `date`, to the
    /// second; nil when it never does within the span.
    static func crossing(from date: Date, towards span: TimeInterval, _ isDark: (Date) -> Bool) -> Date? {
        let initial = isDark(date)
        let direction: TimeInterval = span < 0 ? -1 : 1
        var previous = date
        var offset: TimeInterval = 0
        while offset < abs(span) {
            offset = min(abs(span), offset + step)
            let next = date.addingTimeInterval(direction * offset)
            if isDark(next) != initial {
                // Halve the step until the change is pinned to a second.
                var (same, changed) = (previous, next)
                while abs(changed.timeIntervalSince(same)) > 1 {
                    let middle = Date(timeIntervalSince1970: (same.timeIntervalSince1970 + changed.timeIntervalSince1970) / 2)
                    if isDark(middle) == initial { same = middle } else { changed = middle }
                }
                // Forward, the first dark (or light) second; backward, the first second of what is in
                // progress; to the whole second, as it is shown.
                let moment = direction > 0 ? changed : same
                return Date(timeIntervalSince1970: moment.timeIntervalSince1970.rounded())
            }
            previous = next
        }
        return nil
    }
}
