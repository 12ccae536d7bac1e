import Foundation
import GalleyReports
import Testing

@testable import GalleySamples
@testable import GalleyVerify

/// Real doc bugs found in packages of the local mirror (`../shared/corpus.txt`)
/// and confirmed by reading the library: each must stay a `docs` verdict.
/// The listing is the package's, as written; `library` declares, in a few
/// lines of our own, the library API the listing uses (where it needs any)
/// with the behaviour the library documents, so the verdict is held without
/// building the package. BENCHMARKS.md lists them with the corpus figures.
@Suite("Confirmed doc bugs stay errors in the docs")
struct ConfirmedDocBugsTests {
    struct Bug: CustomTestStringConvertible, Sendable {
        var place: String
        var bug: String
        var listing: String
        var library = ""
        var testDescription: String { place }
    }

    static let bugs: [Bug] = [
        Bug(
            place: "apple/swift-algorithms@1.2.1 Sources/Algorithms/Chunked.swift:788",
            bug: "the second loop prints [4, 5, 6]; the comment says [4, 5, 5]",
            listing: """
                let numbers = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
                for chunk in numbers.chunks(ofCount: 5) {
                    print(chunk)
                }
                // [1, 2, 3, 4, 5]
                // [6, 7, 8, 9, 10]

                for chunk in numbers.chunks(ofCount: 3) {
                    print(chunk)
                }
                // [1, 2, 3]
                // [4, 5, 5]
                // [7, 8, 9]
                // [10]
                """,
            library: """
                extension Collection {
                    func chunks(ofCount count: Int) -> [SubSequence] {
                        var chunks: [SubSequence] = []
                        var start = startIndex
                        while start != endIndex {
                            let end = index(start, offsetBy: count, limitedBy: endIndex) ?? endIndex
                            chunks.append(self[start..<end])
                            start = end
                        }
                        return chunks
                    }
                }
                """),
        Bug(
            place: "apple/swift-algorithms@1.2.1 Sources/Algorithms/Permutations.swift:527",
            bug: "the `for` loop has no opening brace",
            listing: """
                let numbers = [1, 1, 2]
                for perm in numbers.permutations(ofCount: 2)
                    print(perm)
                }
                """,
            library: "extension Collection { func permutations(ofCount count: Int) -> [[Element]] { [] } }"),
        Bug(
            place: "apple/swift-algorithms@1.2.1 Sources/Algorithms/Trim.swift:50",
            bug: "`trimPrefix(while:)` mutates `myString`, declared with `let`",
            listing: """
                let myString = "  hello, world  "
                myString.trimPrefix(while: \\.isWhitespace)
                print(myString) // "hello, world  "
                """),
        Bug(
            place: "apple/swift-log@1.16.2 Sources/Logging/Logger.swift:1135",
            bug: "the metadata's array literal is never closed",
            listing: """
                logger.info(
                    "user selected colors",
                    metadata: [
                        "colors": .array([.string("\\(user.topColor)"), .string("\\(user.secondColor)")
                    ]
                )
                """),
        Bug(
            place: "apple/swift-collections@1.6.0 Sources/DequeModule/RigidDeque/RigidDeque+Prepend.swift:377",
            bug: "eleven elements prepended into a deque of capacity 10: the documented capacity overflow trap",
            listing: """
                var numbers = RigidDeque<Int>(capacity: 10)
                numbers.append(copying: [1, 2, 3, 4, 5])
                numbers.prepend(copying: 10...15)
                // `numbers` now contains [10, 11, 12, 13, 14, 15, 1, 2, 3, 4, 5]
                """,
            library: """
                struct RigidDeque<Element> {
                    var items: [Element] = []
                    let capacity: Int
                    init(capacity: Int) { self.capacity = capacity }
                    mutating func append(copying newItems: some Collection<Element>) {
                        precondition(items.count + newItems.count <= capacity, "RigidDeque capacity overflow")
                        items.append(contentsOf: newItems)
                    }
                    mutating func prepend(copying newItems: some Collection<Element>) {
                        precondition(items.count + newItems.count <= capacity, "RigidDeque capacity overflow")
                        items.insert(contentsOf: newItems, at: 0)
                    }
                }
                """),
        Bug(
            place: "apple/swift-collections@1.6.0 Sources/OrderedCollections/OrderedDictionary/OrderedDictionary.swift:46",
            bug: "`swapAt` mutates `b`, declared with `let`",
            listing: """
                let a: OrderedDictionary = [1: "one", 2: "two"]
                let b: OrderedDictionary = [2: "two", 1: "one"]
                a == b // false
                b.swapAt(0, 1) // `b` now has value [1: "one", 2: "two"]
                a == b // true
                """,
            library: """
                struct OrderedDictionary<Key: Hashable, Value: Equatable>: ExpressibleByDictionaryLiteral, Equatable {
                    var elements: [(key: Key, value: Value)]
                    init(dictionaryLiteral elements: (Key, Value)...) { self.elements = elements.map { (key: $0.0, value: $0.1) } }
                    mutating func swapAt(_ i: Int, _ j: Int) { elements.swapAt(i, j) }
                    static func == (a: Self, b: Self) -> Bool { a.elements.elementsEqual(b.elements) { $0.key == $1.key && $0.value == $1.value } }
                }
                """),
        Bug(
            place: "apple/swift-algorithms@1.2.1 Sources/Algorithms/Reductions.swift:130",
            bug: "`reductions(into:_:)` takes an `inout` accumulator; `+` returns a value (the listing means `reductions(0, +)`)",
            listing: """
                let runningTotal = [1, 2, 3, 4].reductions(into: 0, +)
                print(runningTotal)

                // prints [0, 1, 3, 6, 10]
                """,
            library: """
                extension Sequence {
                    func reductions<Result>(into initial: Result, _ transform: (inout Result, Element) throws -> Void) rethrows -> [Result] {
                        var result = initial
                        var all = [initial]
                        for element in self { try transform(&result, element); all.append(result) }
                        return all
                    }
                    func reductions<Result>(_ initial: Result, _ transform: (Result, Element) throws -> Result) rethrows -> [Result] {
                        var all = [initial]
                        for element in self { all.append(try transform(all[all.count - 1], element)) }
                        return all
                    }
                }
                """),
        Bug(
            place: "apple/swift-collections@1.6.0 Sources/BitCollections/BitSet/BitSet+SetAlgebra symmetricDifference.swift:60",
            bug: "`formSymmetricDifference` mutates `set`, declared with `let`",
            listing: """
                let set: BitSet = [1, 2, 3, 4]
                set.formSymmetricDifference(3 ..< 7) // [1, 2, 5, 6]
                """,
            library: """
                struct BitSet: ExpressibleByArrayLiteral {
                    var members: Set<Int>
                    init(arrayLiteral elements: Int...) { members = Set(elements) }
                    mutating func formSymmetricDifference(_ other: Range<Int>) { members.formSymmetricDifference(other) }
                }
                """),
        Bug(
            place: "groue/GRDB.swift@7.10.0 GRDB/Utils/Inflections.swift:105",
            bug: "the method is `singularize`, not `singularizes`",
            listing: """
                var inflections = Inflections()
                inflections.plural("$", "s")
                inflections.irregularSuffix("man", "men")
                inflections.pluralize("man")      // "men"
                inflections.singularizes("women") // "woman"
                """,
            library: """
                struct Inflections {
                    mutating func plural(_ pattern: String, _ template: String) {}
                    mutating func irregularSuffix(_ singular: String, _ plural: String) {}
                    @discardableResult func pluralize(_ string: String) -> String { string }
                    @discardableResult func singularize(_ string: String) -> String { string }
                }
                """),
        Bug(
            place: "pointfreeco/swift-case-paths@1.10.0 Sources/CasePaths/Internal/Deprecations.swift:414",
            bug: "the second call's `(` is never closed",
            listing: """
                extract(case: Result<Int, Error>.success, from: .success(42))
                // 42
                extract(case: Result<Int, Error>.success, from: .failure(MyError())
                // nil
                """,
            library: """
                struct MyError: Error {}
                @discardableResult
                func extract<Root, Value>(case embed: @escaping (Value) -> Root, from root: Root) -> Value? { nil }
                """),
        Bug(
            place: "groue/GRDB.swift@7.10.0 GRDB/QueryInterface/ForeignKey.swift:27",
            bug: "`ForeignKey([Columns.authorId]))` closes one parenthesis too many, twice",
            listing: """
                struct Book: TableRecord {
                    enum Columns {
                        static let authorId = Column("authorId")
                        static let translatorId = Column("translatorId")
                    }

                    // Define foreign keys
                    static let authorForeignKey = ForeignKey([Columns.authorId]))
                    static let translatorForeignKey = ForeignKey([Columns.translatorId]))
                }
                """,
            library: """
                protocol TableRecord {}
                struct Column { init(_ name: String) {} }
                struct ForeignKey { init(_ columns: [Column]) {} }
                """),
        Bug(
            place: "pointfreeco/swift-concurrency-extras@1.4.3 Sources/ConcurrencyExtras/Documentation.docc/ReliablyTestingAsync.md:187",
            bug: "`XCAssertEqual` for `XCTAssertEqual` in a test the page says passes",
            listing: """
                func testGetFact() async {
                  await withMainSerialExecutor {
                    let model = FeatureModel(numberFact: { number in
                      await Task.yield()
                      return "\\(number) is a good number!"
                    })

                    let task = Task { await model.getFactButtonTapped() }
                    await Task.yield()
                    XCTAssertEqual(model.isLoadingFact, true)  // ✅
                    await task.value
                    XCAssertEqual(model.fact, "0 is a good number!")  // ✅
                    XCTAssertEqual(model.isLoadingFact, false)  // ✅
                  }
                }
                """,
            library: """
                final class FeatureModel: @unchecked Sendable {
                    var isLoadingFact = false
                    var fact: String?
                    let numberFact: @Sendable (Int) async -> String
                    init(numberFact: @escaping @Sendable (Int) async -> String) { self.numberFact = numberFact }
                    func getFactButtonTapped() async {
                        isLoadingFact = true
                        fact = await numberFact(0)
                        isLoadingFact = false
                    }
                }
                func withMainSerialExecutor(_ operation: @Sendable () async throws -> Void) async rethrows { try await operation() }
                """),
    ]

    @Test("each confirmed bug is an error in the docs", arguments: bugs)
    func staysDocs(_ bug: Bug) throws {
        let page = "```swift\n\(bug.listing)\n```\n"
        let report = try verifyPage(page, pageProgram: false, assumesNames: false, setup: bug.library)
        #expect(report.results.count == 1)
        #expect(report.results.first?.status == .failed, "\(bug.place): \(bug.bug)")
        #expect(report.results.first?.cause == .docs, "\(bug.place): \(bug.bug) — \(report.failures)")
        #expect(!report.succeeded, "a confirmed doc bug fails the default gate")
    }
}
