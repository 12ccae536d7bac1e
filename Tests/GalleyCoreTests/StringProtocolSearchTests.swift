import GalleyCore
import Testing

@Suite("Searching text without Foundation's bridging")
struct StringProtocolSearchTests {
    @Test("contains and range(of:) find text byte for byte, in strings and substrings, ASCII or not; nothing contains the empty string")
    func search() throws {
        let message = "error: cannot find 'dbQueue' in scope"
        #expect(message.contains("cannot find"))
        #expect(message.contains("scope"))
        #expect(!message.contains("Cannot find"))
        #expect(!message.contains(""))
        #expect(!"ab".contains("abc"))
        let range = try #require(message.range(of: "'dbQueue'"))
        #expect(message[range] == "'dbQueue'")
        #expect(message.range(of: "missing") == nil)
        // A substring's range is in its base string's indices.
        let tail = message.dropFirst(7)
        let inTail = try #require(tail.range(of: "find"))
        #expect(tail[inTail] == "find")
        #expect(message.distance(from: message.startIndex, to: inTail.lowerBound) == 14)
        // Non-ASCII text and repeated first bytes.
        let prose = "Größe — naïve café, café"
        let cafe = try #require(prose.range(of: "café"))
        #expect(prose[cafe] == "café")
        #expect(prose.distance(from: prose.startIndex, to: cafe.lowerBound) == 14)
        #expect("aaab".range(of: "aab").map { "aaab".distance(from: "aaab".startIndex, to: $0.lowerBound) } == 1)
    }

    @Test("hex digits: two lowercase digits per byte")
    func hex() {
        #expect(HexDigits.of([0x00, 0x0f, 0xa0, 0xff]) == "000fa0ff")
        #expect(HexDigits.of([UInt8]()) == "")
    }
}
