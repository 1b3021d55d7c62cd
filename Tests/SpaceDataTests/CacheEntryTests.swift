import Foundation
import Testing
import SpaceData

@Suite struct CacheEntryTests {
    let saved = Date(timeIntervalSince1970: 1_000_000)

    @Test func freshWithinTheIntervalStaleAtItsEnd() {
        let entry = CacheEntry(body: Data(), savedAt: saved)
        #expect(entry.isFresh(within: 3600, at: saved))
        #expect(entry.isFresh(within: 3600, at: saved.addingTimeInterval(3599)))
        #expect(!entry.isFresh(within: 3600, at: saved.addingTimeInterval(3600)))
        #expect(entry.age(at: saved.addingTimeInterval(125)) == 125)
    }

    @Test func entryFromTheFutureIsNotFreshAndHasNoNegativeAge() {
        let entry = CacheEntry(body: Data(), savedAt: saved)
        let earlier = saved.addingTimeInterval(-60)
        #expect(!entry.isFresh(within: 3600, at: earlier))
        #expect(entry.age(at: earlier) == 0)
    }
}
