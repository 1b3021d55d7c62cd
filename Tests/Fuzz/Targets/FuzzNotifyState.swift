// libFuzzer entry point for notify's state file reader (`make fuzz`): any bytes
// are read as ours, damaged, or another program's (an error), never a crash;
// a state read back is written and read again to the same value, and the
// launch alerts run over it.
import Foundation
@testable import SpaceDashCLI
import SpaceData

private let now = Date(timeIntervalSince1970: 1_784_552_400)  // 2026-07-20 12:00 UTC

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNotifyState(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    guard case .state(var state)? = try? NotifyStateFile.reading(data, path: "notify.json") else { return 0 }
    let again = try? NotifyStateFile.reading(state.encoded(), path: "notify.json")
    precondition(again == .state(state), "a state read back does not survive being written")
    let source = LaunchAlerts(launches: state.launches.values.map(\.launch), queries: [], leads: .standard,
                              zone: .fixed(TimeZone(identifier: "UTC")!), glyphs: .ascii)
    _ = source.alerts(at: now, state: &state)
    _ = source.nextDue(after: now, state: state)
    state.prune(at: now)
    return 0
}
