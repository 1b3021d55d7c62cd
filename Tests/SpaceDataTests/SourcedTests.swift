import Foundation
import Testing
import SpaceData

@Suite struct SourcedTests {
    @Test func mapKeepsOriginAndNotices() {
        let notice = Notice(.liveEmpty, "empty")
        let sourced = Sourced([1, 2, 3], origin: .sample, notices: [notice])
        let counted = sourced.map(\.count)
        #expect(counted == Sourced(3, origin: .sample, notices: [notice]))
    }

    @Test func noticeKindsAreStableNamesForScripts() {
        #expect(Notice.Kind.liveEmpty.rawValue == "live-empty")
        #expect(Notice.Kind.rateLimited.rawValue == "rate-limited")
        #expect(Notice(.timedOut, "took too long").description == "took too long")
    }
}
