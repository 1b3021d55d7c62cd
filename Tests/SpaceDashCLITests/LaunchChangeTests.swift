import Foundation
import SpaceData
import Testing
@testable import SpaceDashCLI

@Suite struct LaunchChangeTests {
    static let net = LaunchLibraryDate.date(from: "2026-07-30T06:37:00Z")!

    static func launch(status: String? = "TBC", net: Date? = LaunchChangeTests.net) -> Launch {
        Launch(id: "24675e3d-2458-48a3-8c70-5196e44d4dc3", name: "Falcon 9 Block 5 | NROL-95", net: net, netPrecision: "Minute",
               statusAbbreviation: status)
    }

    @Test func aStatusChangeReadsFromTheOldToTheNew() {
        let changes = LaunchChange.between(Self.launch(status: "TBC"), Self.launch(status: "Go"))
        #expect(changes.map { $0.text(arrow: "→") } == ["TBC → Go"])
        #expect(changes.map { $0.text(arrow: "->") } == ["TBC -> Go"], "ASCII where the locale is not UTF-8")
    }

    @Test func aNetThatMovedSaysHowFarAndWhichWay() {
        let later = LaunchChange.between(Self.launch(), Self.launch(net: Self.net.addingTimeInterval(2 * 3600)))
        #expect(later.map { $0.text(arrow: "→") } == ["NET moved 2h later"])
        let earlier = LaunchChange.between(Self.launch(), Self.launch(net: Self.net.addingTimeInterval(-(86_400 + 3 * 3600))))
        #expect(earlier.map { $0.text(arrow: "→") } == ["NET moved 1d 3h earlier"])
    }

    @Test func statusAndNetTogetherStatusFirst() {
        let changes = LaunchChange.between(Self.launch(status: "Go"), Self.launch(status: "Hold", net: Self.net.addingTimeInterval(1800)))
        #expect(changes.map { $0.text(arrow: "→") } == ["Go → Hold", "NET moved 30m later"])
    }

    @Test func lessThanAMinuteIsNoMoveAndTheSameLaunchIsNoChange() {
        #expect(LaunchChange.between(Self.launch(), Self.launch(net: Self.net.addingTimeInterval(59))).isEmpty)
        #expect(LaunchChange.between(Self.launch(), Self.launch()).isEmpty)
    }

    @Test func aNetGivenForTheFirstTimeIsSet() {
        #expect(LaunchChange.between(Self.launch(net: nil), Self.launch()) == [.netSet])
    }
}
