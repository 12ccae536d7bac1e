import Foundation
import GalleyCore
import GalleyOutput
import GalleyProject

/// Writing the site: a first build finishes its staging folder and swaps it
/// in whole; a later one replaces only the files whose bytes or sources
/// changed, each with an atomic rename. A failed write changes nothing.
struct OutputStage {
    let context: BuildContext

    /// The first build finishes the staging folder (the files not written
    /// yet, one flush, the swap); later ones replace only the files whose
    /// bytes or sources changed.
    func run(generated: [String: Data], copied: [String: URL], staging: OutputWriter.Staging?) throws(BuildFailure) {
        let layout = context.layout
        let changes = context.changes
        let writer = OutputWriter(directory: layout.outputDirectory, displayPath: layout.displayPath(of: layout.outputDirectory))
        do throws(Diagnostic) {
            if let written = context.written {
                var changed: [OutputFile] = []
                for (path, data) in generated.sorted(by: { $0.key < $1.key }) where written.generated[path] != data {
                    changed.append(OutputFile(path: path, content: .data(data)))
                }
                let templates = FolderPath(layout.templatesDirectory)
                for (path, source) in copied.sorted(by: { $0.key < $1.key }) {
                    let isTheme = path.hasPrefix("assets/") && templates.contains(source.path)
                    let touched =
                        changes.everything || written.copied[path] != source
                        || (isTheme ? changes.templates : changes.content.contains { RelativePath.is(path, inside: $0) })
                    if touched { changed.append(.copy(path, from: source)) }
                }
                let removed = Set(written.generated.keys).union(written.copied.keys)
                    .subtracting(generated.keys).subtracting(copied.keys)
                try writer.update(changed, removing: removed.sorted())
            } else {
                var files = generated.sorted { $0.key < $1.key }.map { OutputFile(path: $0.key, content: .data($0.value)) }
                files += copied.sorted { $0.key < $1.key }.map { OutputFile.copy($0.key, from: $0.value) }
                if let staging { try staging.finish(files) } else { try writer.write(files) }
            }
        } catch {
            throw BuildFailure([error])
        }
    }
}
