// The floor for start-up in `make bench`: a Swift program that imports only
// FoundationEssentials, decodes a small JSON and prints a line. spacedash's
// start-up is reported as a ratio to this, built the same way in the same run.
import FoundationEssentials

struct Reading: Decodable {
    var sol: Int
    var low: Double
    var high: Double
}

let reading = try JSONDecoder().decode(Reading.self, from: Data(#"{"sol": 675, "low": -96.9, "high": -15.9}"#.utf8))
print("sol \(reading.sol): \(reading.low) to \(reading.high) °C")
