import GalleyCore
import Testing

@Suite("Edit distance")
struct EditDistanceTests {
    /// The definition, Character by Character, with the whole table.
    func reference(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
        }
        return table[a.count][b.count]
    }

    @Test("known pairs")
    func knownPairs() {
        #expect(EditDistance.between("titel", "title") == 2)
        #expect(EditDistance.between("weight", "verify") == 5)
        #expect(EditDistance.between("", "order") == 5)
        #expect(EditDistance.between("hovers", "") == 6)
        #expect(EditDistance.between("order", "order") == 0)
        // Characters, not bytes or scalars: é as one scalar or two, `\r\n` as one.
        #expect(EditDistance.between("café", "cafe\u{301}") == 0)
        #expect(EditDistance.between("a\r\nb", "a\nb") == 1)
        #expect(EditDistance.between("ordér", "order") == 1)
    }

    @Test("generated words give the definition's answer, ASCII or not")
    func generated() {
        let alphabets: [[String]] = [
            ["a", "b", "c", "_", "-"],
            ["a", "b", "é", "e\u{301}", "\r", "\n", "\r\n", "🇫🇷"],
        ]
        var generator = SystemRandomNumberGenerator()
        for alphabet in alphabets {
            for _ in 0..<500 {
                let a = (0..<Int.random(in: 0...7, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }.joined()
                let b = (0..<Int.random(in: 0...7, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }.joined()
                #expect(EditDistance.between(a, b) == reference(a, b), "\(a.debugDescription) \(b.debugDescription)")
            }
        }
    }
}
