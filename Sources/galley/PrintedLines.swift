import Foundation
import GalleySite
import Synchronization

/// What `galley build` prints besides its summary and progress, printed as
/// it comes and kept, so that a build with nothing changed prints it again
/// (``BuildStamp``).
final class PrintedLines: Sendable {
    private let kept = Mutex<[BuildStamp.Line]>([])

    /// The lines printed so far, in order.
    var lines: [BuildStamp.Line] { kept.withLock { $0 } }

    /// Prints `text` on standard error as it is (`Found 2 catalogs …`).
    func note(_ text: String) { add(BuildStamp.Line(.note, text)) }

    /// Prints `text` on standard error after `warning:`.
    func warning(_ text: String) { add(BuildStamp.Line(.warning, text)) }

    /// Prints `text` on standard output.
    func output(_ text: String) { add(BuildStamp.Line(.output, text)) }

    private func add(_ line: BuildStamp.Line) {
        kept.withLock { $0.append(line) }
        Self.print(line)
    }

    /// Prints `lines` again, as they were printed.
    static func replay(_ lines: [BuildStamp.Line]) {
        for line in lines { print(line) }
    }

    private static func print(_ line: BuildStamp.Line) {
        switch line.kind {
        case .output: Swift.print(line.text)
        case .note: FileHandle.standardError.write(Data("\(line.text)\n".utf8))
        case .warning: Diagnostics.printWarning(line.text)
        }
    }
}
