import Testing

@testable import GalleyProject
@testable import GalleyReference

/// A doc comment laid out as DocC lays out a symbol's page.
@Suite("Doc comment sections")
struct DocCommentSectionsTests {
    @Test("the abstract, the Parameters callout's items (continued lines kept), Returns, Throws, and the rest as the discussion")
    func callouts() {
        let sections = DocCommentSections(
            """
             Creates a logger
             for a label.

             The `label` should identify the creator.

             - parameters:
                - label: An identifier for the creator,
                  on two lines.
                - factory: A closure that makes a handler.
             - Returns: A logger.
             - Throws: `LoggerError` when the label is empty.

             ```swift
             - Parameter x: not a callout inside a listing
             ```
            """)
        #expect(sections.abstract == "Creates a logger\nfor a label.")
        #expect(sections.parameters.map(\.name) == ["label", "factory"])
        #expect(sections.parameters.first?.text == "An identifier for the creator,\non two lines.")
        #expect(sections.returns == "A logger.")
        #expect(sections.throwsText == "`LoggerError` when the label is empty.")
        #expect(sections.discussion.contains("The `label` should identify the creator."))
        #expect(sections.discussion.contains("- Parameter x: not a callout inside a listing"))
        #expect(!sections.discussion.contains("A logger."))
    }

    @Test("a single `- Parameter name:` callout, and a comment that starts with a listing has no abstract")
    func singleParameterAndListingFirst() {
        let single = DocCommentSections("Adds.\n\n- Parameter x: A number.\n- Note: Not a callout DocC lifts out.\n")
        #expect(single.parameters.map(\.name) == ["x"] && single.parameters.first?.text == "A number.")
        #expect(single.discussion == "- Note: Not a callout DocC lifts out.")
        let listing = DocCommentSections("```swift\nlet x = 1\n```\n\nThen more.\n")
        #expect(listing.abstract.isEmpty)
        #expect(listing.discussion.hasPrefix("```swift"))
    }

    @Test("a parameter's name written as code (`- Parameter `i`:`, `- `body`:`) is its name, so it is no symbol link on the page")
    func parameterNamesAsCode() {
        let single = DocCommentSections("Moves on.\n\n- Parameter `i`: A valid index.\n")
        #expect(single.parameters.map(\.name) == ["i"])
        let list = DocCommentSections("Tests.\n\n- Parameters:\n   - `value`: The value.\n   - `body`: A closure.\n")
        #expect(list.parameters.map(\.name) == ["value", "body"] && list.parameters.last?.text == "A closure.")
    }

    @Test("a top-level indented listing becomes a fenced one of the same code (so it is highlighted and shows its verdict); one in a list item stays")
    func indentedListingsFenced() {
        let text = "Sums.\n\n    let s = [1, 2].reduce(0, +)\n      print(s)\n\nThen:\n\n- An item:\n\n        let t = 1\n"
        #expect(
            DocCommentSections.fencingIndentedListings(text)
                == "Sums.\n\n```\nlet s = [1, 2].reduce(0, +)\n  print(s)\n```\n\nThen:\n\n- An item:\n\n        let t = 1\n")
        let fenced = "Sums.\n\n```swift\nlet s = 1\n```\n"
        #expect(DocCommentSections.fencingIndentedListings(fenced) == fenced)
    }
}
