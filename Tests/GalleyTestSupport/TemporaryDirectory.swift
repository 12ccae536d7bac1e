import Foundation

/// A fresh folder under the system temporary directory, for one test.
public struct TemporaryDirectory: Sendable {
    /// The folder.
    public let url: URL

    /// Creates an empty folder with a unique name.
    public init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("galley-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Writes `text` to `path` under the folder, creating subfolders.
    @discardableResult
    public func write(_ path: String, _ text: String) throws -> URL {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return file
    }

    /// Writes raw bytes to `path` under the folder.
    public func write(_ path: String, bytes: [UInt8]) throws {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: file)
    }

    /// The text of `path` under the folder.
    public func read(_ path: String) throws -> String {
        try String(contentsOf: url.appendingPathComponent(path), encoding: .utf8)
    }

    /// Whether `path` exists under the folder.
    public func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: url.appendingPathComponent(path).path)
    }

    /// Every file under `path` with its bytes, for byte-identical comparisons.
    public func snapshot(_ path: String) throws -> [String: Data] {
        let root = url.appendingPathComponent(path)
        var files: [String: Data] = [:]
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else {
            return files
        }
        for case let file as URL in enumerator where (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            files[String(file.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count))] = try Data(contentsOf: file)
        }
        return files
    }

    /// Removes the folder.
    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

/// A minimal theme: a layout with every context field, and a head partial.
public enum FixtureTheme {
    /// Writes the theme into `templates/` of `directory`.
    public static func write(into directory: TemporaryDirectory) throws {
        try directory.write(
            "templates/layout.mustache",
            """
            <!doctype html><html lang="{{site.language}}"><head>{{> partials/head}}</head><body>
            <nav>{{#nav}}<a href="{{url}}"{{#current}} aria-current="page"{{/current}}>{{title}}</a>
            {{/nav}}</nav>
            {{#hasTOC}}<ol class="toc">{{#toc}}<li class="level-{{level}}"><a href="#{{id}}">{{text}}</a></li>{{/toc}}</ol>{{/hasTOC}}
            <main>{{{page.content}}}</main>
            {{#previous}}<a rel="prev" href="{{url}}">{{title}}</a>{{/previous}}
            {{#next}}<a rel="next" href="{{url}}">{{title}}</a>{{/next}}
            {{#page.editURL}}<a class="edit" href="{{page.editURL}}">Edit</a>{{/page.editURL}}
            {{#page.footer}}<footer>{{page.footer}}</footer>{{/page.footer}}
            </body></html>

            """)
        try directory.write(
            "templates/partials/head.mustache",
            "<title>{{page.title}} · {{site.title}}</title>\n<link rel=\"stylesheet\" href=\"{{root}}assets/site.css\">\n")
        try directory.write("templates/assets/site.css", "body { margin: 0 }\n")
    }
}
