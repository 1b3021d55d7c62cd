@testable import SpaceData
import Testing

@Suite struct LaunchIDFingerprintsTests {
    @Test func idsAlikeButForAByteAreNotTakenForRepeats() {
        // Of every length up to 40: inline and stored strings, short tails.
        let ids = (0..<40).flatMap { length in (0..<50).map { String(repeating: "x", count: length) + "\($0)" } }
        let launches = ids.map { Launch(id: $0, name: $0) }
        #expect(!LaunchIDFingerprints.mayRepeat(launches))
        #expect(!LaunchIDFingerprints.mayRepeat([Launch(id: "", name: "a"), Launch(id: "\u{0}", name: "b")]))
    }

    @Test func aRepeatedIdIsFoundWhereverItFalls() {
        let launches = (0..<2_000).map { Launch(id: "launch-\($0)", name: "") }
        for position in [0, 1, 999, 1_999] {
            #expect(LaunchIDFingerprints.mayRepeat(launches + [launches[position]]))
            #expect(LaunchIDFingerprints.mayRepeat([launches[position]] + launches))
        }
        #expect(!LaunchIDFingerprints.mayRepeat([]) && !LaunchIDFingerprints.mayRepeat([launches[0]]))
    }
}
