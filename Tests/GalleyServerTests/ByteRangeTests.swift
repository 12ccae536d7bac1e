import Testing

@testable import GalleyServer

@Suite("Range headers")
struct ByteRangeTests {
    @Test("one byte range is read as RFC 9110 says: closed, open-ended, suffix, clamped at the end")
    func satisfiable() {
        #expect(ByteRange(header: "bytes=2-5", length: 8) == .part(2...5))
        #expect(ByteRange(header: "bytes=6-", length: 8) == .part(6...7))
        #expect(ByteRange(header: "bytes=-3", length: 8) == .part(5...7))
        #expect(ByteRange(header: "bytes=-100", length: 8) == .part(0...7))
        #expect(ByteRange(header: "bytes=4-100", length: 8) == .part(4...7))
        #expect(ByteRange(header: "bytes=0-99999999999999999999", length: 8) == .part(0...7))
        #expect(ByteRange(header: "Bytes = 1-2", length: 8) == .part(1...2))
    }

    @Test("a range that starts at or past the end, or an empty suffix, is unsatisfiable")
    func unsatisfiable() {
        #expect(ByteRange(header: "bytes=8-", length: 8) == .unsatisfiable)
        #expect(ByteRange(header: "bytes=100-200", length: 8) == .unsatisfiable)
        #expect(ByteRange(header: "bytes=99999999999999999999-", length: 8) == .unsatisfiable)
        #expect(ByteRange(header: "bytes=-0", length: 8) == .unsatisfiable)
        #expect(ByteRange(header: "bytes=0-0", length: 0) == .unsatisfiable)
    }

    @Test("no header, another unit, several ranges or a malformed one ask for the whole file")
    func ignored() {
        for header in [nil, "bytes=abc", "bytes=5-2", "items=0-1", "bytes=0-1,4-5", "bytes=+1-2", "bytes=1 - 2", "bytes", "bytes=-"] {
            #expect(ByteRange(header: header, length: 8) == .whole, "\(header ?? "no header")")
        }
        // An empty file has no bytes to take a suffix of.
        #expect(ByteRange(header: "bytes=-5", length: 0) == .whole)
    }
}
