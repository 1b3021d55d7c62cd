/// Decimal text read into a `Double` without `strtod` when that is exact: up
/// to 15 digits and no exponent make an integer and a power of ten that are both
/// exact doubles, and IEEE division rounds their quotient as `strtod` rounds
/// the text. Every coordinate Launch Library sends is such a number, and a
/// `--file` of a million launches has four each.
enum ExactDecimal {
    /// The value of `bytes`, JSON number syntax or a `Double`'s `description`
    /// (others, such as exponents or 16 digits and more, through `Double(String)`).
    static func double(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var index = 0
        let negative = index < bytes.count && bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        var fractionDigits = 0
        var seenPoint = false
        while index < bytes.count, digits <= 15 {
            let byte = bytes[index]
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                mantissa = mantissa * 10 + UInt64(byte - UInt8(ascii: "0"))
                digits += 1
                if seenPoint { fractionDigits += 1 }
            } else if byte == UInt8(ascii: ".") && !seenPoint {
                seenPoint = true
            } else {
                break
            }
            index += 1
        }
        guard index == bytes.count, digits > 0, digits <= 15 else {
            return Double(String(decoding: bytes, as: UTF8.self))
        }
        let value = Double(mantissa) / powersOfTen[fractionDigits]
        return negative ? -value : value
    }

    /// 10⁰ through 10¹⁵, each exact in a `Double`.
    private static let powersOfTen: [Double] = (0...15).map { exponent in (0..<exponent).reduce(1.0) { value, _ in value * 10 } }
}
