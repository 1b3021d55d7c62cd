import Foundation
import Testing
@testable import SpaceDashCLI

@Suite struct CacheLocationTests {
    @Test func explicitDirectoryWins() {
        let env = ["SPACEDASH_CACHE_DIR": "/tmp/sd", "XDG_CACHE_HOME": "/x", "HOME": "/home/u"]
        #expect(CacheLocation.directoryPath(environment: env) == "/tmp/sd")
    }

    @Test func xdgCacheHomeIsUsedWhenAbsolute() {
        #expect(CacheLocation.directoryPath(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u"]) == "/x/cache/spacedash")
    }

    @Test func relativeXdgCacheHomeAndEmptyOverrideAreIgnored() {
        let env = ["SPACEDASH_CACHE_DIR": "", "XDG_CACHE_HOME": "relative", "HOME": "/home/u"]
        #expect(CacheLocation.directoryPath(environment: env) == "/home/u/.cache/spacedash")
    }

    @Test func withoutHomeThePasswordDatabaseIsAsked() {
        let path = CacheLocation.directoryPath(environment: [:])
        #expect(path?.hasSuffix("/.cache/spacedash") == true)
    }
}
