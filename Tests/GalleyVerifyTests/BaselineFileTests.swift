import Foundation
import GalleyCore
import GalleyTestSupport
import Testing

@testable import GalleyReports
@testable import GalleyVerify

/// The baseline file as a reviewer reads it: one known failure per line.
@Suite("The baseline file")
struct BaselineFileTests {
    static let entries = [
        Baseline.Entry(page: "content/b.md", sample: "00000000000000bb", line: 40, failure: "cannot find 'x' in scope"),
        Baseline.Entry(page: "content/a.md", sample: "00000000000000a2", line: 12, failure: "prints \"2\", expected \"3\""),
        Baseline.Entry(page: "content/a.md", sample: "00000000000000a1", line: 3, failure: "crashed: Fatal error"),
    ]

    @Test("it is written one entry per line, sorted by file and line, each with file, line, reason and sample")
    func oneEntryPerLine() throws {
        let text = Baseline(entries: Self.entries).text
        let lines = text.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                #"{"version": 2, "knownFailures": ["#,
                #"{"file": "content/a.md", "line": 3, "reason": "crashed: Fatal error", "sample": "00000000000000a1"},"#,
                #"{"file": "content/a.md", "line": 12, "reason": "prints \"2\", expected \"3\"", "sample": "00000000000000a2"},"#,
                #"{"file": "content/b.md", "line": 40, "reason": "cannot find 'x' in scope", "sample": "00000000000000bb"}"#,
                "]}",
            ])
        #expect(Baseline(entries: []).text == "{\"version\": 2, \"knownFailures\": [\n]}\n")
    }

    @Test("what is written reads back the same, and JSON tools read it too")
    func roundTrip() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("known.json")
        try Baseline(entries: Self.entries).write(to: file, displayPath: "known.json")
        #expect(try Baseline.load(from: file, displayPath: "known.json") == Baseline(entries: Self.entries))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        #expect(object["version"] as? Int == 2)
        #expect((object["knownFailures"] as? [[String: Any]])?.count == 3)
    }

    @Test("a version 1 file (pretty-printed, page and failure keys) is still read")
    func readsVersion1() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let file = try folder.write(
            "old.json",
            """
            {
              "knownFailures" : [
                {
                  "failure" : "cannot find 'x' in scope",
                  "line" : 40,
                  "page" : "content/b.md",
                  "sample" : "00000000000000bb"
                }
              ],
              "version" : 1
            }

            """)
        let baseline = try Baseline.load(from: file, displayPath: "old.json")
        #expect(baseline.entries == [Self.entries[0]])
    }

    @Test("a line that is not an entry is named with its line number and what it lacks")
    func badLineNamed() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let file = try folder.write(
            "known.json",
            """
            {"version": 2, "knownFailures": [
            {"file": "content/a.md", "line": 3, "reason": "crashed", "sample": "00000000000000a1"},
            {"file": "content/a.md", "line": 12, "reason": "prints"},
            ]}

            """)
        #expect {
            try Baseline.load(from: file, displayPath: "known.json")
        } throws: { error in
            let diagnostic = error as? Diagnostic
            return diagnostic?.location == SourceLocation(path: "known.json", line: 3)
                && diagnostic?.message.contains("line 3 is not an entry (no \"sample\")") == true
        }
    }

    @Test("a version this Galley does not know is refused at its line")
    func unknownVersion() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let file = try folder.write("known.json", "{\n\"version\": 9, \"knownFailures\": []}\n")
        #expect {
            try Baseline.load(from: file, displayPath: "known.json")
        } throws: { error in
            let diagnostic = error as? Diagnostic
            return diagnostic?.location == SourceLocation(path: "known.json", line: 2)
                && diagnostic?.message.contains("has version 9; this Galley reads versions 1 and 2") == true
        }
    }
}
