import Foundation
import SpaceData
import Streams
import Terminal

/// One station's part of `mars-weather`: where its weather comes from, which
/// sols each view shows, and how they are drawn. Everything else (the
/// spinner, the notices, `--json`, a terminal or a pipe) is the command's one
/// run, the same for every station.
protocol MarsWeatherStation {
    associatedtype Feed: Sendable
    associatedtype Sol

    /// The spinner's words while the weather is fetched.
    var fetchingMessage: String { get }

    /// The weather through the service's fallback chain.
    func weather(_ services: Services, fetch: FetchOptions) throws(CommandError) -> AnyPublisher<Sourced<Feed>, ServiceFailure>

    /// What to say on stderr besides the fallback chain's notices.
    func notices(_ report: Sourced<Feed>, now: Date) -> [String]

    /// `--verbose`: where the weather came from.
    func originLine(_ report: Sourced<Feed>) -> String

    /// Sol `number`, or the one-line error naming the sols there are.
    func sol(_ number: Int, in report: Sourced<Feed>) throws(CommandError) -> Sol

    /// The newest `count` sols, oldest first.
    func recent(_ count: Int, in feed: Feed) -> [Sol]

    /// The sols of the last Mars year (`--year`), oldest first.
    func lastMarsYear(_ feed: Feed) -> [Sol]

    /// Why there is nothing to show when a view holds no sol.
    var nothingToShow: String { get }

    /// `--json`: the sols with where they came from.
    func json(_ report: Sourced<Feed>, sols: [Sol], units: MarsWeatherUnits, now: Date) throws -> String

    /// A sol as one tab-separated row (`MarsWeatherTabSeparatedRenderer`).
    func row(_ sol: Sol, units: MarsWeatherUnits) -> String

    /// What a sol gives `--format`'s line (`MarsWeatherLine`).
    func lineSol(_ sol: Sol) -> MarsWeatherLine.Sol

    /// The prose above the data, below it, and the data drawn for a person:
    /// tables, charts or one sol's lines, each section a blank line apart.
    func page(_ view: MarsWeatherView, sols: [Sol], report: Sourced<Feed>, presentation: MarsWeatherPresentation) -> MarsWeatherPage
}

extension MarsWeatherStation {
    /// `--verbose`: "7 sols of Mars weather from NASA's InSight feed", or cached how long
    /// ago and for how long it stays fresh, or from the bundled sample.
    static func originLine(solCount: Int, origin: DataOrigin, feed: String, cached: String,
                           freshness: TimeInterval, sample: String) -> String {
        let count = solCount == 1 ? "1 sol" : "\(solCount) sols"
        switch origin {
        case .live:
            return "\(count) of Mars weather from \(feed)"
        case .cache(_, let age):
            let ago = age < 60 ? "less than a minute" : AgeText.describe(age)
            let fresh = age < freshness
                ? "; fresh for \(AgeText.describe(freshness - age)) more, no request made (--refresh to ask now)"
                : ""
            return "\(count) of \(cached) cached \(ago) ago\(fresh)"
        case .sample:
            return "\(count) of Mars weather from the bundled sample: \(sample)"
        }
    }
}

/// What `mars-weather` was asked to show.
enum MarsWeatherView: Equatable {
    /// The newest N sols (`--sols N`, 7 by default).
    case recent(Int)
    /// One sol in detail (`--sol SOL`).
    case sol(Int)
    /// The last Mars year (`--year`).
    case year
}

/// The choices `CommandContext` made for this run that drawing needs.
struct MarsWeatherPresentation {
    var units: MarsWeatherUnits
    var glyphs: Glyphs
    var style: StyleMode
    /// The width to fit, nil for no limit.
    var width: Int?
    var now: Date
}

/// What `mars-weather` shows around its data. On a terminal: the header, the
/// sections and each footer paragraph, a blank line apart, prose wrapped to
/// the width. Into a pipe the sections give way to tab-separated rows on
/// stdout, and the header and footer go to stderr, a line each.
struct MarsWeatherPage {
    /// A sentence of ours, wrapped on a terminal, a line of stderr in a pipe.
    struct Prose {
        var text: String
        var bold = false
        /// Where wrapped lines start (8: under the text after "Source: ").
        var indent = 0
    }

    /// Lines above the data, with no blank line between them.
    var header: [Prose]
    /// The data as drawn for a person, drawn when first asked: a pipe shows
    /// rows instead, and drawing a table it never shows cost more than the rows.
    var sections: [[String]] { drawSections() }
    private let drawSections: () -> [[String]]
    /// Paragraphs below the data: notes, then where the data came from.
    var footer: [Prose]

    init(header: [Prose] = [], sections: @autoclosure @escaping () -> [[String]], footer: [Prose] = []) {
        self.header = header
        drawSections = sections
        self.footer = footer
    }

    /// "Source: …", its wrapped lines under the text.
    static func source(_ text: String) -> Prose {
        Prose(text: "Source: " + text, indent: 8)
    }

    /// The page for a terminal.
    func lines(_ presentation: MarsWeatherPresentation) -> [String] {
        let glyphs = presentation.glyphs
        func wrapped(_ prose: Prose) -> [String] {
            let text = glyphs.fit(prose.text)
            let lines = presentation.width.map { DisplayWidth.wrap(text, toWidth: $0, hangingIndent: prose.indent) } ?? [text]
            return prose.bold ? lines.map { StyledText($0, style: .bold).rendered(presentation.style) } : lines
        }
        let blocks = [header.flatMap(wrapped)] + sections + footer.map(wrapped)
        return blocks.filter { !$0.isEmpty }.enumerated().flatMap { $0.offset == 0 ? $0.element : [""] + $0.element }
    }
}
