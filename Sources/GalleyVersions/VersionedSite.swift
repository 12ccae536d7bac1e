import Foundation
import GalleyCore
import GalleyMarkdown
import GalleyOutput
import GalleyProject
import GalleyReference
import GalleyRender

/// The assembly of a versioned site from its versions' built sites: each
/// version at `public/<version>/` (its pages at the paths its own build
/// gave them, DocC's for the reference), the newest release again at
/// `public/latest/`, the root's `index.html` sending readers there, a
/// version switcher in every page's slot, a "what changed" page per version
/// and `versions.json`. Written whole or not at all (``OutputWriter``).
///
/// ```swift
/// let site = VersionedSite(versions: versions, built: built, title: "jwt-kit")
/// let assembled = try site.assemble(into: layout.outputDirectory, displayPath: "public")
/// assembled.regressions   // samples that pass in one version and fail in the next
/// ```
public struct VersionedSite: Sendable {
    /// The versions, in the switcher's order (``SiteVersion/selected(_:tags:branches:)``).
    public var versions: [SiteVersion]
    /// Each version's build, by its folder.
    public var built: [String: VersionBuilder.Built]
    /// The site's title.
    public var title: String
    /// Where the site is published (`https://example.org/docs/`): canonical links and `sitemap.xml` point at `latest/`.
    public var baseURL: String?

    /// A site of `versions`, built as `built` says.
    public init(versions: [SiteVersion], built: [String: VersionBuilder.Built], title: String, baseURL: String? = nil) {
        self.versions = versions
        self.built = built
        self.title = title
        self.baseURL = baseURL
    }

    /// What the assembly wrote.
    public struct Assembled: Sendable {
        /// The version `latest/` shows.
        public var latest: SiteVersion?
        /// Each version's changes against the one before it, newest first.
        public var changes: [VersionChanges] = []
        /// How many files the site has.
        public var fileCount = 0

        /// Every sample that passed in a version and fails in the next.
        public var regressions: [VersionChanges.SampleChange] { changes.flatMap(\.regressions) }
    }

    /// The slot the theme leaves in a versioned page's head for its canonical link.
    public static let canonicalSlot = "<!--galley:canonical-->"

    /// The version each version is compared with: the next older tag; a branch's, the latest release.
    public func predecessor(of version: SiteVersion) -> SiteVersion? {
        let tags = versions.filter { !$0.isBranch }
        if version.isBranch { return SiteVersion.latest(of: tags) }
        guard let index = tags.firstIndex(of: version), index + 1 < tags.count else { return nil }
        return tags[index + 1]
    }

    /// What the assembly computes before it writes: each version's files, its
    /// changes against the one before, the switcher, and each symbol's first version.
    struct Plan {
        var latest: SiteVersion?
        var pages: [String: [String]] = [:]
        var changes: [String: VersionChanges] = [:]
        var switcher = VersionSwitcher(versions: [])
        var since: [String: String] = [:]
    }

    /// The plan of this site's assembly; throws when a version has not been built.
    func plan() throws(Diagnostic) -> Plan {
        var plan = Plan(latest: SiteVersion.latest(of: versions))
        for version in versions {
            guard let build = built[version.folder] else { throw Diagnostic("version \(version.name) has not been built") }
            plan.pages[version.folder] = try Self.files(in: build.site)
        }
        for version in versions {
            guard let older = predecessor(of: version), let before = built[older.folder], let after = built[version.folder] else { continue }
            plan.changes[version.folder] = VersionChanges(from: before.record, to: after.record)
        }
        plan.switcher = VersionSwitcher(
            versions: versions.map { version in
                VersionSwitcher.Entry(
                    name: version.name, folder: version.folder, pages: Set((plan.pages[version.folder] ?? []).filter { $0.hasSuffix(".html") }),
                    note: built[version.folder]?.record.unverifiedReason.map { _ in
                        "The library of \(version.name) does not build with this toolchain: its samples are shown, not verified."
                    }, isLatest: version == plan.latest, changesPage: plan.changes[version.folder] == nil ? nil : ChangesPage.path)
            })
        plan.since = sinceVersions()
        return plan
    }

    /// What fills the slots of `version`'s pages as they are rendered (a
    /// preview's live build of the checked-out version): by the page's path,
    /// its HTML with the switcher, its first version and its canonical link.
    public func pageFiller(for version: SiteVersion) throws(Diagnostic) -> @Sendable (String, String) -> String {
        let plan = try plan()
        let urls = Dictionary(
            (built[version.folder]?.record.api?.entries ?? []).map { ($0.url, $0.identifier) }, uniquingKeysWith: { first, _ in first })
        let site = self
        return { path, html in site.fill(html, page: path, version: version, switcher: plan.switcher, since: urls[path].flatMap { plan.since[$0] }) }
    }

    /// Writes the site into `output` (replaced whole), shown as `displayPath` in
    /// errors. The folder of `live` (a preview's checked-out version, which
    /// its live build goes on writing) keeps its build's output stamp.
    public func assemble(into output: URL, displayPath: String, live: SiteVersion? = nil) throws(Diagnostic) -> Assembled {
        let plan = try plan()
        var assembled = Assembled(latest: plan.latest)
        assembled.changes = versions.compactMap { plan.changes[$0.folder] }
        // Pages are filled and written one at a time on all cores, never held together: a large package's
        // versions are gigabytes of HTML (swift-syntax's reference is 48,000 pages, 5 GB, per version).
        let staging = try OutputWriter(directory: output, displayPath: displayPath).beginStaging()
        var files: [OutputFile] = []
        var written = 0
        for version in versions {
            guard let build = built[version.folder] else { continue }
            var folders = [version.folder]
            if version == plan.latest { folders.append("latest") }
            var versionFiles = plan.pages[version.folder] ?? []
            if let changes = plan.changes[version.folder], let older = predecessor(of: version) {
                let page = ChangesPage(changes: changes, olderFolder: older.folder, newerFolder: version.folder, title: title)
                files.append(
                    .text(
                        "\(version.folder)/\(ChangesPage.path)",
                        fill(page.html, page: ChangesPage.path, version: version, switcher: plan.switcher, since: nil)))
                versionFiles.removeAll { $0 == ChangesPage.path }
            }
            let urls = Dictionary((build.record.api?.entries ?? []).map { ($0.url, $0.identifier) }, uniquingKeysWith: { first, _ in first })
            let pages = versionFiles.filter { $0.hasSuffix(".html") }
            for path in versionFiles where !path.hasSuffix(".html") && (path != OutputFolderGuard.stampName || version == live) {
                for folder in folders { files.append(.copy("\(folder)/\(path)", from: build.site.appendingPathComponent(path))) }
            }
            let (switcher, since, targets) = (plan.switcher, plan.since, folders)
            _ = Concurrently.map(pages) { path -> Bool in
                guard let data = FileManager.default.contents(atPath: build.site.appendingPathComponent(path).path) else { return false }
                let text = fill(
                    String(decoding: data, as: UTF8.self), page: path, version: version, switcher: switcher, since: urls[path].flatMap { since[$0] })
                let filled = Data(text.utf8)
                for folder in targets { staging.add("\(folder)/\(path)", filled, keepingBytes: false) }
                return true
            }
            written += pages.count * folders.count
        }
        files += rootFiles(latest: plan.latest, latestPages: plan.latest.flatMap { plan.pages[$0.folder] } ?? [])
        assembled.fileCount = written + files.count + 1
        try staging.finish(files)
        return assembled
    }

    /// The page `page` of `version` with the switcher in its slot and its canonical link.
    private func fill(_ html: String, page: String, version: SiteVersion, switcher: VersionSwitcher, since: String?) -> String {
        var nav = switcher.html(on: page, in: version.folder)
        if let since {
            nav = nav.replacingOccurrences(of: "</nav>", with: "<p class=\"version-since\">Since \(HTMLEscaping.escape(since))</p></nav>")
        }
        var text = html.replacingOccurrences(of: VersionSwitcher.slot, with: nav)
        var canonical = ""
        if let baseURL, let latest = SiteVersion.latest(of: versions) {
            canonical = "<link rel=\"canonical\" href=\"\(baseURL)latest/\(switcher.target(of: page, in: latest.folder))\">"
        }
        text = text.replacingOccurrences(of: Self.canonicalSlot, with: canonical)
        return text
    }

    /// The oldest version each symbol is in, by identifier, for the symbols not in the oldest version built
    /// (of those, only "since at least" is known).
    private func sinceVersions() -> [String: String] {
        let tags = versions.filter { !$0.isBranch }.reversed()
        guard let oldest = tags.first else { return [:] }
        var since: [String: String] = [:]
        for entry in built[oldest.folder]?.record.api?.entries ?? [] { since[entry.identifier] = "" }
        for version in tags.dropFirst() {
            for entry in built[version.folder]?.record.api?.entries ?? [] where since[entry.identifier] == nil {
                since[entry.identifier] = version.name
            }
        }
        return since.filter { !$0.value.isEmpty }
    }

    /// The root's files: the home page sending readers to `latest/`, `versions.json`, and the sitemap of `latest/`.
    private func rootFiles(latest: SiteVersion?, latestPages: [String]) -> [OutputFile] {
        let target = latest.map { _ in "latest/index.html" } ?? "\(versions.first?.folder ?? "")/index.html"
        var files: [OutputFile] = [
            .text(
                "index.html",
                """
                <!DOCTYPE html>
                <html lang="en">
                <head><meta charset="utf-8"><title>\(HTMLEscaping.escape(title))</title>
                <meta http-equiv="refresh" content="0; url=\(target)"><link rel="canonical" href="\(baseURL ?? "")\(target)"></head>
                <body><p><a href="\(target)">\(HTMLEscaping.escape(title)) \(HTMLEscaping.escape(latest?.name ?? ""))</a></p><ul>
                \(versions.map { "<li><a href=\"\($0.folder)/index.html\">\(HTMLEscaping.escape($0.name))</a></li>" }.joined(separator: "\n"))
                </ul></body>
                </html>

                """)
        ]
        let list = versions.map { version -> [String: Any] in
            var item: [String: Any] = ["name": version.name, "folder": version.folder, "commit": version.commit, "branch": version.isBranch]
            item["latest"] = version == latest
            item["verified"] = built[version.folder]?.record.unverifiedReason == nil
            return item
        }
        if let data = try? JSONSerialization.data(withJSONObject: ["versions": list], options: [.prettyPrinted, .sortedKeys]) {
            files.append(OutputFile(path: "versions.json", content: .data(data)))
        }
        if let baseURL {
            let urls = latestPages.filter { $0.hasSuffix(".html") && $0 != "404.html" }.sorted()
            files.append(.text(Sitemap.path, Sitemap.xml(baseURL: baseURL + "latest/", pageURLs: urls)))
        }
        return files
    }

    /// Every file under `folder`, relative to it, `/`-separated.
    static func files(in folder: URL) throws(Diagnostic) -> [String] {
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else {
            throw Diagnostic("cannot read the built site '\(folder.path)'")
        }
        let base = folder.resolvingSymlinksInPath().path
        var paths: [String] = []
        for case let url as URL in enumerator where (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
            let path = url.resolvingSymlinksInPath().path
            guard path.hasPrefix(base + "/") else { continue }
            paths.append(String(path.dropFirst(base.count + 1)))
        }
        return paths.sorted()
    }

    /// A digest of what, besides the commit and Galley, decides a version's
    /// build: the project's `galley.yml` and theme files, and `extra` (the
    /// command line's settings).
    public static func settingsKey(project: SiteLayout, extra: String) -> String {
        var hasher = SHA256()
        hasher.update(data: Data(extra.utf8))
        if let data = FileManager.default.contents(atPath: project.configurationFile.path) { hasher.update(data: data) }
        if let theme = try? files(in: project.templatesDirectory) {
            for path in theme {
                hasher.update(data: Data(path.utf8))
                if let data = FileManager.default.contents(atPath: project.templatesDirectory.appendingPathComponent(path).path) {
                    hasher.update(data: data)
                }
            }
        }
        return HexDigits.of(hasher.finalize())
    }
}
