import Foundation
import HTTP
import SpaceData
import Streams
import Synchronization
import Testing
import TestSupport
@testable import SpaceDashCLI

extension Services {
    /// The services on a scripted HTTP layer, with no cache and no variables set,
    /// the clock stopped at `now`: by default when the bundled listing was made.
    static func scripted(_ http: any HTTPFetching, variables: [String: String] = [:],
                         now: Date = BundledLaunchListing.listedAt) -> Services {
        Services(environment: ServiceEnvironment(http: http, cache: nil,
                                                 scheduler: DispatchQueue(label: "test.services").eraseToAnyScheduler(),
                                                 clock: { now }, wording: Services.wording),
                 variables: variables)
    }
}

@Suite struct ServicesTests {
    /// What `launches next` and `show` start their spinner with: it runs as a request is
    /// made, once per request, and not for a publisher nobody subscribes to.
    @Test func theObservedFetcherCallsItsHookAsEachRequestStarts() async throws {
        let calls = Mutex(0)
        let client = ScriptedHTTPClient(routes: ["https://example.com/a": .ok("a")])
        let fetcher = ObservedFetcher(http: client, willRequest: { calls.withLock { $0 += 1 } })
        let request = HTTPRequest(url: URL(string: "https://example.com/a")!)
        let unused = fetcher.send(request)
        #expect(calls.withLock { $0 } == 0, "made, not sent")
        _ = try await unused.firstResult()
        _ = try await fetcher.send(request).firstResult()
        #expect(calls.withLock { $0 } == 2)
        #expect(client.requests.count == 2)
    }

    /// The demo's runs of the commands it shows never touch the user's cache.
    @Test func aRunThatUsesNoCacheGetsNone() {
        var context = CommandContext(streams: .memory(), environment: ["SPACEDASH_CACHE_DIR": "/tmp/spacedash-services-test"])
        #expect(Services(context: context, fetch: FetchOptions(policy: FetchPolicy(offline: true))).environment.cache != nil)
        context.usesCache = false
        #expect(Services(context: context, fetch: FetchOptions(policy: FetchPolicy(offline: true))).environment.cache == nil)
    }

    @Test func insightComesFromItsVariables() throws {
        let standard = try Services.scripted(OfflineFetcher()).insight()
        #expect(standard.configuration.usingDemoKey)
        #expect(standard.configuration.baseURL.absoluteString == "https://api.nasa.gov/insight_weather/")
        let custom = try Services.scripted(OfflineFetcher(), variables: [
            "NASA_API_KEY": "abc", "SPACEDASH_INSIGHT_URL": "http://127.0.0.1:8080/feed?x=1",
        ]).insight(timeout: 3)
        #expect(custom.configuration.apiKey == "abc")
        #expect(custom.configuration.timeout == 3)
        #expect(custom.requestURL.absoluteString == "http://127.0.0.1:8080/feed?x=1&api_key=abc&feedtype=json&ver=1.0")
        #expect(try Services.scripted(OfflineFetcher(), variables: ["NASA_API_KEY": ""]).insight().configuration.usingDemoKey)
    }

    @Test func aMalformedInsightAddressNamesItsVariable() {
        #expect(throws: CommandError("SPACEDASH_INSIGHT_URL is not an http(s) URL: ftp://x", exitCode: .configuration)) {
            try Services.scripted(OfflineFetcher(), variables: ["SPACEDASH_INSIGHT_URL": "ftp://x"]).insight()
        }
    }

    @Test func curiositysAddressesComeFromItsVariableInOrder() throws {
        #expect(try Services.scripted(OfflineFetcher()).curiosity().configuration.urls == CuriosityWeatherService.Configuration().urls)
        #expect(try Services.scripted(OfflineFetcher(), variables: ["SPACEDASH_CURIOSITY_URL": " "]).curiosity().configuration.urls
                    == CuriosityWeatherService.Configuration().urls)
        let listed = try Services.scripted(OfflineFetcher(), variables: [
            "SPACEDASH_CURIOSITY_URL": " https://mirror.example/rems\thttp://127.0.0.1:8080/msl?x=1  http://cab.example/api.php\n",
        ]).curiosity(timeout: 4).configuration
        #expect(listed.urls.map(\.absoluteString) == ["https://mirror.example/rems", "http://127.0.0.1:8080/msl?x=1", "http://cab.example/api.php"])
        #expect(listed.timeout == 4)
    }

    @Test(arguments: ["ftp://x", "https://ok.example/a mirror.example/b", "https:// http://x.example/"])
    func aMalformedCuriosityAddressIsNamed(_ value: String) {
        do {
            _ = try Services.scripted(OfflineFetcher(), variables: ["SPACEDASH_CURIOSITY_URL": value]).curiosity()
            Issue.record("accepted \(value)")
        } catch {
            #expect(error.message.hasPrefix("SPACEDASH_CURIOSITY_URL holds \""))
            #expect(error.message.hasSuffix("which is not an http(s) URL: give one or more, separated by spaces"))
            #expect(error.exitCode == .configuration)
        }
    }

    @Test func launchLibraryComesFromItsVariables() throws {
        let standard = try Services.scripted(OfflineFetcher()).launchLibraryEndpoint()
        #expect(standard == LaunchLibraryEndpoint())
        let custom = try Services.scripted(OfflineFetcher(), variables: [
            "SPACEDASH_LAUNCHES_URL": "http://127.0.0.1:8080/2.3.0/", "SPACEDASH_LL2_TOKEN": " s3cret ",
        ]).launchLibraryEndpoint()
        #expect(custom.base.absoluteString == "http://127.0.0.1:8080/2.3.0")
        #expect(custom.token == "s3cret")
    }

    @Test(arguments: ["ll.thespacedevs.com/2.3.0", "ftp://example.com/", "https://", "https://x.test/2.3.0?format=json", "not a url"])
    func aMalformedLaunchLibraryAddressNamesItsVariable(_ base: String) {
        do {
            _ = try Services.scripted(OfflineFetcher(), variables: ["SPACEDASH_LAUNCHES_URL": base]).launches()
            Issue.record("accepted \(base)")
        } catch {
            #expect(error.message.contains("SPACEDASH_LAUNCHES_URL"))
            #expect(error.exitCode == .configuration)
        }
    }

    @Test(arguments: ["abc123def456\r\nX-Injected: 1", "abc123def456\n", "abc\u{7}def456789"])
    func aTokenWithAControlCharacterIsAConfigurationErrorThatNeverQuotesIt(_ token: String) {
        do {
            _ = try Services.scripted(OfflineFetcher(), variables: ["SPACEDASH_LL2_TOKEN": token]).launches()
            Issue.record("accepted a token that would break its header line")
        } catch {
            #expect(error.message.contains("SPACEDASH_LL2_TOKEN"))
            #expect(error.exitCode == .configuration)
            #expect(!error.message.contains("abc"), "the token itself is never shown")
        }
    }

    @Test func offlineServicesHaveNoHTTPLayerToReachTheNetworkWith() {
        let context = CommandContext(streams: .memory(), environment: ["SPACEDASH_CACHE_DIR": "/nonexistent/spacedash-test"])
        let offline = Services(context: context, fetch: FetchOptions(policy: FetchPolicy(offline: true)))
        #expect(offline.environment.http is OfflineFetcher)
        #expect(Services(context: context, fetch: FetchOptions()).environment.http is HTTPClient)
        #expect(offline.environment.cache?.directory.path == "/nonexistent/spacedash-test")
    }

    @Test func aRefusedCacheDirectoryNamesTheVariableThatMovesIt() async throws {
        let sandbox = Sandbox()
        #expect(symlink(sandbox.directory.appendingPathComponent("gone").path, sandbox.cache.path) == 0)
        let streams = OutputStreams.memory()
        let code = await SpaceDash.run(arguments: ["mars-weather", "--offline"],
                                       environment: sandbox.environment(server: nil), streams: streams)
        #expect(code == 0)
        #expect(streams.stderr.text.contains("is a symbolic link to nothing (\(sandbox.directory.path)/gone); create that directory, or point SPACEDASH_CACHE_DIR at a real one"),
                "\(streams.stderr.text)")
    }

    /// Review P3 28: a SPACEDASH_CACHE_DIR linked to a directory of the user's is
    /// used without a word, as a linked XDG_CACHE_HOME is.
    @Test func aCacheDirectoryLinkedToARealDirectoryIsUsedQuietly() async throws {
        let sandbox = Sandbox()
        let real = sandbox.directory.appendingPathComponent("real")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        #expect(symlink(real.path, sandbox.cache.path) == 0)
        let context = CommandContext(streams: .memory(), environment: sandbox.environment(server: nil))
        let cache = try #require(Services(context: context, fetch: FetchOptions()).environment.cache)
        try cache.write("probe", body: Data("x".utf8))
        #expect(FileManager.default.fileExists(atPath: real.appendingPathComponent("probe.cache").path))
        let streams = OutputStreams.memory()
        let code = await SpaceDash.run(arguments: ["mars-weather", "--offline"],
                                       environment: sandbox.environment(server: nil), streams: streams)
        #expect(code == 0)
        #expect(!streams.stderr.text.contains("symbolic link"), "\(streams.stderr.text)")
    }

    @Test func theServicesRunOnTheRunsClock() throws {
        let now = try #require(LaunchLibraryDate.date(from: "2026-07-20T12:00:00Z"))
        let context = CommandContext(streams: .memory(), environment: ["SPACEDASH_CACHE_DIR": "/nonexistent/spacedash-test"],
                                     clock: { now })
        let services = Services(context: context, fetch: FetchOptions())
        #expect(services.environment.clock() == now)
        #expect(services.environment.cache?.now == now)
    }

    /// `launches next`'s services deliver a fresh cache's answer within the subscription
    /// (no thread, no hop), while what is due later still waits for its time.
    @Test func inlineDeliveryRunsWhatIsDueNowAtOnceAndTheRestLater() async {
        let queue = DispatchQueue(label: "spacedash.services-test")
        let inline = Services.scheduler(on: queue, inline: true)
        let ranNow = Mutex(false)
        inline.schedule { ranNow.withLock { $0 = true } }
        #expect(ranNow.withLock { $0 }, "run before schedule returns")
        let delivered = Mutex<[Int]>([])
        let cancellable = Just(1).receive(on: inline).sink { value in delivered.withLock { $0.append(value) } }
        #expect(delivered.withLock { $0 } == [1], "delivered within the subscription")
        cancellable.cancel()
        // Due in an hour: not run in place (and cancelled, so nothing waits for it).
        let ranLater = Mutex(false)
        let later = inline.schedule(after: inline.now.advanced(by: .seconds(3600)), interval: .seconds(3600)) {
            ranLater.withLock { $0 = true }
        }
        #expect(!ranLater.withLock { $0 }, "what is due later is not run in place")
        later.cancel()
        let queued = Services.scheduler(on: queue, inline: false)
        let ranOnQueue = Mutex(false)
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            queued.schedule {
                ranOnQueue.withLock { $0 = true }
                done.resume()
            }
        }
        #expect(ranOnQueue.withLock { $0 })
    }

    /// `NO_PROXY` (or `no_proxy`) reaches libcurl through the composition root: a
    /// host it names is asked directly, any other through `http_proxy` (here the
    /// loopback server, answering as a proxy would for Launch Library's address).
    @Test(arguments: ["NO_PROXY", "no_proxy"])
    func aHostInNoProxyIsReachedWithoutTheProxy(variable: String) throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server["http://launches.invalid/2.3.0/launches/upcoming/"] = .json(BundledLaunchListing.body)
        func run(_ extra: [String: String]) throws -> ProcessResult {
            try Sandbox().run(["launches", "next"], server: server, extra: [
                "SPACEDASH_LAUNCHES_URL": "http://launches.invalid/2.3.0", "http_proxy": server.baseURL.absoluteString,
                "SPACEDASH_NOW": "2026-07-20T14:38:00Z",
            ].merging(extra) { $1 })
        }

        let proxied = try run([variable: "example.com"])
        #expect(proxied.exitCode == 0 && proxied.stderrText.isEmpty, "\(proxied.stderrText)")
        #expect(server.requests.map(\.path) == ["http://launches.invalid/2.3.0/launches/upcoming/"])

        let direct = try run([variable: "example.com, launches.invalid"])
        #expect(direct.stderrText.contains("cannot resolve host launches.invalid"), "\(direct.stderrText)")
        #expect(server.requests.count == 1, "not through the proxy")
    }
}
