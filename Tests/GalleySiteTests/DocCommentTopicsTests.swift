import Testing

@testable import GalleyProject
@testable import GalleyReference

@Suite("A doc comment's own Topics")
struct DocCommentTopicsTests {
    @Test("the ## Topics section leaves the discussion (to the next level-2 heading); one inside a code block stays")
    func splitting() {
        var discussion = """
            Reads rows.

            ```markdown
            ## Topics
            ```

            ## Topics

            ### Reading

            - ``read(_:)``

            ## See Also

            The guide.
            """
        let topics = SymbolPages.splittingTopics(&discussion)
        #expect(topics == "### Reading\n\n- ``read(_:)``\n\n")
        #expect(discussion == "Reads rows.\n\n```markdown\n## Topics\n```\n\n## See Also\n\nThe guide.")

        var fenced = "Example:\n\n~~~\n## Topics\n~~~\n\nIndented:\n\n    ## Topics"
        #expect(SymbolPages.splittingTopics(&fenced) == nil)
        #expect(fenced == "Example:\n\n~~~\n## Topics\n~~~\n\nIndented:\n\n    ## Topics")
    }
}
