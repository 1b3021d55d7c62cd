import Foundation
import Testing
import TestSupport
@testable import SpaceDashCLI

/// `spacedash config path|show|get|set`, run in process against a config
/// file in a scratch folder (`SPACEDASH_CONFIG`), and the settings reaching a command.
@Suite struct ConfigCommandTests {
    let sandbox = Sandbox()
    var path: String { sandbox.directory.appendingPathComponent("settings/config.toml").path }

    private func run(_ words: [String], environment: [String: String] = [:]) async -> (code: Int32, stdout: String, stderr: String) {
        let streams = OutputStreams.memory()
        let code = await SpaceDash.run(arguments: words, environment: ["SPACEDASH_CONFIG": path, "SPACEDASH_NOW": "2026-07-20T12:00:00Z",
                                                                       "TZ": "UTC"].merging(environment) { $1 },
                                       streams: streams)
        return (code, streams.stdout.text, streams.stderr.text)
    }

    private func write(_ text: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: false, encoding: .utf8)
    }

    private var contents: String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

    @Test func pathPrintsWhereTheFileIsWhetherOrNotItExists() async throws {
        #expect(await run(["config", "path"]).stdout == path + "\n")
        let fromHome = await run(["config", "path"], environment: ["SPACEDASH_CONFIG": "", "HOME": "/home/u"])
        #expect(fromHome.stdout == "/home/u/.config/spacedash/config.toml\n")
        let nowhere = await run(["config", "path"], environment: ["SPACEDASH_CONFIG": ""])
        #expect(nowhere.code == 78)
        #expect(nowhere.stderr == "spacedash: the config file has no place: set HOME, XDG_CONFIG_HOME or SPACEDASH_CONFIG\n")
        // A broken file is no reason not to say where it is.
        try write("units = \n")
        #expect(await run(["config", "path"]).code == 0)
    }

    @Test func setKeepsCommentsOrderAndOtherLines() async throws {
        let original = """
            # My spacedash settings
            units = "metric"   # Celsius, please

            # launches
            [launches]
            limit = 3
            pages = 2 # two pages

            [mars-weather]
            sols = 5

            """
        try write(original)
        #expect(await run(["config", "set", "units", "imperial"]).code == 0)
        #expect(await run(["config", "set", "launches.limit", "20"]).code == 0)
        #expect(await run(["config", "set", "launches.agency", "SpaceX, Rocket Lab"]).code == 0)
        #expect(await run(["config", "set", "utc", "true"]).code == 0)
        #expect(await run(["config", "set", "demo.speed", "2"]).code == 0)
        #expect(contents == """
            # My spacedash settings
            units = "imperial"   # Celsius, please
            utc = true

            # launches
            [launches]
            limit = 20
            pages = 2 # two pages
            agency = ["SpaceX", "Rocket Lab"]

            [mars-weather]
            sols = 5

            [demo]
            speed = 2

            """)
        // Setting a value back restores the bytes of its line.
        #expect(await run(["config", "set", "units", "metric"]).code == 0)
        #expect(contents.contains("units = \"metric\"   # Celsius, please\n"))
    }

    @Test func setMakesTheFileAndItsFolder() async throws {
        #expect(await run(["config", "set", "timeout", "30"]).code == 0)
        #expect(contents == "timeout = 30\n")
        #expect(await run(["config", "set", "timeout", "2.5"]).code == 0)
        #expect(contents == "timeout = 2.5\n")
    }

    @Test func setChecksTheValueAsItsFlagDoesAndChangesNothingOtherwise() async throws {
        try write("units = \"metric\"\n")
        let range = await run(["config", "set", "launches.limit", "0"])
        #expect(range.code == 64)
        #expect(range.stderr.hasPrefix("spacedash: invalid value \"0\" for [launches] limit: must be between 1 and 100000\n"))
        let word = await run(["config", "set", "units", "imperal"])
        #expect(word.stderr.hasPrefix("spacedash: invalid value \"imperal\" for 'units': expected metric or imperial; did you mean 'imperial'?\n"))
        let key = await run(["config", "set", "unit", "imperial"])
        #expect(key.code == 64)
        #expect(key.stderr.hasPrefix("spacedash: unknown key 'unit'; did you mean 'units'?"))
        let section = await run(["config", "set", "sols", "3"])
        #expect(section.stderr.hasPrefix("spacedash: unknown key 'sols'; did you mean 'mars-weather.sols'?"))
        let oneRun = await run(["config", "set", "json", "true"])
        #expect(oneRun.code == 64)
        #expect(contents == "units = \"metric\"\n")
    }

    @Test func setLeavesAFileWithAMistakeAlone() async throws {
        try write("units = \"metric\"\nlimit = \"many\"\n")
        let result = await run(["config", "set", "utc", "true"])
        #expect(result.code == 78)
        #expect(result.stderr == "spacedash: \(path):2:9: 'limit' must be an integer, not a string; write limit = 10 (config set changes nothing in a file with a mistake: fix it with spacedash config edit)\n")
        #expect(contents == "units = \"metric\"\nlimit = \"many\"\n")
    }

    @Test func setWritesThroughASymbolicLink() async throws {
        let real = sandbox.directory.appendingPathComponent("dotfiles/spacedash.toml").path
        try FileManager.default.createDirectory(atPath: (real as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try "utc = true\n".write(toFile: real, atomically: false, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: real)
        #expect(await run(["config", "set", "units", "imperial"]).code == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path) == real)
        #expect(try String(contentsOfFile: real, encoding: .utf8) == "utc = true\nunits = \"imperial\"\n")
    }

    @Test func showAndGetSayEachValueAndWhereItCameFrom() async throws {
        try write("units = \"imperial\"\n[launches]\nagency = [\"SpaceX\", \"ESA\"]\n")
        let show = await run(["config", "show"], environment: ["SPACEDASH_TIMEOUT": "9"])
        #expect(show.code == 0)
        let lines = show.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
        #expect(lines.contains("units imperial \(path):1"))
        #expect(lines.contains("timeout 9 env SPACEDASH_TIMEOUT"))
        #expect(lines.contains("utc false default"))
        #expect(lines.contains("launches.agency SpaceX,ESA \(path):3"))
        #expect(lines.contains("mars-weather.sols 7 default"))
        #expect(lines.contains("launches.limit default"))
        #expect(!show.stdout.contains("json") && !show.stdout.contains("offline"))

        let json = await run(["config", "show", "--json"])
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let units = try #require(objects.first { $0["key"] as? String == "units" })
        #expect(units["value"] as? String == "imperial")
        #expect(units["origin"] as? String == "\(path):1")
        #expect(objects.first { $0["key"] as? String == "timeout" }?["value"] as? Int == 15)
        #expect(objects.first { $0["key"] as? String == "launches.agency" }?["value"] as? [String] == ["SpaceX", "ESA"])
        #expect(objects.first { $0["key"] as? String == "launches.limit" }?["value"] is NSNull)

        #expect(await run(["config", "get", "units"]).stdout == "imperial\n")
        #expect(await run(["config", "get", "units"], environment: ["SPACEDASH_UNITS": "metric"]).stdout == "metric\n")
        #expect(await run(["config", "get", "launches.agency"]).stdout == "SpaceX,ESA\n")
        #expect(await run(["config", "get", "mars-weather.sols"]).stdout == "7\n")
        let unset = await run(["config", "get", "launches.limit"])
        #expect(unset.code == 1 && unset.stdout.isEmpty && unset.stderr.isEmpty)
    }

    @Test func secretsAreNeverShown() async throws {
        let show = await run(["config", "show"], environment: ["NASA_API_KEY": "s3cr3t-nasa-key", "SPACEDASH_LL2_TOKEN": "s3cr3t-ll2-token"])
        #expect(!show.stdout.contains("s3cr3t") && !show.stderr.contains("s3cr3t"))
        #expect(!show.stdout.lowercased().contains("token") && !show.stdout.lowercased().contains("api"))
    }

    @Test func aMistakeStopsEveryCommandButHelpAndTheEditorsOnes() async throws {
        try write("[launches]\nlimit = 0\n")
        let line = "spacedash: \(path):2:9: invalid value \"0\" for [launches] limit: must be between 1 and 100000\n"
        for words in [["launches", "next", "--offline"], ["mars-weather", "--offline"], ["--offline"], ["config", "show"], ["completion", "bash"]] {
            let result = await run(words)
            #expect(result.code == 78, "\(words)")
            #expect(result.stderr == line, "\(words)")
            #expect(result.stdout.isEmpty)
        }
        for words in [["--help"], ["help", "launches"], ["--version"], ["config", "path"], ["launches", "--no-config", "next", "--offline"]] {
            #expect(await run(words).code == 0, "\(words)")
        }
    }

    @Test func settingsReachTheCommand() async throws {
        try write("units = \"imperial\"\n[mars-weather]\nsols = 2\n")
        let weather = await run(["mars-weather", "--offline", "--json"])
        #expect(weather.code == 0)
        #expect(weather.stdout.contains("\"units\":\"imperial\""))
        let metric = await run(["mars-weather", "--offline", "--json", "--units", "metric"])
        #expect(metric.stdout.contains("\"units\":\"metric\""))
        let ignored = await run(["mars-weather", "--offline", "--json", "--no-config"])
        #expect(ignored.stdout.contains("\"units\":\"metric\""))
        let byVariable = await run(["mars-weather", "--offline", "--json", "--no-config"], environment: ["SPACEDASH_UNITS": "imperial"])
        #expect(byVariable.stdout.contains("\"units\":\"imperial\""))
    }

    @Test func colourFromTheFile() async throws {
        try write("color = \"always\"\n")
        let streams = OutputStreams.memory()
        _ = await SpaceDash.run(arguments: ["launches", "--offline", "--past", "--limit", "1", "apollo"],
                                environment: ["SPACEDASH_CONFIG": path, "SPACEDASH_NOW": "2026-07-20T12:00:00Z"], streams: streams)
        #expect(streams.stdout.text.contains("\u{1B}["))
    }
}
