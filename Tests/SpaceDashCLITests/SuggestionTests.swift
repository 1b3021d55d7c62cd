import Testing
@testable import SpaceDashCLI

@Suite struct SuggestionTests {
    @Test(arguments: [
        ("", "", 0), ("abc", "", 3), ("kitten", "sitting", 3), ("sols", "sosl", 1), ("color", "colour", 1),
        ("launches", "lanches", 1), ("ab", "ba", 1), ("abc", "abc", 0),
    ])
    func editDistance(a: String, b: String, distance: Int) {
        #expect(Suggestion.editDistance(Array(a), Array(b)) == distance)
        #expect(Suggestion.editDistance(Array(b), Array(a)) == distance)
    }

    @Test func closeTyposAreSuggested() {
        let commands = ["help", "mars-weather", "launches", "demo", "completion"]
        #expect(Suggestion.closest(to: "hlep", among: commands) == "help")
        #expect(Suggestion.closest(to: "Launches", among: commands) == "launches")
        #expect(Suggestion.closest(to: "mars-wheather", among: commands) == "mars-weather")
        #expect(Suggestion.closest(to: "complet", among: commands) == "completion")
    }

    @Test func farWordsAreNot() {
        let commands = ["help", "mars-weather", "launches", "demo"]
        #expect(Suggestion.closest(to: "dashboard", among: commands) == nil)
        #expect(Suggestion.closest(to: "mars-weather", among: commands) == nil, "never the word itself")
        #expect(Suggestion.closest(to: "x", among: commands) == nil)
        #expect(Suggestion.closest(to: "", among: commands) == nil)
        #expect(Suggestion.closest(to: String(repeating: "help", count: 100), among: commands) == nil)
    }

    @Test func anAmbiguousPrefixSuggestsNothing() {
        #expect(Suggestion.closest(to: "--stat", among: ["--statistics", "--station"]) == nil)
        #expect(Suggestion.closest(to: "--sta", among: ["--status", "--strict"]) == "--status")
    }

    @Test func lists() {
        #expect(Suggestion.list([], conjunction: "or") == "")
        #expect(Suggestion.list(["a"], conjunction: "or") == "a")
        #expect(Suggestion.list(["a", "b"], conjunction: "or") == "a or b")
        #expect(Suggestion.list(["a", "b", "c"], conjunction: "and") == "a, b and c")
    }
}
