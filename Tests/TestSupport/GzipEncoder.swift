import Foundation

/// Produces valid gzip data without zlib, so the loopback server can serve a
/// `Content-Encoding: gzip` body: deflate "stored" (uncompressed) blocks, with
/// the gzip header and CRC-32 trailer. Any gzip decoder accepts it.
public enum GzipEncoder {
    public static func encode(_ data: Data) -> Data {
        var output = Data([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]) // magic, deflate, no flags, no mtime, unknown OS
        let bytes = [UInt8](data)
        var offset = 0
        repeat {
            let length = min(65_535, bytes.count - offset)
            let isLast = offset + length == bytes.count
            output.append(isLast ? 0x01 : 0x00) // BFINAL, BTYPE = 00 (stored)
            output.append(contentsOf: littleEndian(UInt16(length)))
            output.append(contentsOf: littleEndian(~UInt16(length)))
            output.append(contentsOf: bytes[offset..<offset + length])
            offset += length
        } while offset < bytes.count
        output.append(contentsOf: littleEndian(crc32(bytes)))
        output.append(contentsOf: littleEndian(UInt32(truncatingIfNeeded: bytes.count)))
        return output
    }

    /// CRC-32 (IEEE 802.3, reflected, polynomial 0xEDB88320), as gzip uses.
    public static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xffff_ffff
        for byte in bytes {
            crc = crcTable[Int((crc ^ UInt32(byte)) & 0xff)] ^ (crc >> 8)
        }
        return ~crc
    }

    private static let crcTable: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xedb8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    private static func littleEndian<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
        withUnsafeBytes(of: value.littleEndian) { Array($0) }
    }
}
