import Testing
@testable import SpaceData

@Suite struct ExactDecimalTests {
    private static func double(_ text: String) -> Double? {
        Array(text.utf8).withUnsafeBufferPointer { ExactDecimal.double($0) }
    }

    /// Plain decimals take the shortcut past `strtod`; every text still reads
    /// as `Double(String)` reads it, to the bit.
    @Test func readsEveryNumberAsTheStandardLibraryReadsIt() {
        var generator = SystemRandomNumberGenerator()
        var texts = ["0", "-0", "38.849", "-80.577366", "28.6080585", "-0.000001", "123456789012345", "1234567890123456",
                     "0.1234567890123456789", "1e3", "-2.5E-3", "179.99999999999997", "9007199254740993", "0.30000000000000004",
                     "1784558280.0", "5e-324", "1.7976931348623157e+308", "-", ".", "1.2.3", "12a"]
        for _ in 0..<2000 {
            let whole = String(UInt64.random(in: 0...999_999, using: &generator))
            let fraction = String(UInt64.random(in: 0...UInt64.max, using: &generator)).prefix(Int.random(in: 0...18, using: &generator))
            texts.append((Bool.random(using: &generator) ? "-" : "") + whole + (fraction.isEmpty ? "" : "." + fraction))
            let value = Double.random(in: -1e9...1e9, using: &generator)
            texts.append(value.description)
        }
        for text in texts {
            #expect(Self.double(text)?.bitPattern == Double(text)?.bitPattern, "\(text)")
        }
    }
}
