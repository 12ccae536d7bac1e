import GalleyProject
import Synchronization

/// The pages of the last build that keeps nothing for a next one (`galley
/// build`), left for the process's exit to free: after such a build comes
/// only the exit, and freeing a site's pages one by one (their documents,
/// headings, sections, strings) took about 1.5 % of a 1,000-page first
/// build. Compilers do the same (clang's `-disable-free`). The next such
/// build in the same process (tests) frees the previous one's.
enum OneShotPages {
    private static let kept = Mutex<[Page]>([])

    /// Keeps `pages` until the next call, and frees the previous ones.
    static func keep(_ pages: [Page]) {
        let previous = kept.withLock { kept in
            let previous = kept
            kept = pages
            return previous
        }
        _ = previous  // freed here, outside the lock
    }
}
