import ArgumentParser
import Foundation
import GalleyCore
import GalleyProcess
import GalleyProject
import GalleyReports
import GalleyServer
import GalleySite
import GalleyVerify

/// `galley serve`: build, serve the output folder, rebuild on change, reload the browser.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Preview the site: build it, serve it, and rebuild and reload the browser on every save.",
        discussion: """
            Builds the site (verifying its samples) into the output folder and serves it at \
            http://127.0.0.1:8000/. It watches the content and templates folders, galley.yml and the \
            sample library's Sources/, rebuilds only what a change affects, and reloads open pages \
            (keeping their scroll position). Failing samples do not stop the preview: every page is \
            rendered, each failing sample marked on its page with its cause and message, and a panel \
            lists them with links to their lines. When a build fails otherwise (a page or galley.yml \
            that cannot be read), the last good pages stay served and the page shows the same \
            diagnostics as the terminal; saving the fix removes them. \
            Ctrl-C stops the server at once, ending any compiler or sample a build in progress started.

            Examples:
              galley serve
              galley serve --port 8080 --open
              galley serve --host 0.0.0.0        Reachable from other machines (prints a warning)
              galley serve --baseline known.json Known failures shown as such, as galley build does
              galley serve --versions            A versioned site (see galley build --versions): every version built
                                                 or reused, the checked-out files at public/<branch>/, rebuilt on save
            """
    )

    @OptionGroup var paths: ProjectPaths
    @OptionGroup var sandboxOption: SandboxOption
    @OptionGroup var cacheOption: VersionsCacheOption

    @Option(help: ArgumentHelp("The port to listen on (0: any free port).", valueName: "port"))
    var port = 8000

    @Option(help: ArgumentHelp("The address to listen on. Anything but loopback exposes the preview to the network.", valueName: "address"))
    var host = "127.0.0.1"

    @Flag(help: "Open the site in the default browser (with xdg-open) once it is served.")
    var open = false

    @Option(help: ArgumentHelp("Known failures (as galley verify --baseline writes them): shown on their pages as known.", valueName: "file"))
    var baseline: String?

    @Flag(
        help:
            "Serve the versioned site (galley build --versions): the other versions from the cache, the checked-out files as their version, rebuilt on save."
    )
    var versions = false

    func validate() throws {
        guard (0...65535).contains(port) else {
            throw ValidationError("--port must be between 0 and 65535, not \(port)")
        }
        // Checked before the build: a bad address would otherwise fail only when the server binds.
        guard Self.isListenableHost(host) else {
            throw ValidationError(
                "--host \(host) is not an IP address or a host name this machine knows. Use e.g. --host 127.0.0.1, --host ::1 or --host 0.0.0.0")
        }
    }

    /// Whether `host` is an IPv4 or IPv6 address, or a name that resolves
    /// (`localhost`). A dotted number that is not an IPv4 address
    /// (`999.1.1.1`) is refused without asking a resolver.
    static func isListenableHost(_ host: String) -> Bool {
        var address = in6_addr()
        if inet_pton(AF_INET, host, &address) == 1 || inet_pton(AF_INET6, host, &address) == 1 { return true }
        if host.isEmpty || host.allSatisfy({ $0.isNumber || $0 == "." || $0 == ":" }) { return false }
        var hints = addrinfo()
        hints.ai_flags = AI_PASSIVE
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var result: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &result) == 0 else { return false }
        freeaddrinfo(result)
        return true
    }

    func run() async throws {
        // SIGINT and SIGTERM stop the server gracefully; the build in progress ends at once.
        Interruption.install(exiting: [SIGHUP], cleaningUp: [SIGINT, SIGTERM])
        let layout = paths.layout
        if !PreviewServer.isLoopback(host) {
            Diagnostics.printWarning(
                "--host \(host) makes the preview reachable from other machines; it is meant for one author. Use --host 127.0.0.1 to keep it private"
            )
        }
        var settings = BuildSettings(layout: layout)
        settings.progress = Progress.line
        sandboxOption.configure(&settings)
        settings.baseline = baseline
        // A preview is where the author fixes failing samples: their pages render, the samples marked.
        settings.previewsFailingSamples = true
        if let site = try paths.packageSite() { paths.configure(&settings, for: site) }
        var options = PreviewServer.Options(host: host, port: port)
        if versions { try prepareVersions(&settings, &options, layout: layout) }
        let server = PreviewServer(settings: settings, options: options)
        let (host, open) = (self.host, self.open)
        do {
            try await server.run(handlesSignals: true, onBuild: { Self.report($0, layout: layout) }) { port in
                Interruption.handOver()
                let shownHost = host.contains(":") ? "[\(host)]" : (host == "0.0.0.0" ? "127.0.0.1" : host)
                let url = "http://\(shownHost):\(port)/"
                print("Serving \(layout.displayPath(of: layout.outputDirectory))/ at \(url) — watching for changes (Ctrl-C to stop)")
                fflush(nil)
                if open { Self.openBrowser(url) }
            }
        } catch {
            Progress.clear()
            Diagnostics.printError(error.description)
            throw ExitCode.failure
        }
        print("Stopped.")
    }

    /// `--versions`: every other version built or reused and the site
    /// assembled; the live build writes the checked-out version's folder,
    /// its pages' switcher filled as they render, and the server serves the whole site.
    private func prepareVersions(_ settings: inout BuildSettings, _ options: inout PreviewServer.Options, layout: SiteLayout) throws {
        let sandboxOption = sandboxOption
        let workflow = VersionsWorkflow(
            mode: .preview, layout: layout, cache: cacheOption.folder(in: layout),
            baseURL: nil, configure: { settings in sandboxOption.configure(&settings) },
            settingsText: VersionsWorkflow.settingsText(sandbox: sandboxOption.sandbox, baseURL: nil))
        guard let preview = try workflow.run() else { return }
        options.servedRoot = layout.outputDirectory
        settings.layout.outputDirectory = layout.outputDirectory.appendingPathComponent(preview.live.folder)
        settings.versionFolder = preview.live.folder
        settings.pageTransform = preview.fill
        print(
            "The checked-out files are version \(preview.live.name), at \(preview.live.folder)/: rebuilt on save; the other versions are served as built"
        )
    }

    /// Prints a build's outcome the way `galley build` does.
    @Sendable static func report(_ outcome: RebuildCoordinator.Outcome, layout: SiteLayout) {
        Progress.clear()
        // A build cut short by Ctrl-C is not news.
        if ProcessSupervisor.shared.isInterrupted { return }
        switch outcome {
        case .succeeded(let report, let changes):
            let failing = report.verification.failed
            if !report.previewProblems.isEmpty {
                // A build would fail on them; the preview shows the pages with the links as text.
                Diagnostics.report(report.previewProblems)
            }
            if changes.everything {
                if failing > 0 {
                    // What `galley verify` prints, then that the preview goes on.
                    FileHandle.standardError.write(Data(ReportFormat.human.render(report.verification, colour: Diagnostics.usesColour).utf8))
                    Diagnostics.printWarning(
                        "\(failing) sample\(failing == 1 ? " fails" : "s fail"); every page is served, each failing sample marked on its page")
                } else if !report.verification.results.isEmpty || !report.verification.problems.isEmpty {
                    print("Samples: \(report.verification.summary)")
                }
                if let links = report.knownLinksSummary { print(links) }
                print(report.summary)
            } else {
                // A doc comment's edit is read from its file: the library is not built again.
                let what = (changes.content.sorted() + report.editedDocCommentFiles.map { "doc comments of \($0)" }).prefix(3).joined(separator: ", ")
                print(
                    "Rebuilt \(report.renderedPageCount) of \(report.pageCount) pages in \(BuildReport.seconds(report.duration)) s"
                        + (what.isEmpty ? "" : " (\(what)\(changes.content.count > 3 ? ", …" : ""))")
                        + (failing > 0 ? "; samples: \(report.verification.summary)" : ""))
            }
        case .failed(let errors, _):
            Diagnostics.reportBuildFailure(errors)
            let count = errors.errors.count
            Diagnostics.printError(
                "build failed with \(count) error\(count == 1 ? "" : "s"); still serving the last good site from '\(layout.displayPath(of: layout.outputDirectory))'"
            )
        }
        fflush(nil)
    }

    /// Opens `url` with xdg-open when it is on PATH; says so when it is not.
    static func openBrowser(_ url: String) {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        guard let opener = path.split(separator: ":").map({ "\($0)/xdg-open" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) })
        else {
            Diagnostics.printWarning("--open needs xdg-open, which is not on PATH; open \(url) yourself")
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: opener)
        process.arguments = [url]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            Diagnostics.printWarning("could not run xdg-open (\(error.localizedDescription)); open \(url) yourself")
        }
    }
}
