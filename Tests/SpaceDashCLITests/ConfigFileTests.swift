import Testing
import TOML
@testable import SpaceDashCLI

/// The config file checked against the real command tree's keys: what a
/// user's mistake reads like, with its line and column, and what is kept.
@Suite struct ConfigFileTests {
    static let keys = ConfigKeys(root: SpaceDash.self)
    static let path = "/home/u/.config/spacedash/config.toml"

    private func load(_ text: String) throws(CommandError) -> ConfigFile {
        try ConfigFile(path: Self.path, bytes: Array(text.utf8), root: SpaceDash.self)
    }

    /// The one line (without `spacedash: `) and the exit code a file gets.
    private func failure(_ text: String) -> CommandError? {
        do {
            _ = try load(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func settingsBecomeTheWordsTheirFlagsWouldHaveBeenGiven() throws {
        let file = try load("""
            # mine
            units = "imperial"
            utc = true
            timeout = 30
            color = "never"
            station = "insight"

            [launches]
            limit = 20
            agency = ["SpaceX", "Rocket Lab"]
            after = "2026-12-01"
            [mars-weather]
            sols = 3
            """)
        #expect(file.settings["units"] == .init(words: ["imperial"], line: 2))
        #expect(file.settings["utc"] == .init(words: ["true"], line: 3))
        #expect(file.settings["timeout"] == .init(words: ["30"], line: 4))
        #expect(file.settings["color"]?.words == ["never"])
        #expect(file.settings["station"]?.words == ["insight"])
        #expect(file.settings["launches.limit"] == .init(words: ["20"], line: 9))
        #expect(file.settings["launches.agency"]?.words == ["SpaceX", "Rocket Lab"])
        #expect(file.settings["launches.after"]?.words == ["2026-12-01"])
        #expect(file.settings["mars-weather.sols"] == .init(words: ["3"], line: 13))
        #expect(try load("timeout = 2.5").settings["timeout"]?.words == ["2.5"])
    }

    @Test func anUnknownKeyGetsTheClosestOne() {
        let error = failure("utc = true\nunit = \"imperial\"\n")
        #expect(error?.message == "\(Self.path):2:1: unknown key 'unit'; did you mean 'units'?")
        #expect(error?.exitCode == .configuration)
        #expect(failure("[launches]\n  limt = 3")?.message == "\(Self.path):2:3: unknown key 'limt' in [launches]; did you mean 'limit'?")
    }

    @Test func aKeyInTheWrongSectionSaysWhereItGoes() {
        #expect(failure("sols = 3")?.message == "\(Self.path):1:1: unknown key 'sols'; 'sols' goes under [mars-weather]")
        #expect(failure("[launches]\nagency = []\n[mars-weather]\nagency = []")?.message
                == "\(Self.path):4:1: unknown key 'agency' in [mars-weather]; 'agency' goes under [launches]")
    }

    @Test func anUnknownSectionGetsTheClosestOne() {
        #expect(failure("[lanches]\nlimit = 3")?.message == "\(Self.path):1:1: unknown section [lanches]; did you mean [launches]?")
        #expect(failure("\n[nothing-like-it]\n")?.message.hasPrefix("\(Self.path):2:1: unknown section [nothing-like-it]; the sections are [mars-weather], [launches], ") == true)
    }

    @Test func optionsForOneRunAndSecretsAreNoKeys() {
        #expect(failure("json = true")?.message == "\(Self.path):1:1: unknown key 'json'; --json is for the command line only")
        #expect(failure("offline = true")?.message == "\(Self.path):1:1: unknown key 'offline'; --offline is for the command line only")
        #expect(failure("[launches]\ninteractive = true")?.message.hasSuffix("--interactive is for the command line only") == true)
        #expect(failure("nasa_api_key = \"abc\"")?.message
                == "\(Self.path):1:1: unknown key 'nasa_api_key'; secrets are not settings: set NASA_API_KEY or SPACEDASH_LL2_TOKEN in the environment")
        #expect(failure("[launches]\ntoken = \"abc\"")?.message.contains("secrets are not settings") == true)
    }

    @Test func aWrongTypeSaysWhatToWrite() {
        #expect(failure("timeout = \"ten\"")?.message == "\(Self.path):1:11: 'timeout' must be a number, not a string; write timeout = 15")
        #expect(failure("[launches]\nlimit = 2.5")?.message == "\(Self.path):2:9: [launches] limit must be an integer, not a float; write limit = 10")
        #expect(failure("utc = \"yes\"")?.message == "\(Self.path):1:7: 'utc' must be true or false, not a string; write utc = true")
        #expect(failure("units = 1")?.message == "\(Self.path):1:9: 'units' must be a string, not an integer; write units = \"metric\"")
        #expect(failure("[launches]\nagency = \"SpaceX\"")?.message
                == "\(Self.path):2:10: [launches] agency must be a list of strings, not a string; write agency = [\"SpaceX\"]")
        #expect(failure("[launches]\nagency = [\"SpaceX\", 3]")?.message
                == "\(Self.path):2:10: [launches] agency must be a string in its list, not an integer; write agency = [\"SpaceX\"]")
    }

    @Test func aValueOutOfRangeIsCheckedAsItsFlagIs() {
        #expect(failure("timeout = 9999")?.message == "\(Self.path):1:11: invalid value \"9999\" for 'timeout': must be between 0.1 and 600.0")
        #expect(failure("[launches]\nlimit = 0")?.message == "\(Self.path):2:9: invalid value \"0\" for [launches] limit: must be between 1 and 100000")
        #expect(failure("units = \"imperal\"")?.message
                == "\(Self.path):1:9: invalid value \"imperal\" for 'units': expected metric or imperial; did you mean 'imperial'?")
        #expect(failure("timeout = inf")?.message == "\(Self.path):1:11: invalid value \"inf\" for 'timeout': expected a number")
        #expect(failure("[launches]\nafter = \"2026-02-30\"")?.message.hasPrefix("\(Self.path):2:9: invalid value \"2026-02-30\" for [launches] after: expected a year") == true)
    }

    @Test func theParsersErrorsCarryThePath() {
        #expect(failure("units = imperial")?.message == "\(Self.path):1:9: a string needs quotes; write units = \"imperial\"")
        #expect(failure("units = \"a\"\nunits = \"b\"")?.message == "\(Self.path):2:1: 'units' is set twice (first on line 1); keep one of the two lines")
        #expect(failure("[launches]\nlimit = 1\n[launches]")?.message == "\(Self.path):3:1: table [launches] appears twice (first on line 1); put its keys under the first [launches]")
        do {
            _ = try ConfigFile(path: Self.path, bytes: Array("units = \"".utf8) + [0xC3, 0x28, 0x22], root: SpaceDash.self)
            Issue.record("invalid UTF-8 was read")
        } catch {
            #expect(error.message == "\(Self.path):1:10: invalid UTF-8 (byte 0xC3); save the file as UTF-8")
            #expect(error.exitCode == .configuration)
        }
    }

    @Test func placeIsReservedAndKeptAsWrittenForThePlacesCode() throws {
        let file = try load("[place]\nname = \"Houston\"\nlatitude = 29.76\naltitude = 12\n")
        #expect(file.settings.isEmpty)
        let entries = file.reservedEntries("place")
        #expect(entries.map(\.key) == ["name", "latitude", "altitude"])
        #expect(entries.map(\.value) == [.string("Houston"), .float(29.76), .integer(12)])
        #expect(entries[1].valuePosition == .init(line: 3, column: 12))
        let settings = Settings(path: Self.path, file: file, environment: [:])
        #expect(settings.placeEntries.count == 3)
    }

    @Test func aMissingFileIsNoError() throws {
        #expect(try ConfigFile.load(path: "/nonexistent/spacedash/config.toml", root: SpaceDash.self) == nil)
    }

    @Test func aFileThatCannotBeReadIsAConfigurationError() {
        do {
            _ = try ConfigFile.load(path: "/", root: SpaceDash.self)
            Issue.record("a folder was read as the config file")
        } catch {
            #expect(error.message == "cannot read the config file /: Is a directory")
            #expect(error.exitCode == .configuration)
        }
    }

    @Test func theLookupFamilyByFamilyFindsWhatTheWholeTreeHas() {
        var lookup = ConfigKeyLookup(root: SpaceDash.self)
        for key in Self.keys.keys {
            let found = lookup.key(section: key.section, name: key.name)
            #expect(found?.info.help == key.info.help, "\(key.path)")
        }
        for section in Self.keys.sections {
            let has = lookup.hasSection(section)
            #expect(has, "\(section)")
        }
        let sols = lookup.key(section: nil, name: "sols")
        let units = lookup.key(section: "launches", name: "units")
        let place = lookup.hasSection("place")
        let nothing = lookup.hasSection("nothing")
        #expect(sols == nil && units == nil && !place && !nothing)
    }
}
