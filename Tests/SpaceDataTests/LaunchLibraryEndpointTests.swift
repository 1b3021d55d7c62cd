import Foundation
import Testing
@testable import SpaceData

@Suite struct LaunchLibraryEndpointTests {
    @Test func theDefaultIsProduction230() {
        let endpoint = LaunchLibraryEndpoint()
        #expect(endpoint.firstPage(.upcoming).absoluteString
            == "https://ll.thespacedevs.com/2.3.0/launches/upcoming/?mode=normal&limit=100&hide_recent_previous=true&ordering=net")
        #expect(endpoint.firstPage(.past).absoluteString
            == "https://ll.thespacedevs.com/2.3.0/launches/previous/?mode=normal&limit=100&ordering=-net")
        #expect(endpoint.token == nil)
        #expect(!endpoint.headers.contains { $0.name == "Authorization" })
    }

    @Test func theTokenIsTrimmedAndABlankOneIsNone() {
        let endpoint = LaunchLibraryEndpoint(base: URL(string: "http://127.0.0.1:8080/2.3.0/")!, token: " s3cret ")
        #expect(endpoint.firstPage(.upcoming).absoluteString.hasPrefix("http://127.0.0.1:8080/2.3.0/launches/upcoming/?"))
        #expect(endpoint.headers.contains { $0.name == "Authorization" && $0.value == "Token s3cret" })
        #expect(LaunchLibraryEndpoint(token: "  ").token == nil)
    }

    @Test func nextIsFollowedOnlyToTheSameServer() {
        let endpoint = LaunchLibraryEndpoint(base: URL(string: "https://ll.thespacedevs.com/2.3.0")!)
        #expect(endpoint.allows(next: URL(string: "https://ll.thespacedevs.com/2.3.0/launches/upcoming/?offset=100")!))
        #expect(endpoint.allows(next: URL(string: "https://LL.thespacedevs.com:443/2.3.0/launches/upcoming/?offset=100")!))
        #expect(!endpoint.allows(next: URL(string: "http://ll.thespacedevs.com/2.3.0/launches/upcoming/?offset=100")!))
        #expect(!endpoint.allows(next: URL(string: "https://evil.example/steal")!))
        #expect(!endpoint.allows(next: URL(string: "https://ll.thespacedevs.com:8443/x")!))
    }

    @Test func cacheKeysNameTheTimeframePageAndServer() {
        let production = LaunchLibraryEndpoint()
        let local = LaunchLibraryEndpoint(base: URL(string: "http://127.0.0.1:9/2.3.0")!)
        #expect(production.cacheKey(.upcoming, page: 1) != production.cacheKey(.past, page: 1))
        #expect(production.cacheKey(.upcoming, page: 1) != production.cacheKey(.upcoming, page: 2))
        #expect(production.cacheKey(.upcoming, page: 1) != local.cacheKey(.upcoming, page: 1))
        #expect(production.cacheKey(.upcoming, page: 1) == LaunchLibraryEndpoint(base: URL(string: "https://ll.thespacedevs.com/2.3.0/")!).cacheKey(.upcoming, page: 1))
        #expect(production.cacheKey(.upcoming, page: 1).allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
    }
}

@Suite struct LaunchLibraryEndpointDetailTests {
    @Test func oneLaunchsRecordAndItsDetailedMode() {
        let endpoint = LaunchLibraryEndpoint()
        #expect(endpoint.record(id: "e1079d3a-c0a6-4b42-bc1d-92e48a5a78fc").absoluteString
            == "https://ll.thespacedevs.com/2.3.0/launches/e1079d3a-c0a6-4b42-bc1d-92e48a5a78fc/")
        #expect(endpoint.detail(id: "e1079d3a-c0a6-4b42-bc1d-92e48a5a78fc").absoluteString
            == "https://ll.thespacedevs.com/2.3.0/launches/e1079d3a-c0a6-4b42-bc1d-92e48a5a78fc/?mode=detailed")
        // An id is one path segment whatever it holds.
        #expect(endpoint.record(id: "a/../b?c#d").absoluteString == "https://ll.thespacedevs.com/2.3.0/launches/a%2F..%2Fb%3Fc%23d/")
    }

    @Test func aDetailCacheKeyIsAlwaysAValidKey() {
        let endpoint = LaunchLibraryEndpoint()
        let uuid = endpoint.detailCacheKey(id: "e1079d3a-c0a6-4b42-bc1d-92e48a5a78fc")
        #expect(uuid.hasSuffix("-e1079d3a-c0a6-4b42-bc1d-92e48a5a78fc"))
        for id in ["../../etc/passwd", "", String(repeating: "x", count: 500), "é"] {
            let key = endpoint.detailCacheKey(id: id)
            #expect(key.count <= 100 && key.unicodeScalars.allSatisfy(CacheStore.isKeyCharacter), "\(key)")
        }
        #expect(endpoint.detailCacheKey(id: "a") != LaunchLibraryEndpoint(base: URL(string: "http://127.0.0.1:9/2.3.0")!).detailCacheKey(id: "a"))
    }
}
