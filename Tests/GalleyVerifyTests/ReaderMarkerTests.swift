import Foundation
import GalleyCore
import Testing

@testable import GalleySamples
@testable import GalleyVerify

/// Compile errors the docs mark for readers (`// 🛑 Ambiguous use of…`,
/// `// Does not compile:`), not with Galley's `// error:`: the line counts,
/// not the wording, which compilers change between releases. Minimal
/// reproductions of swift-parsing's `Int.md` and Nimble's `Expectations.md`.
@Suite("Errors marked for readers")
struct ReaderMarkerTests {
    static let function = "func pair(_ a: Int, _ b: String) -> Int { a }\n"

    @Test("an emoji marker is met by an error on its line in other words; an explicit // error: marker still needs its words")
    func emojiMarkerWording() throws {
        let report = try verifyPage(
            """
            ```swift
            let count: Int = "three" // 🛑 Cannot convert value of type 'String' to 'Int' in assignment
            ```

            ```swift
            let count: Int = "three" // error: cannot convert value of type 'String' to 'Int' in assignment
            ```
            """, pageProgram: false, assumesNames: false)
        #expect(report.results.map(\.status) == [.passed, .failed], "\(report.failures)")
    }

    @Test("the errors that follow in a marked statement are part of it; an error in another statement is not")
    func followingErrorsInStatement() throws {
        let report = try verifyPage(
            """
            ```swift
            let result = pair(
                "one",
                2 // 🛑 Cannot convert 'Int'
            )
            ```

            ```swift
            let result = pair(
                "one",
                2 // 🛑 Cannot convert 'Int'
            )
            let other: Int = "x"
            ```
            """, pageProgram: false, assumesNames: false, setup: Self.function)
        #expect(report.results.map(\.status) == [.passed, .failed], "\(report.failures)")
        #expect(report.results[1].failure?.contains("unexpected error") == true, "\(report.failures)")
    }

    @Test("a comment that says the code under it does not compile marks any error there; code under it that compiles fails")
    func announcedCompileFailure() throws {
        #expect(ErrorMarkerComment.announcesCompileFailure("// Does not compile:"))
        #expect(ErrorMarkerComment.announcesCompileFailure("// This won’t compile"))
        #expect(!ErrorMarkerComment.announcesCompileFailure("// Compiles and runs"))
        let report = try verifyPage(
            """
            ```swift
            // Swift

            // Does not compile:
            let greeting: Int = "Squee!"
            ```

            ```swift
            // Does not compile:
            let greeting = "Squee!"
            ```
            """, pageProgram: false, assumesNames: false)
        #expect(report.results.map(\.sample.mode) == [.compileFail, .compileFail])
        #expect(report.results.map(\.status) == [.passed, .failed], "\(report.failures)")
    }

    @Test("an emoji marker whose statement fails on another line is met; one in a statement that compiles is not")
    func markerInFailingStatement() throws {
        // swift-parsing's Float.md: `// 🛑 Ambiguous use of 'parser(of:)'` on the second builder line, the compiler's error on the first.
        let report = try verifyPage(
            """
            ```swift
            let result = pair(
                "one", // the compiler reports this line
                "two" // 🛑 Cannot convert 'String'
            )
            ```

            ```swift
            let result = pair(1, "one")
            let other = pair(
                2,
                "two" // 🛑 Cannot convert 'String'
            )
            let wrong: Int = "x"
            ```
            """, pageProgram: false, assumesNames: false, setup: Self.function)
        #expect(report.results.map(\.status) == [.passed, .failed], "\(report.failures)")
    }
}
