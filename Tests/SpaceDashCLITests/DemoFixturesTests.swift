import Foundation
import HTTP
import SpaceData
import Testing
@testable import SpaceDashCLI

@Suite struct DemoFixturesTests {
    @Test func bothSourcesComeThroughTheScriptedHTTPLayerAndTheRealServices() async throws {
        let fixtures = DemoFixtures()
        let loaded = try await fixtures.load()

        // The services built their real requests, and the scripted layer answered them.
        let urls = fixtures.http.requests.map(\.url)
        #expect(urls.count == 3)
        #expect(urls.contains { $0.host == "mars.nasa.gov" && $0.query?.contains("category=msl") == true })
        #expect(urls.contains { $0.host == "api.nasa.gov" && $0.path == "/insight_weather" && $0.query?.contains("api_key=DEMO_KEY") == true })
        #expect(urls.contains { $0.host == "ll.thespacedevs.com" && $0.path == "/2.3.0/launches/upcoming" })

        // Decoded by the real decoders: the fixtures' seven sols and the listing's ten launches, no fallback needed.
        #expect(loaded.weather.value.sols.map(\.sol) == Array(675...681))
        #expect(loaded.weather.origin == .live(fetchedAt: DemoFixtures.listedAt))
        #expect(loaded.weather.notices.isEmpty)
        #expect(loaded.curiosity.value.latest?.sol == 4801)
        #expect(loaded.curiosity.origin == .live(fetchedAt: DemoFixtures.listedAt))
        #expect(loaded.curiosity.notices.isEmpty)
        #expect(loaded.launches.value.launches == (try BundledLaunchListing.launches()), "on its own date, every launch is ahead")
        #expect(loaded.launches.value.passedCount == 0)
        #expect(loaded.launches.origin == .live(fetchedAt: DemoFixtures.listedAt))
        #expect(loaded.launches.notices.isEmpty)
    }

    @Test func theDemoClockIsWhenTheListingWasMade() {
        #expect(LaunchLibraryDate.string(from: DemoFixtures.listedAt) == "2026-07-20T14:38:00Z")
        #expect(BundledLaunchListing.summary == "Launch Library 2's listing of 20 July 2026")
    }
}
