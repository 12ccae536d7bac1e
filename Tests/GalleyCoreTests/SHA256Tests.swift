import Foundation
import GalleyCore
import Testing

/// ``SHA256`` gives the standard digests: FIPS 180-4's examples, and bytes
/// whose digests Python's `hashlib` computed, whole and in any chunking.
@Suite("SHA-256")
struct SHA256Tests {
    static func hex(_ data: Data) -> String { HexDigits.of(SHA256.hash(data: data)) }

    /// `count` bytes of a pattern (`(i * 7 + 3) % 256`).
    static func pattern(_ count: Int) -> Data { Data((0..<count).map { UInt8(($0 * 7 + 3) % 256) }) }

    @Test("FIPS 180-4's examples and hashlib's digests")
    func knownDigests() {
        #expect(Self.hex(Data()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(Self.hex(Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            Self.hex(Data("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(Self.hex(Data(repeating: UInt8(ascii: "a"), count: 1_000_000)) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        // 119 bytes: the padding takes a second block (56 or more bytes in the last one).
        #expect(Self.hex(Self.pattern(119)) == "9ce7368e4daf32341631b492e80359dc9f594b48453cd0dd5bf0b19279cc177e")
        #expect(Self.hex(Self.pattern(1000)) == "1e9bc38cbf860b9ec31918b065f9b52476c549a782e0e7990bed8ce3868d2371")
    }

    @Test("the digest does not depend on how the bytes are given, and finalize leaves the hasher as it was")
    func chunking() {
        for count in [0, 1, 55, 56, 63, 64, 65, 119, 128, 1000] {
            let data = Self.pattern(count)
            for chunk in [1, 3, 64, 100] {
                var hasher = SHA256()
                var offset = 0
                while offset < count {
                    hasher.update(data: data.subdata(in: offset..<min(count, offset + chunk)))
                    offset += chunk
                }
                #expect(hasher.finalize() == SHA256.hash(data: data), "\(count) bytes in chunks of \(chunk)")
                #expect(hasher.finalize() == SHA256.hash(data: data), "finalize twice")
            }
        }
    }
}
