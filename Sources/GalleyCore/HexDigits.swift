/// Bytes written as lowercase hexadecimal digits, two per byte: how
/// digests name cache entries and fingerprints.
///
/// ```swift
/// HexDigits.of([0x0f, 0xa0])   // "0fa0"
/// HexDigits.of(SHA256.hash(data: data))
/// ```
public enum HexDigits {
    /// `bytes` as hexadecimal digits (without `String(format:)`, which
    /// costs a formatter per byte: keys are made for every program of a run).
    public static func of(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.underestimatedCount * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
