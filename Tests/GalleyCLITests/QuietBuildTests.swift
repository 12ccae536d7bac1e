import Foundation
import GalleyTestSupport
import Testing

/// A build that passes prints no `error:` line: sourcekitd, asked about a
/// `compile_fail` sample for its hovers, prints that sample's expected
/// compiler error to standard error now and then, and the build must keep
/// it out of the user's terminal (issue 35).
@Suite("galley build: a clean build prints no error")
struct QuietBuildTests {
    /// A `compile_fail` sample of the shape that made sourcekitd print its
    /// error (a property wrapper whose generic requirement the wrapped type
    /// does not meet, read elsewhere in the type), as
    /// `content/migrating.md`'s `@ObservedObject` sample did.
    static let page = """
        # Home

        ```swift compile_fail
        protocol Watchable: AnyObject {}

        @propertyWrapper struct Watched<Object: Watchable> {
            var wrappedValue: Object
        }

        final class Cart {
            var items: [String] = []
        }

        struct ItemCount {
            @Watched var cart: Cart   // error: generic struct 'Watched' requires that 'Cart' conform to 'Watchable'
            var text: String { "\\(cart.items.count) items" }
        }
        ```

        """

    @Test(
        "a cold build with a compile_fail sample prints no error: line, on one hover lane or two, and still has hovers",
        arguments: ["1", "2"])
    func coldBuildIsQuiet(lanes: String) throws {
        let site = try TemporaryDirectory()
        defer { site.remove() }
        try FixtureTheme.write(into: site)
        try site.write("content/index.md", Self.page)
        let result = try GalleyExecutable.run(["build"], in: site.url, extraEnvironment: ["GALLEY_HOVER_LANES": lanes])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = (result.standardOutput + "\n" + result.standardError).split(separator: "\n")
        let errors = lines.filter { $0.contains("error:") }
        #expect(errors.isEmpty, "a passing build printed:\n\(errors.joined(separator: "\n"))")
        #expect(result.standardOutput.hasPrefix("Samples: 1 passed, 0 failed, 0 skipped ("), "\(result.standardOutput)")
        // The hovers were still asked for, by a worker process: the sample's names have popovers.
        let html = try site.read("public/index.html")
        #expect(html.contains("class=\"hv\""), "the compile_fail sample's valid lines have hovers")
    }
}
