import Testing
import LaunchCorpus
@testable import SpaceData

@Suite struct ByteSearchTests {
    private func firstOffset(_ needle: [UInt8], _ haystack: [UInt8]) -> Int? {
        haystack.withUnsafeBufferPointer { haystack in
            needle.withUnsafeBufferPointer { ByteSearch.firstOffset(of: $0, in: haystack) }
        }
    }

    private func naiveFirstOffset(_ needle: [UInt8], _ haystack: [UInt8]) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        return (0 ... haystack.count - needle.count).first { Array(haystack[$0 ..< $0 + needle.count]) == needle }
    }

    @Test func findsWhatANaiveScanFinds() {
        var random = SplitMix64(seed: 11)
        let alphabet = Array("abcz ".utf8)
        for _ in 0 ..< 3_000 {
            let haystack = (0 ..< random.below(40)).map { _ in alphabet[random.below(alphabet.count)] }
            let needle = (0 ..< random.below(5) + 1).map { _ in alphabet[random.below(alphabet.count)] }
            #expect(firstOffset(needle, haystack) == naiveFirstOffset(needle, haystack))
        }
    }

    @Test func edgeCases() {
        #expect(firstOffset([], Array("abc".utf8)) == 0)
        #expect(firstOffset(Array("abcd".utf8), Array("abc".utf8)) == nil)
        #expect(firstOffset(Array("abc".utf8), []) == nil)
        #expect(firstOffset(Array("abc".utf8), Array("abc".utf8)) == 0)
        #expect(firstOffset(Array("vz".utf8), Array("avvz".utf8)) == 2)  // the rare byte "z" anchors past the first "v"
        #expect(firstOffset(Array("zv".utf8), Array("z zv".utf8)) == 2)
    }

    @Test func occurrencesDoNotOverlap() {
        let haystack = Array("aaaa falcon falcon".utf8)
        let found = haystack.withUnsafeBufferPointer { haystack in
            Array("aa".utf8).withUnsafeBufferPointer { ByteSearch.occurrences(of: $0, in: haystack) }
        }
        #expect(found == [0 ..< 2, 2 ..< 4])
        let falcons = haystack.withUnsafeBufferPointer { haystack in
            Array("falcon".utf8).withUnsafeBufferPointer { ByteSearch.occurrences(of: $0, in: haystack) }
        }
        #expect(falcons == [5 ..< 11, 12 ..< 18])
    }
}
