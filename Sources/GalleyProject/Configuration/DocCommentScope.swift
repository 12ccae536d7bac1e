/// Which declarations' doc comments `galley verify` reads code listings
/// from in a package root (`verify: doc_comments:` in `galley.yml`,
/// `--doc-comments` on the command line).
///
/// ```yaml
/// verify:
///   doc_comments: all      # public (the default), all or none
/// ```
public enum DocCommentScope: String, Sendable, Equatable, CaseIterable {
    /// Those DocC shows: public and open declarations, members of
    /// extensions of other modules' types included. Listings compile as
    /// clients (`import Module`).
    case `public`
    /// Internal declarations too, their listings compiled with
    /// `@testable import Module` (the library is built for testing, as
    /// `swift build` does in debug). Private and fileprivate declarations
    /// are out of any client's reach and are not read.
    case all
    /// No doc comment is read: only the catalogs' samples are verified.
    case none
}
