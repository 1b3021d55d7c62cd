import Testing
@testable import SpaceData

@Suite struct SearchResultsTests {
    /// The highlighted text of `field` in the only result of `query` on record `record`.
    private func highlighted(_ query: String, record: Int, _ field: SearchField) -> [String] {
        let results = SearchTestData.engine.search(query)
        guard let position = results.firstIndex(of: record) else { return ["(no match)"] }
        let text = SearchTestData.records[record][field]
        return results.highlights(at: position).ranges(of: field, in: text).map { String(text[$0]) }
    }

    @Test func resultsAreRecordPositions() {
        let results = SearchTestData.engine.search("falcon")
        #expect(results.count == 2)
        #expect(results[0] == 0 && results[1] == 4)
        #expect(results.query == SearchQuery("falcon"))
    }

    @Test func highlightsEveryTermInEveryField() {
        #expect(highlighted("falcon starlink", record: 0, .name) == ["Falcon", "Starlink"])
        #expect(highlighted("spacex", record: 0, .agency) == ["SpaceX"])
        #expect(highlighted("space", record: 0, .pad) == ["Space"])
        #expect(highlighted("space", record: 0, .agency) == ["Space"])
        #expect(highlighted("\"cape canaveral\"", record: 5, .location) == ["Cape Canaveral"])
        #expect(highlighted("launch", record: 3, .location) == ["Launch"])
        #expect(highlighted("launch", record: 3, .pad) == ["Launch"])
    }

    @Test func utf8RangesAreOffsetsIntoTheOriginalString() {
        let results = SearchTestData.engine.search("starlink")
        #expect(results.highlights(at: 0)[.name] == [19 ..< 27])
        #expect(results.highlights(at: 0)[.agency] == [])
    }

    @Test func overlappingAndRepeatedMatchesMerge() {
        #expect(highlighted("falcon alco", record: 0, .name) == ["Falcon"])
        #expect(highlighted("a", record: 1, .name) == ["A", "a", "a"])  // "Ariane 6 | Galileo L14"
        #expect(highlighted("rocket lab", record: 2, .location) == ["Rocket", "Lab"])
    }

    @Test func highlightsWhereFoldingChangedLengths() {
        #expect(highlighted("kourou", record: 1, .location) == ["Kouróu"])
        #expect(highlighted("kourou", record: 7, .name) == ["ＫＯＵＲＯＵ"])
        #expect(highlighted("kourou", record: 7, .location) == ["Kourou"])
        #expect(highlighted("strasse", record: 6, .name) == ["Straße"])
        #expect(highlighted("ss", record: 6, .name) == ["ß"])
        #expect(highlighted("stras", record: 6, .name) == ["Straß"])
        #expect(highlighted("andoya", record: 6, .name) == ["Andøya"])
        #expect(highlighted("andøya", record: 6, .name) == ["Andøya"])
        #expect(highlighted("oya", record: 6, .location) == ["øya"])
        #expect(highlighted("andoya", record: 6, .pad) == ["Andøya"])
        #expect(highlighted("first flight", record: 7, .name) == ["ﬁrst", "ﬂight"])
        #expect(highlighted("irst", record: 7, .name) == ["ﬁrst"])
        #expect(highlighted("kineis", record: 9, .name) == ["Kine\u{301}is"])
        #expect(highlighted("kinéis", record: 2, .name) == ["Kinéis"])
        #expect(highlighted("agencia", record: 7, .agency) == ["Agência"])
        #expect(highlighted("tenacity", record: 5, .name) == ["Tenacity"])
    }

    @Test func onlyMatchingTermsAndFieldsAreHighlighted() {
        #expect(highlighted("falcon -heavy", record: 0, .name) == ["Falcon"])
        #expect(highlighted("name:falcon", record: 0, .agency) == [])
        #expect(highlighted("agency:space", record: 0, .agency) == ["Space"])
        #expect(highlighted("agency:space", record: 0, .pad) == [])
        #expect(highlighted("status:go", record: 0, .status) == ["Go"])
        #expect(highlighted("status:go", record: 0, .statusAbbreviation) == ["Go"])
        #expect(highlighted("launch", record: 0, .pad) == ["Launch"])
        #expect(highlighted("launch", record: 0, .status) == [])  // unqualified terms skip the status
        #expect(SearchTestData.engine.search("").highlights(at: 0).isEmpty)
    }
}
