/// The GitHub Actions workflow `galley init --ci github` writes in a package
/// root (`.github/workflows/docs.yml`).
///
/// On a pull request it verifies the samples of the package's DocC catalogs
/// and the code listings of its doc comments, as annotations on the lines
/// (`--format github`), with the known failures of `galley-baseline.json`
/// (when the file exists) not failing the job. On `main` it also builds the
/// site with GitHub Pages' address as its base URL and deploys it. With
/// ``shards`` above 1, verification is a matrix of `galley verify --shard
/// I/N` jobs whose reports one job merges.
///
/// The jobs run on the runner itself, not in a container, because samples
/// run in bubblewrap: Ubuntu 24.04 runners forbid unprivileged user
/// namespaces through AppArmor (`kernel.apparmor_restrict_unprivileged_userns=1`),
/// and the workflow lifts that for the job's own virtual machine with
/// `sysctl` before Galley runs (a container could not).
///
/// ```swift
/// let text = PackageWorkflow(shards: 4).text   // verify-1 … verify-4, then one merged report
/// ```
struct PackageWorkflow: Sendable, Equatable {
    /// How many machines verify at once (1: one job).
    var shards: Int
    /// Whether `main` publishes a versioned site: one job per version (`galley build --version`), then one assembly.
    var versions = false

    /// The file of known failures the workflow passes to `--baseline` when it exists.
    static let baselineFile = "galley-baseline.json"

    /// A workflow verified by `shards` jobs.
    init(shards: Int = 1, versions: Bool = false) {
        self.shards = max(1, shards)
        self.versions = versions
    }

    /// The workflow's YAML.
    var text: String {
        let needs = shards > 1 ? "report" : "verify"
        let site = versions ? Self.versionedSiteJobs(needs: needs) : Self.siteJobs(needs: needs)
        return Self.header + (shards > 1 ? shardedJobs : Self.verifyJob) + site
    }

    private static let header = #"""
        # Documentation of this Swift package, checked and published by Galley
        # (written by `galley init --ci github`).
        #
        # Pull requests: every Swift sample of the DocC catalogs and every code listing of
        # the doc comments is compiled and run; a failure is an annotation on its line.
        # Failures listed in galley-baseline.json are known and do not fail the job; record
        # today's with `galley verify --baseline galley-baseline.json --bless-baseline` and
        # commit the file (one failure per line: file, line, reason). A listed sample that
        # passes now fails the job until its line is removed (--bless-baseline does it).
        # main: the site is built with GitHub Pages' address as its base URL and deployed
        # (in the repository's Settings → Pages, set Source to "GitHub Actions").
        #
        # Galley is built from source once per GALLEY_REF and cached. A package that has
        # Galley as a dependency can run `swift package --allow-writing-to-package-directory
        # galley verify --format github` instead of the "Install Galley" step.
        name: Docs

        on:
          push:
            branches: [main]
          pull_request:
          workflow_dispatch:

        permissions:
          contents: read

        concurrency:
          group: docs-${{ github.ref }}
          cancel-in-progress: true

        env:
          SWIFT_VERSION: 6.3.1
          GALLEY_GIT: https://github.com/your-org/galley.git   # where you get Galley from
          GALLEY_REF: main                                     # a tag of it, for repeatable runs

        jobs:

        """#

    /// The steps every job starts with: the code, the sandbox's namespaces, Swift, the C libraries, Galley.
    private static let setupSteps = #"""
              - uses: actions/checkout@v4
              # Samples run in bubblewrap, which needs an unprivileged user namespace.
              # Ubuntu 24.04 runners forbid them through AppArmor
              # (kernel.apparmor_restrict_unprivileged_userns=1): allow them on this
              # job's own virtual machine. Without this, verification stops with
              # "bubblewrap cannot start here" rather than run samples unconfined.
              - name: Allow the sample sandbox's user namespaces
                run: sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0
              - name: Install bubblewrap and cmark-gfm
                run: |
                  sudo apt-get update -qq
                  sudo apt-get install -y -qq --no-install-recommends bubblewrap pkg-config libcmark-gfm-dev libcmark-gfm-extensions-dev
              - name: Install Swift ${{ env.SWIFT_VERSION }}
                run: |
                  url="https://download.swift.org/swift-$SWIFT_VERSION-release/ubuntu2404/swift-$SWIFT_VERSION-RELEASE/swift-$SWIFT_VERSION-RELEASE-ubuntu24.04.tar.gz"
                  mkdir -p "$RUNNER_TEMP/swift"
                  curl -fsSL "$url" | tar xz --strip-components=1 -C "$RUNNER_TEMP/swift"
                  echo "$RUNNER_TEMP/swift/usr/bin" >> "$GITHUB_PATH"
              - uses: actions/cache@v4
                id: galley-cache
                with:
                  path: ~/galley-bin
                  key: galley-${{ env.GALLEY_REF }}-swift-${{ env.SWIFT_VERSION }}
              - name: Install Galley
                if: steps.galley-cache.outputs.cache-hit != 'true'
                run: |
                  git clone --depth 1 --branch "$GALLEY_REF" "$GALLEY_GIT" "$RUNNER_TEMP/galley"
                  make -C "$RUNNER_TEMP/galley" install PREFIX="$HOME/galley-bin"
              - run: echo "$HOME/galley-bin/bin" >> "$GITHUB_PATH"

        """#

    /// `--baseline galley-baseline.json` when the file is in the repository.
    private static let baselineOption = #"$( [ -f galley-baseline.json ] && echo --baseline galley-baseline.json )"#

    /// The step that keeps the verified results for the site build on main (no sample runs twice).
    private static let cacheUpload = #"""
              - uses: actions/upload-artifact@v4
                if: github.ref == 'refs/heads/main'
                with:
                  name: galley-cache
                  include-hidden-files: true
                  path: .build/galley/cache/
        """#

    private static let verifyJob = #"""
          verify:
            runs-on: ubuntu-24.04
            steps:
        \#(setupSteps)
              - name: Verify the catalogs' samples and the doc comments' listings
                run: galley verify --sandbox on --format github \#(baselineOption)
              # Its results are cached: the site build on main runs no sample again.
        \#(cacheUpload)

        """#

    private var shardedJobs: String {
        let count = shards
        let list = (1...count).map(String.init).joined(separator: ", ")
        return #"""
              # Large packages: each of \#(count) machines verifies a share of the pages
              # (balanced by samples). Change the number of shards in both places marked SHARDS.
              verify:
                runs-on: ubuntu-24.04
                strategy:
                  fail-fast: false
                  matrix:
                    shard: [\#(list)]   # SHARDS: 1 to N
                steps:
            \#(Self.setupSteps)
                  - name: Verify shard ${{ matrix.shard }} of \#(count)
                    run: galley verify --sandbox on --shard ${{ matrix.shard }}/\#(count) --format json > shard-${{ matrix.shard }}.json   # SHARDS: N
                  # The report, and the cached results the site build reuses.
                  - if: always()
                    uses: actions/upload-artifact@v4
                    with:
                      name: shard-${{ matrix.shard }}
                      include-hidden-files: true
                      path: |
                        shard-${{ matrix.shard }}.json
                        .build/galley/cache/

              # One report from every shard: annotations, and the baseline applied to all of them.
              report:
                needs: verify
                if: always() && needs.verify.result != 'cancelled'
                runs-on: ubuntu-24.04
                steps:
            \#(Self.setupSteps)
                  - uses: actions/download-artifact@v4
                    with:
                      pattern: shard-*
                      merge-multiple: true
                  - name: One report from every shard
                    run: galley verify --merge-reports shard-*.json --format github \#(Self.baselineOption)
            \#(Self.cacheUpload)


            """#
    }

    /// The site's build and deployment on `main`, after `needs`.
    private static func siteJobs(needs: String) -> String {
        #"""
          site:
            needs: \#(needs)
            if: github.ref == 'refs/heads/main'
            runs-on: ubuntu-24.04
            permissions:
              contents: read
              pages: write
              id-token: write
            environment:
              name: github-pages
              url: ${{ steps.deployment.outputs.page_url }}
            steps:
        \#(setupSteps)
              - uses: actions/download-artifact@v4
                with:
                  name: galley-cache
                  path: .build/galley/cache/
              # GitHub Pages' address: https://<owner>.github.io/<repository>/, or the custom domain.
              - id: pages
                uses: actions/configure-pages@v5
              - name: Build the site
                run: galley build --sandbox on --base-url "${{ steps.pages.outputs.base_url }}/" \#(baselineOption)
              - uses: actions/upload-pages-artifact@v3
                with:
                  path: public/
              - id: deployment
                uses: actions/deploy-pages@v4

        """#
    }

    /// A versioned site on `main`: the versions galley.yml selects listed by
    /// one job, each built by a job of its own (its cache folder kept as an
    /// artifact), then one job that assembles and deploys them.
    private static func versionedSiteJobs(needs: String) -> String {
        #"""
          # The versions galley.yml's `versions:` selects (every release tag by default, the newest five).
          versions:
            needs: \#(needs)
            if: github.ref == 'refs/heads/main'
            runs-on: ubuntu-24.04
            outputs:
              list: ${{ steps.list.outputs.list }}
            steps:
        \#(setupSteps)
              - run: git fetch --tags --force
              - id: list
                run: echo "list=$(galley build --versions --list-versions)" >> "$GITHUB_OUTPUT"

          # Each version built from its own commit and verified against its own library, on a machine of its own.
          version:
            needs: versions
            runs-on: ubuntu-24.04
            strategy:
              fail-fast: false
              matrix:
                version: ${{ fromJSON(needs.versions.outputs.list) }}
            steps:
        \#(setupSteps)
              - run: git fetch --tags --force
              - id: pages
                uses: actions/configure-pages@v5
              - name: Build version ${{ matrix.version.name }}
                run: galley build --sandbox on --base-url "${{ steps.pages.outputs.base_url }}/" --version "${{ matrix.version.name }}"
              - name: Keep its build (its site and record, not its files)
                run: tar -cf version.tar -C .build/galley/versions "${{ matrix.version.folder }}/record.json" "${{ matrix.version.folder }}/site"
              - uses: actions/upload-artifact@v4
                with:
                  name: version-${{ matrix.version.folder }}
                  path: version.tar

        """# + assemblyJob
    }

    /// The job that assembles the versions' builds into one site and deploys it.
    private static let assemblyJob = #"""
          # One site of every version: the switcher, latest/, the API changes; then deployed.
          site:
            needs: version
            runs-on: ubuntu-24.04
            permissions:
              contents: read
              pages: write
              id-token: write
            environment:
              name: github-pages
              url: ${{ steps.deployment.outputs.page_url }}
            steps:
        \#(setupSteps)
              - run: git fetch --tags --force
              - uses: actions/download-artifact@v4
                with:
                  pattern: version-*
                  path: versions
              - run: |
                  mkdir -p .build/galley/versions
                  for archive in versions/*/version.tar; do tar -xf "$archive" -C .build/galley/versions; done
              - id: pages
                uses: actions/configure-pages@v5
              - name: Assemble the versioned site
                run: galley build --sandbox on --base-url "${{ steps.pages.outputs.base_url }}/" --versions --assemble
              - uses: actions/upload-pages-artifact@v3
                with:
                  path: public/
              - id: deployment
                uses: actions/deploy-pages@v4

        """#
}
