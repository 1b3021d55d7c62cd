import Testing
import Terminal
@testable import SpaceDashCLI

@Suite struct PriorityTableTests {
    /// Three of the launches in the bundled listing: name, provider, pad.
    let rows = [
        ("Falcon 9 Block 5 | Starlink Group 10-25", "SpaceX", "Space Launch Complex 40"),
        ("Electron | Owl For One, Owl Hooked", "Rocket Lab", "Rocket Lab Launch Complex 1A"),
        ("Long March 2D | Unknown Payload", "CASC", "Launch Complex 94"),
    ]
    typealias Table = PriorityTable<(String, String, String)>

    func table(pad: Table.Priority = 0, provider: Table.Priority = 1, style: StyleMode = .plain) -> Table {
        Table(columns: [
            Table.Column(title: "Name", alignment: .left, priority: .essential) { $0.0 },
            Table.Column(title: "Provider", alignment: .right, priority: provider) { $0.1 },
            Table.Column(title: "Pad", alignment: .left, priority: pad) { $0.2 },
        ], style: style)
    }

    @Test func eachColumnIsAsWideAsItsWidestCellAndTheLastLeftColumnIsNotPadded() {
        let lines = table().lines(rows, width: nil)
        #expect(lines == [
            "Name                                       Provider  Pad",
            "Falcon 9 Block 5 | Starlink Group 10-25      SpaceX  Space Launch Complex 40",
            "Electron | Owl For One, Owl Hooked       Rocket Lab  Rocket Lab Launch Complex 1A",
            "Long March 2D | Unknown Payload                CASC  Launch Complex 94",
        ])
    }

    @Test func columnsDropWholeLowestPriorityFirstUntilTheRestFits() {
        #expect(table().lines(rows, width: 80)[1] == "Falcon 9 Block 5 | Starlink Group 10-25      SpaceX")
        #expect(table(pad: 1, provider: 0).lines(rows, width: 80)[1] == "Falcon 9 Block 5 | Starlink Group 10-25  Space Launch Complex 40")
        // Columns of equal priority are a pair: they go together (Curiosity's ground low
        // and high, sunrise and sunset), never one without the other.
        #expect(table(pad: 0, provider: 0).lines(rows, width: 80)[0] == "Name")
        #expect(table(pad: 0, provider: 0).lines(rows, width: 90)[0] == "Name                                       Provider  Pad",
                "a pair that fits stays whole")
    }

    @Test func theEssentialColumnsStayEvenWhenTheyAloneAreTooWide() {
        let lines = table().lines(rows, width: 10)
        #expect(lines[0] == "Name")
        #expect(lines[1] == "Falcon 9 Block 5 | Starlink Group 10-25", "a cell is never cut")
    }

    @Test func theHeaderIsBoldWhenTheStyleAllowsIt() {
        #expect(table(style: .attributes).lines(rows, width: 60)[0] == StyledText("Name                                       Provider", style: .bold).rendered(.attributes))
        #expect(table(style: .plain).lines([], width: nil) == ["Name  Provider  Pad"])
    }
}
