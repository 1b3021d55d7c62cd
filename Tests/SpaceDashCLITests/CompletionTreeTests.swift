import Testing
@testable import SpaceDashCLI

@Suite struct CompletionTreeTests {
    private let tree = CompletionTree(root: TestRoot.self)

    private func node(_ key: String) throws -> CompletionTree.Node {
        try #require(tree.nodes.first { $0.key == key })
    }

    @Test func everyCommandPathIsANode() {
        let keys = Set(tree.nodes.map(\.key))
        #expect(keys.isSuperset(of: ["", "mars-weather", "launches", "launches search", "launches next"]))
    }

    @Test func optionsKeepTheirFixedValuesAndShortNames() throws {
        let weather = try node("mars-weather")
        let units = try #require(weather.options.first { $0.name == "units" })
        #expect(units.takesValue)
        #expect(units.values == ["metric", "imperial"])
        let json = try #require(weather.options.first { $0.name == "json" })
        #expect(!json.takesValue)
        #expect(json.spellings == ["--json", "-j"])
    }

    @Test func everyCommandGetsTheGlobalOptionsAndOnlyTheRootGetsVersion() throws {
        #expect(try node("").options.contains { $0.name == "version" })
        let search = try node("launches search")
        #expect(!search.options.contains { $0.name == "version" })
        let color = try #require(search.options.first { $0.name == "color" })
        #expect(color.values == ["auto", "always", "never"])
    }

    /// Review P3 #19: `spacedash help <TAB>` offered only --color --help -h.
    @Test func helpCompletesTheCommandsNames() throws {
        let help = try #require(CompletionTree(root: SpaceDash.self).nodes.first { $0.key == "help" })
        #expect(help.positionalValues == ["mars-weather", "launches", "events", "space-weather", "notify", "demo", "completion", "config"])
    }

    @Test func edgesLeadFromEachPathToItsSubcommands() {
        #expect(tree.edges.contains { $0.parent == "launches" && $0.name == "search" && $0.child == "launches search" })
        #expect(tree.edges.contains { $0.parent == "" && $0.name == "launches" && $0.child == "launches" })
    }
}
