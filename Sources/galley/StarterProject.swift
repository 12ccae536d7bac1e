import Foundation
import GalleyCore
import GalleyRender
import GalleyTheme

/// The files `galley init` writes: a `galley.yml` whose every key is
/// commented out and explained, a first page with a sample that is verified,
/// a GitHub Actions workflow that verifies, builds and publishes the site,
/// and optionally a copy of the built-in theme to edit.
///
/// It never overwrites anything: ``write(into:displayPath:)`` checks every
/// file first and writes nothing when one is in the way.
///
/// ```swift
/// let written = try StarterProject(includesTheme: true).write(into: folderURL, displayPath: "my-site")
/// // ["galley.yml", "content/index.md", ".github/workflows/docs.yml", "templates/404.mustache", …]
/// ```
struct StarterProject: Sendable {
    /// Whether the built-in theme is copied into `templates/`.
    var includesTheme: Bool
    /// How many CI machines verify the samples; above 1 the workflow is a
    /// matrix of `galley verify --shard I/N` jobs (``shardedWorkflow(shards:)``).
    var shards: Int

    /// Whether `.github/workflows/docs.yml` is written (`galley init --ci none`: not).
    var writesWorkflow: Bool

    /// A project with or without a copy of the theme, verified by one CI job or `shards` of them.
    init(includesTheme: Bool = false, shards: Int = 1, writesWorkflow: Bool = true) {
        self.includesTheme = includesTheme
        self.shards = max(1, shards)
        self.writesWorkflow = writesWorkflow
    }

    /// One file to write.
    typealias File = StarterFile

    /// Every file, in the order they are written: `galley.yml`,
    /// `content/index.md`, `.github/workflows/docs.yml`, then the theme under
    /// `templates/` when ``includesTheme`` is set.
    var files: [File] {
        var files = [
            File(path: "galley.yml", contents: Data(Self.configuration.utf8)),
            File(path: "content/index.md", contents: Data(Self.indexPage.utf8)),
        ]
        if writesWorkflow {
            files.append(
                File(
                    path: ".github/workflows/docs.yml",
                    contents: Data((shards > 1 ? Self.shardedWorkflow(shards: shards) : Self.workflow).utf8)))
        }
        if includesTheme {
            files += DefaultTheme.files.sorted { $0.key < $1.key }.map { File(path: "templates/\($0.key)", contents: $0.value) }
        }
        return files
    }

    /// Writes ``files`` into `directory`, creating it and the folders on the
    /// way, and returns their paths; writes nothing when a file is in the way
    /// (``StarterFile/write(_:into:displayPath:advice:)``).
    ///
    /// - Parameter displayPath: how errors name `directory` (`my-site`, or `.`).
    func write(into directory: URL, displayPath: String) throws(DiagnosticList) -> [String] {
        let advice =
            includesTheme
            ? ". To add only the theme to an existing site, run `galley init --theme /tmp/galley-theme` and move its templates/ folder into the site"
            : ""
        return try StarterFile.write(files, into: directory, displayPath: displayPath, advice: advice)
    }

    /// `galley.yml`: every key commented out, with what it does.
    static let configuration = """
        # Site settings for galley build, galley verify and galley serve.
        # Every key is optional: uncomment a line to set it (the values shown are examples).

        # title: My Documentation              # the site's name, in the sidebar and page titles (default: Documentation)
        # description: One sentence about the site.   # a summary of the site, site.description in templates
        # base_url: https://example.org/docs/  # where the site is published; adds sitemap.xml and absolute links on 404.html
        # language: en                         # the lang attribute of every page (default: en)
        # edit_url: https://github.com/org/repo/edit/main/content/   # adds "Edit this page"; the page's path under content/ is appended
        # source_url: https://github.com/org/repo/blob/main/   # a package's API reference links each declaration's line (default: the git remote)
        # reference_path: documentation        # the folder of a package's API reference (default: DocC's, so links to a DocC site keep working)
        # external_docs:                       # where other modules' documentation is; declarations and symbol links link there
        #   NIOCore: https://swiftpackageindex.com/apple/swift-nio/main/documentation/niocore/   # (Apple's modules are known)
        # search: true                         # the search box and search-index.js; false turns search off
        # hovers: true                         # declarations and types of sample identifiers on hover, // ^? queries; false turns them off
        # llms: true                           # llms.txt, llms-full.txt and a .md copy of each page (samples with verdicts); false turns them off
        # favicon: images/icon.png             # the site's icon, a file under content/ (default: the theme's)
        # allow_outside: [../shared-docs]      # folders outside the project that links in content/ may point into
        # versions:                            # galley build --versions (in a package's git clone): which versions are built
        #   tags: ["1.*"]                      # tag patterns, * any text (default: every release tag)
        #   branches: [main]                   # branches built too, listed first
        #   keep: 5                            # the newest this many matching tags (0: all)
        # markdown:
        #   unsafe_html: false                 # raw HTML in Markdown is left out unless true

        # How the Swift samples are compiled and run (galley verify --help explains the samples):
        # verify:
        #   package: .                         # the SwiftPM package whose library products samples link against
        #   products: [MyLibrary]              # library products built with `swift build --product` and linked into every sample
        #   module_aliases:                    # `import SwiftUI` compiles against HeadlessSwiftUI (swiftc -module-alias)
        #     SwiftUI: HeadlessSwiftUI
        #   timeout: 10                        # seconds one sample program may run
        #   sandbox: auto                      # auto | on | off: run samples in bubblewrap (read-only files, no network)
        #   prelude: |                         # Swift lines compiled before every sample
        #     import Foundation
        #   swift_version: 6                   # the samples' language mode: 5 or 6 (a sample's swift5 or swift6 attribute wins)
        #   flags: [-enable-upcoming-feature, ExistentialAny]   # extra swiftc flags
        #   default: no_run                    # what a plain ```swift block does: run (the default), no_run (compile only) or ignore
        #   environment: { LANG: C }           # extra environment variables of sample runs
        #   page: samples                      # samples (the default): each sample alone; program: a page's samples are one program

        """

    /// `content/index.md`: a title, a paragraph and a sample that states its output.
    static let indexPage = #"""
        ---
        title: Welcome
        description: The home page of a documentation site built with Galley.
        ---

        # Welcome

        Galley compiles and runs every Swift sample on these pages before it
        publishes them. A `// Prints` comment says what a sample prints; when the
        program prints something else, `galley build` fails at the sample's line.
        Edit this file, add more Markdown pages next to it, and run `galley serve`
        to see each change as you save.

        ```swift
        struct Greeting {
            var name: String
            var text: String { "Hello, \(name)!" }
        }

        let greeting = Greeting(name: "Galley")
        print(greeting.text)
        // Prints "Hello, Galley!"
        ```

        """#

    /// What every workflow has after its opening comment: triggers, permissions, concurrency, `jobs:`.
    private static let preamble = """
        name: Docs

        on:
          push:
            branches: [main]
          pull_request:
          workflow_dispatch:

        permissions:
          contents: read
          pages: write
          id-token: write

        concurrency:
          group: docs-${{ github.ref }}
          cancel-in-progress: true

        jobs:
        """

    /// The step that installs the C libraries Galley and its samples need.
    private static let installCmarkStep = """
              - name: Install cmark-gfm
                run: apt-get update && apt-get install -y --no-install-recommends pkg-config libcmark-gfm-dev libcmark-gfm-extensions-dev
        """

    /// The job that publishes the uploaded site with GitHub Pages on `main`.
    private static let deployJob = """
          deploy:
            if: github.ref == 'refs/heads/main'
            needs: build
            runs-on: ubuntu-24.04
            environment:
              name: github-pages
              url: ${{ steps.deployment.outputs.page_url }}
            steps:
              - id: deployment
                uses: actions/deploy-pages@v4
        """

    /// `.github/workflows/docs.yml`: verify, build and publish with GitHub Pages.
    static let workflow = #"""
        # Verifies the Swift samples and builds the site on every pull request and
        # push; a push to main also publishes it with GitHub Pages (in the
        # repository's Settings → Pages, set Source to "GitHub Actions").
        \#(preamble)
          build:
            runs-on: ubuntu-24.04
            container: swift:6.3-noble   # the Swift toolchain; samples are compiled with it
            steps:
              - uses: actions/checkout@v4
        \#(installCmarkStep)
              # Galley is built from source with SwiftPM and put on PATH: set
              # GALLEY_GIT to the repository you get Galley from, GALLEY_REF to a tag.
              - name: Install Galley
                env:
                  GALLEY_GIT: https://github.com/your-org/galley.git
                  GALLEY_REF: main
                run: |
                  git clone --depth 1 --branch "$GALLEY_REF" "$GALLEY_GIT" "$RUNNER_TEMP/galley"
                  swift build -c release --product galley --package-path "$RUNNER_TEMP/galley"
                  echo "$RUNNER_TEMP/galley/.build/release" >> "$GITHUB_PATH"
              - name: Verify the samples
                run: galley verify --format github
              - name: Build the site
                run: galley build
              - if: github.ref == 'refs/heads/main'
                uses: actions/upload-pages-artifact@v3
                with:
                  path: public/

        \#(deployJob)

        """#

    /// `.github/workflows/docs.yml` for a book with many samples: `galley` is
    /// built once, `shards` matrix jobs each verify their share
    /// (`galley verify --shard I/N`, balanced by sample count), and one job
    /// merges their reports into annotations, builds the site from their
    /// cached results (no sample runs twice) and publishes it.
    static func shardedWorkflow(shards: Int) -> String {
        let list = (1...max(2, shards)).map(String.init).joined(separator: ", ")
        let count = max(2, shards)
        return #"""
            # Verifies the Swift samples on \#(count) machines at once and builds the site on
            # every pull request and push; a push to main also publishes it with GitHub
            # Pages (in the repository's Settings → Pages, set Source to "GitHub Actions").
            # Change the number of shards in both places marked SHARDS.
            \#(preamble)
            \#(shardedGalleyJob)

            \#(shardedVerifyJob(list: list, count: count))

            \#(shardedBuildJob)

            \#(deployJob)

            """#
    }

    /// The sharded workflow's first job: builds `galley` once and uploads it for the others.
    private static let shardedGalleyJob = #"""
          # Galley is built from source once and handed to the other jobs: set
          # GALLEY_GIT to the repository you get Galley from, GALLEY_REF to a tag.
          galley:
            runs-on: ubuntu-24.04
            container: swift:6.3-noble
            steps:
        \#(installCmarkStep)
              - name: Build Galley
                env:
                  GALLEY_GIT: https://github.com/your-org/galley.git
                  GALLEY_REF: main
                run: |
                  git clone --depth 1 --branch "$GALLEY_REF" "$GALLEY_GIT" "$RUNNER_TEMP/galley"
                  swift build -c release --product galley --package-path "$RUNNER_TEMP/galley"
                  mkdir -p bin && cp "$RUNNER_TEMP/galley/.build/release/galley" bin/
              - uses: actions/upload-artifact@v4
                with:
                  name: galley
                  path: bin/galley
        """#

    /// The sharded workflow's matrix job: verifies shard `I` of `count`
    /// (`list` is `1, 2, …, count`), uploading its report and cached results.
    private static func shardedVerifyJob(list: String, count: Int) -> String {
        #"""
          verify:
            needs: galley
            runs-on: ubuntu-24.04
            container: swift:6.3-noble   # the Swift toolchain; samples are compiled with it
            strategy:
              fail-fast: false
              matrix:
                shard: [\#(list)]   # SHARDS: 1 to N
            steps:
              - uses: actions/checkout@v4
        \#(installCmarkStep)
              - uses: actions/download-artifact@v4
                with:
                  name: galley
                  path: bin
              - name: Verify shard ${{ matrix.shard }} of \#(count)
                run: |
                  chmod +x bin/galley
                  bin/galley verify --shard ${{ matrix.shard }}/\#(count) --format json > shard-${{ matrix.shard }}.json   # SHARDS: N
              # The report, and the cached results the site build reuses.
              - if: always()
                uses: actions/upload-artifact@v4
                with:
                  name: shard-${{ matrix.shard }}
                  include-hidden-files: true
                  path: |
                    shard-${{ matrix.shard }}.json
                    .build/galley/cache/
        """#
    }

    /// The sharded workflow's last job: merges the shards' reports and
    /// builds the site from their cached results.
    private static let shardedBuildJob = #"""
          build:
            needs: verify
            if: always() && needs.verify.result != 'cancelled'
            runs-on: ubuntu-24.04
            container: swift:6.3-noble
            steps:
              - uses: actions/checkout@v4
        \#(installCmarkStep)
              - uses: actions/download-artifact@v4
                with:
                  name: galley
                  path: bin
              - uses: actions/download-artifact@v4
                with:
                  pattern: shard-*
                  merge-multiple: true
              - name: One report from every shard
                run: |
                  chmod +x bin/galley
                  bin/galley verify --merge-reports shard-*.json --format github
              - name: Build the site (every sample's result is cached by now)
                run: bin/galley build
              - if: github.ref == 'refs/heads/main'
                uses: actions/upload-pages-artifact@v3
                with:
                  path: public/
        """#
}
