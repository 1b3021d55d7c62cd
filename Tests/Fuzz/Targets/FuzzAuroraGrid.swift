// libFuzzer entry point for the OVATION aurora grid decoder (`make fuzz`): every input
// decodes or throws a typed error, and every place on Earth reads a chance of 0–100.
import Foundation
@testable import SpaceData

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAuroraGrid(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let body = Data(bytes: start, count: count)
    do {
        let grid = try AuroraGridDecoder.decode(body)
        for latitude in stride(from: -90.0, through: 90, by: 7.5) {
            for longitude in stride(from: -180.0, through: 180, by: 12.25) {
                let place = GeographicCoordinate(latitude: latitude, longitude: longitude)!
                precondition((0...100).contains(grid.probability(at: place)))
            }
        }
        precondition((0...100).contains(grid.highest))
    } catch {
        _ = error.description
    }
    return 0
}
