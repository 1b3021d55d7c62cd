import Foundation
import Testing
import LaunchCorpus
@testable import SpaceData

@Suite struct LaunchCatalogTests {
    static let listing = try! BundledLaunchListing.launches()

    @Test func pastIsNewestFirstAndUndatedLast() {
        let a = Launch(id: "a", name: "A", net: Date(timeIntervalSince1970: 100))
        let b = Launch(id: "b", name: "B", net: Date(timeIntervalSince1970: 300))
        let c = Launch(id: "c", name: "C")
        let d = Launch(id: "d", name: "D", net: Date(timeIntervalSince1970: 100))
        #expect(LaunchCatalog.ordered([c, a, b, d], .past).map(\.id) == ["b", "a", "d", "c"])
        #expect(LaunchCatalog.ordered([c, a, b, d], .upcoming).map(\.id) == ["a", "d", "b", "c"])
        #expect(LaunchCatalog(launches: [c, a, b, d], timeframe: .past).selected.map(\.id) == ["b", "a", "d", "c"])
    }

    @Test func theFiltersAndTheLimitChooseTheLaunchesSearched() {
        let catalog = LaunchCatalog(launches: Self.listing, timeframe: .upcoming, filter: SearchQuery("agency:spacex"), limit: 5)
        #expect(catalog.count == 5)
        #expect(catalog.selected.allSatisfy { $0.agencyName == "SpaceX" })
        #expect(catalog.launches.count == Self.listing.count, "one index over every launch, the filters applied on it")
        // The typed query looks only within the five.
        let falcon = catalog.search("falcon")
        #expect(!falcon.isEmpty && falcon.allSatisfy { launch in catalog.selected.contains { $0.id == launch.id } })
        #expect(!LaunchCatalog(launches: Self.listing, timeframe: .upcoming).search("kinetica").isEmpty)
        #expect(catalog.search("kinetica").isEmpty, "CAS Space is filtered out")
        #expect(catalog.search("").count == 5)
    }

    @Test func typingNarrowsWithinThePreviousResultsAndAgreesWithAFreshSearch() {
        let launches = SyntheticLaunchCorpus(seed: 5).launches(count: 3_000)
        let catalog = LaunchCatalog(launches: launches, timeframe: .upcoming, filter: SearchQuery("-status:tbd"), limit: 2_500)
        var typed = ""
        for character in "cape canaveral -spacex" {
            typed.append(character)
            let incremental = catalog.search(typed)
            #expect(incremental.map(\.id) == catalog.searchFromScratch(typed).map(\.id), "\(typed.debugDescription)")
        }
        let whole = LaunchCatalog(launches: launches, timeframe: .upcoming)
        #expect(!whole.search("cape").results.isRefined)
        #expect(whole.search("cape c").results.isRefined, "a longer term searches the previous results")
        #expect(!whole.search("vandenberg").results.isRefined, "another word searches every launch again")
    }

    @Test func highlightsMarkTheQueryOrTheFilter() throws {
        let catalog = LaunchCatalog(launches: Self.listing, timeframe: .upcoming, filter: SearchQuery("vandenberg"))
        let first = try #require(catalog.selected.first)
        let location = try #require(first.locationName)
        #expect(catalog.selected.highlights(at: 0).ranges(of: .location, in: location).map { String(location[$0]) } == ["Vandenberg"])
        let starlink = catalog.search("starlink")
        #expect(starlink.highlights(at: 0).ranges(of: .location, in: location).isEmpty, "the typed query's highlights, not the filter's")
    }
}
