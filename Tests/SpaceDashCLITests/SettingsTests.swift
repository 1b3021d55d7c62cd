import Testing
@testable import SpaceDashCLI

/// Precedence, layer by layer: a flag beats the key's variable, which beats
/// the config file, which beats the built-in default.
@Suite struct SettingsTests {
    static let keys = ConfigKeys(root: SpaceDash.self)

    private func settings(file text: String? = nil, environment: [String: String] = [:]) throws -> Settings {
        let file = try text.map { try ConfigFile(path: "/c/config.toml", bytes: Array($0.utf8), root: SpaceDash.self) }
        return Settings(path: "/c/config.toml", file: file, environment: environment)
    }

    /// The command line parsed, with the settings applied as `SpaceDash.execute` applies them.
    private func arguments(_ words: [String], _ settings: Settings) throws -> ParsedArguments {
        let invocation = try CommandLineParser.parse(words, root: SpaceDash.self)
        var arguments = invocation.arguments
        arguments.applySettings(try settings.values(for: invocation.commands))
        return arguments
    }

    @Test func anOptionTakesTheDefaultThenTheFileThenTheVariableThenTheFlag() throws {
        let file = "[mars-weather]\nsols = 5"
        let variable = ["SPACEDASH_MARS_WEATHER_SOLS": "4"]
        #expect(try arguments(["mars-weather"], settings())[MarsWeatherCommand.sols] == 7)
        #expect(try arguments(["mars-weather"], settings(file: file))[MarsWeatherCommand.sols] == 5)
        #expect(try arguments(["mars-weather"], settings(file: file, environment: variable))[MarsWeatherCommand.sols] == 4)
        #expect(try arguments(["mars-weather", "--sols", "3"], settings(file: file, environment: variable))[MarsWeatherCommand.sols] == 3)
    }

    @Test func aTopLevelKeyIsEveryCommandsDefault() throws {
        let settings = try settings(file: "units = \"imperial\"\ntimeout = 30")
        #expect(try arguments([], settings)[OutputOptions.units] == .imperial)
        #expect(try arguments(["mars-weather"], settings)[OutputOptions.units] == .imperial)
        #expect(try arguments(["launches", "next"], settings)[FetchOptions.timeout] == 30)
        #expect(try FetchOptions(arguments(["launches", "--timeout", "2"], settings)).timeout == 2)
    }

    @Test func aFlagsSettingIsTrueOrFalseAndTheVariableCanTurnTheFilesOff() throws {
        let on = try settings(file: "utc = true")
        #expect(try OutputOptions(arguments(["launches"], on)).utc)
        let offByVariable = try settings(file: "utc = true", environment: ["SPACEDASH_UTC": "false"])
        #expect(try !OutputOptions(arguments(["launches"], offByVariable)).utc)
        let onByFlag = try settings(environment: ["SPACEDASH_UTC": "0"])
        #expect(try OutputOptions(arguments(["launches", "--utc"], onByFlag)).utc)
        #expect(try OutputOptions(arguments(["launches"], settings(environment: ["SPACEDASH_UTC": "yes"]))).utc)
    }

    @Test func aListFromTheFileOrTheVariableIsReplacedByTheFlags() throws {
        let file = "[launches]\nagency = [\"SpaceX\", \"ESA\"]"
        #expect(try arguments(["launches"], settings(file: file))[LaunchFilterOptions.agency] == ["SpaceX", "ESA"])
        #expect(try arguments(["launches"], settings(file: file, environment: ["SPACEDASH_LAUNCHES_AGENCY": "Rocket Lab, JAXA"]))[LaunchFilterOptions.agency]
                == ["Rocket Lab", "JAXA"])
        #expect(try arguments(["launches", "--agency", "ISRO"], settings(file: file))[LaunchFilterOptions.agency] == ["ISRO"])
    }

    @Test func aSettingIsNotAFlagGiven() throws {
        // --interval alone is a usage error; its setting is a default for --watch.
        let settings = try settings(file: "interval = 30\n[launches]\ndebounce = 50")
        let parsed = try arguments(["launches"], settings)
        #expect(try WatchOptions(parsed, command: "spacedash launches").interval == 30)
        #expect(!parsed.contains(WatchOptions.interval))
        #expect(throws: Never.self) { try LaunchesSearchCommand(parsed) }
    }

    @Test func aVariableWithAValueItsOptionRefusesIsAConfigurationError() throws {
        for (command, name, value, message) in [
            ("mars-weather", "SPACEDASH_UNITS", "metrik", "SPACEDASH_UNITS holds \"metrik\", which units cannot take: expected metric or imperial; did you mean 'metric'? (set it right, or unset it)"),
            ("launches", "SPACEDASH_LAUNCHES_LIMIT", "0", "SPACEDASH_LAUNCHES_LIMIT holds \"0\", which launches.limit cannot take: must be between 1 and 100000 (set it right, or unset it)"),
            ("launches", "SPACEDASH_UTC", "maybe", "SPACEDASH_UTC holds \"maybe\", which utc cannot take: expected true or false (set it right, or unset it)"),
        ] {
            let invocation = try CommandLineParser.parse([command], root: SpaceDash.self)
            let settings = try settings(environment: [name: value])
            do {
                _ = try settings.values(for: invocation.commands)
                Issue.record("\(name)=\(value) was taken")
            } catch {
                #expect(error.message == message)
                #expect(error.exitCode == .configuration)
            }
        }
    }

    @Test func aVariableOfAnotherCommandsKeyIsNotReadByThisOne() throws {
        let invocation = try CommandLineParser.parse(["mars-weather"], root: SpaceDash.self)
        #expect(try settings(environment: ["SPACEDASH_LAUNCHES_LIMIT": "0"]).values(for: invocation.commands)["limit"] == nil)
    }

    @Test func theFileIsFoundByTheVariableThenXDGThenHome() {
        #expect(Settings.path(environment: ["SPACEDASH_CONFIG": "/etc/sd.toml", "XDG_CONFIG_HOME": "/x", "HOME": "/home/u"]) == "/etc/sd.toml")
        #expect(Settings.path(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/home/u"]) == "/x/spacedash/config.toml")
        #expect(Settings.path(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/home/u/"]) == "/home/u/.config/spacedash/config.toml")
        #expect(Settings.path(environment: ["SPACEDASH_CONFIG": "", "HOME": "/home/u"]) == "/home/u/.config/spacedash/config.toml")
        #expect(Settings.path(environment: [:]) == nil)
    }

    @Test func configShowSaysWhereEachValueCameFrom() throws {
        let settings = try settings(file: "units = \"imperial\"\n\n[launches]\nlimit = 20", environment: ["SPACEDASH_TIMEOUT": "9"])
        #expect(try settings.value(of: #require(Self.keys.key(path: "units")))?.origin.description == "/c/config.toml:1")
        #expect(try settings.value(of: #require(Self.keys.key(path: "launches.limit"))) == SettingValue(words: ["20"], origin: .file(path: "/c/config.toml", line: 4)))
        #expect(try settings.value(of: #require(Self.keys.key(path: "timeout")))?.origin.description == "env SPACEDASH_TIMEOUT")
        #expect(try settings.value(of: #require(Self.keys.key(path: "utc"))) == nil)
    }
}
