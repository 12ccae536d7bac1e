import Foundation
import GalleyCore
import Testing

@testable import GalleySamples
@testable import GalleyVerify

/// Errors that follow from a declaration the listing does not hold: one
/// that a name the reader supplies breaks, one that another block of the
/// page declares. Minimal reproductions of swift-parsing's
/// `AnyConversion.swift` and GRDB's `SwiftConcurrency.md`, each with a
/// control that keeps the docs' own error the docs'.
@Suite("Declarations a listing leans on")
struct DeclarationsElsewhereTests {
    static let converters = """
        protocol Converter { associatedtype Input; associatedtype Output; func apply(_ x: Input) -> Output }
        struct Parse<Output> {
            init<C: Converter>(_ converter: C, _ build: () -> Int) where C.Input == Int, C.Output == Output {}
            init<C: Converter>(_ converter: C, _ build: () -> String) where C.Input == String, C.Output == Output {}
        }
        """

    @Test("a type the listing declares that a missing name breaks is as missing as that name for what uses it; an error elsewhere stays the docs'")
    func typeBrokenByMissingName() throws {
        let report = try verifyPage(
            """
            ```swift
            struct AmountConversion: Converter {
                func apply(_ x: Int) -> Amount { Amount(cents: x) }
            }
            let amount = Parse(AmountConversion()) { 1 }
            ```

            ```swift
            struct CentsConversion: Converter {
                func apply(_ x: Int) -> Cents { Cents(x) }
            }
            let cents = Parse(CentsConversion()) { 1 }
            let count: Int = "three"
            ```

            ```swift
            struct Broken: Converter {
                func apply(_ x: Int) -> Amount { Amount(cents: x }
            }
            ```

            ```swift
            struct Team: Converter {
                static let partner = Partner.self
                func apply(_ x: Int) -> Int { x }
            }
            print(Team().missingMember)
            ```

            ```swift
            struct Score: Converter {
                var id: Int
                enum Keys { static let id = CodingKeys.id }
            }
            ```
            """, pageProgram: false, assumesNames: false, setup: Self.converters)
        #expect(report.results.map(\.status) == [.failed, .failed, .failed, .failed, .failed], "\(report.failures)")
        // A syntax error in a broken type is still the docs'; a type the compiler does not say is broken is no excuse.
        #expect(report.results[2].cause == .docs, "\(report.failures)")
        #expect(report.results[3].cause == .docs, "\(report.failures)")
        // `CodingKeys` is synthesized by the type's own Codable conformance, not supplied: a type without one is the docs'.
        #expect(report.results[4].cause == .docs, "\(report.failures)")
        #expect(report.results[0].cause == .context, "\(report.failures)")
        #expect(report.results[0].undeclaredNames.contains("Amount"))
        #expect(report.results[1].cause == .docs, "the String given for an Int is the docs' own: \(report.failures)")
    }

    @Test(
        "a nested type another block declares, which the library's default stands for without it (aka 'Never'), is context; one declared nowhere is not"
    )
    func nestedTypeOfAnotherBlock() throws {
        let setup = """
            protocol TableRecord { associatedtype Columns = Never; static var selection: [Int] { get } }
            struct Player {}
            struct Team {}
            """
        let report = try verifyPage(
            """
            ```swift
            extension Player: TableRecord {
                static let selection: [Int] = [Columns.id]
                enum Columns {
                    static let id = 1
                }
                static let broken: Int = "x"
            }
            ```

            ```swift
            extension Player: TableRecord {
                static var selection: [Int] { [Columns.id] }
            }
            ```

            ```swift
            extension Team: TableRecord {
                static var selection: [Int] { [Columns.id] }
            }
            ```
            """, pageProgram: true, assumesNames: false, setup: setup)
        #expect(report.results.map(\.status) == [.failed, .failed, .failed], "\(report.failures)")
        #expect(report.results[0].cause == .docs, "its own error: \(report.failures)")
        #expect(report.results[1].cause == .context, "\(report.failures)")
        #expect(report.results[2].cause == .docs, "Team's Columns is declared nowhere: \(report.failures)")
    }
}
