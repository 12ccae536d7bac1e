import CSHA256
import Foundation

/// SHA-256 (FIPS 180-4) for Galley's content hashes: result-cache keys,
/// library fingerprints, baseline ids, version keys. The digest is the
/// standard one (a baseline written by an earlier Galley keeps its ids); the
/// arithmetic is `CSHA256`'s few dozen lines of C, so that a fresh clone
/// does not compile a cryptography library for one function.
///
/// ```swift
/// HexDigits.of(SHA256.hash(data: Data("abc".utf8)))   // "ba7816bf…f20015ad"
/// var hasher = SHA256()
/// hasher.update(data: Data("a".utf8))
/// hasher.update(data: Data("bc".utf8))
/// hasher.finalize()                                    // the same 32 bytes
/// ```
public struct SHA256: Sendable {
    private var context = csha256_context()

    /// A computation over no bytes yet.
    public init() {
        csha256_init(&context)
    }

    /// Adds `data`'s bytes.
    public mutating func update(data: Data) {
        data.withUnsafeBytes { bytes in
            if let base = bytes.baseAddress { csha256_update(&context, base, bytes.count) }
        }
    }

    /// The 32 bytes of the digest of every byte added (this value is left as it was).
    public func finalize() -> [UInt8] {
        var copy = context
        var digest = [UInt8](repeating: 0, count: 32)
        digest.withUnsafeMutableBufferPointer { buffer in csha256_final(&copy, buffer.baseAddress) }
        return digest
    }

    /// The 32 bytes of the digest of `data`.
    public static func hash(data: Data) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(data: data)
        return hasher.finalize()
    }
}
