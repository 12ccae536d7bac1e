import GalleyCore
import GalleyMarkdown

/// A link of a catalog page that names, or may name, a symbol of a module:
/// found by ``LinkChecker/symbolReferences()``, judged against the modules'
/// symbol graphs by ``LinkChecker/judge(_:symbols:)``.
public struct SymbolReference: Sendable, Hashable {
    /// How the link is written.
    public enum Kind: Sendable, Hashable {
        /// ` ``Type/member`` `.
        case symbolLink
        /// `<doc:Name>` that names no article.
        case docLink
        /// A path of DocC's site: `./module/type`, `<doc:./module/type>`.
        case urlPath
    }

    /// How the link is written.
    public var kind: Kind
    /// The link as written, for messages.
    public var written: String
    /// The symbol path to look up (`Type/member`; for a URL path, lowercased, without the module).
    public var path: String
    /// The module it is looked up in: the page's catalog's, or a URL path's first component.
    public var module: String
    /// The symbol the page documents (its path without the module), which relative links start from.
    public var scope: [String]
    /// Where the link is.
    public var location: SourceLocation
    /// The URL of the page of the site it links to, `nil` when the site has none.
    public var linkedPage: String?
    /// Why a `<doc:>` link names no page, when it names none.
    public var pageProblem: String?
}

/// What ``LinkChecker/judge(_:symbols:)`` found: errors for links to
/// nothing, warnings for symbols the site has no page for, and the counts.
public struct SymbolLinkJudgement: Sendable {
    /// Errors (links to no article and no symbol) and warnings.
    public var diagnostics: [Diagnostic] = []
    /// Links to a page of the site.
    public var linked = 0
    /// Links to a symbol that exists but has no page here: shown without a link, warned.
    public var withoutPage = 0
    /// Links to a symbol of a module outside the site whose documentation is known: linked there.
    public var linkedOut = 0
    /// Links not checked: their module's symbol graph could not be read.
    public var unchecked = 0
    /// Links to nothing: errors.
    public var broken = 0

    /// One line for the build's report, e.g. `DocC links: 20 to pages, 120 to symbols without a page (shown as code), 0 broken`.
    public var summary: String {
        var text = "DocC symbol links and URL paths: \(linked) to pages, "
        if linkedOut > 0 { text += "\(linkedOut) to other modules' documentation, " }
        text += "\(withoutPage) to symbols with no page here (shown without a link)"
        if unchecked > 0 { text += ", \(unchecked) not checked (no symbol graph)" }
        return text + ", \(broken) broken"
    }
}

extension LinkChecker {
    /// Judges `references` against `symbols` (`nil`: no symbol graph could
    /// be read). A link to a page is fine; to a symbol that exists but has no
    /// page here, a warning (one per page for symbol links, naming each
    /// line); to nothing, an error with the closest article or symbol.
    ///
    /// A link to a symbol of a module outside the site whose documentation
    /// `external` knows (the standard library's, on Apple's site) links
    /// there, as the renderer links it (``ExternalDocumentation/url(forSymbolLink:standardLibrary:)``).
    public func judge(
        _ references: [SymbolReference], symbols: SymbolIndex?, external: ExternalDocumentation = ExternalDocumentation()
    ) -> SymbolLinkJudgement {
        var judgement = SymbolLinkJudgement()
        var withoutPage: [String: [SymbolReference]] = [:]
        var order: [String] = []
        for reference in references {
            if reference.linkedPage != nil {
                judgement.linked += 1
                continue
            }
            let known = symbols?.knows(module: reference.module) ?? false
            let found =
                known
                ? symbols?.find(
                    reference.path.isEmpty ? reference.module : reference.path, module: reference.module, scope: reference.scope,
                    ignoringCase: reference.kind == .urlPath
                ) : nil
            if let found {
                judgement.withoutPage += 1
                switch reference.kind {
                case .symbolLink:
                    let page = reference.location.path
                    if withoutPage[page] == nil { order.append(page) }
                    withoutPage[page, default: []].append(reference)
                case .docLink, .urlPath:
                    judgement.diagnostics.append(
                        .warning(
                            "'\(reference.written)' names the symbol `\(found)`, which DocC would link to its page; Galley makes no page for it, so it is shown without a link",
                            at: reference.location,
                            suggestion: "Add a symbol extension page (# ``\(found)``) to the catalog to link it"
                        ))
                }
                continue
            }
            if reference.kind != .urlPath, external.url(forSymbolLink: reference.path, standardLibrary: symbols) != nil {
                judgement.linkedOut += 1
                continue
            }
            if reference.kind != .urlPath, let warning = standardLibraryWarning(reference, symbols: symbols) {
                judgement.withoutPage += 1
                judgement.diagnostics.append(warning)
                continue
            }
            if !known, let warnings = uncheckedWarnings(reference, symbols: symbols) {
                judgement.unchecked += 1
                judgement.diagnostics += warnings
                continue
            }
            judgement.broken += 1
            judgement.diagnostics.append(brokenLink(reference, symbols: symbols))
        }
        for page in order {
            judgement.diagnostics.append(withoutPageWarning(withoutPage[page] ?? []))
        }
        return judgement
    }

    /// The warning for `reference` when it names a symbol of the standard
    /// library from another module's catalog, which DocC does not link
    /// either; `nil` when it does not.
    private func standardLibraryWarning(_ reference: SymbolReference, symbols: SymbolIndex?) -> Diagnostic? {
        guard let standard = symbols?.find(reference.path, module: "Swift", scope: []),
            symbols?.knows(module: "Swift") == true, reference.module.lowercased() != "swift"
        else { return nil }
        return .warning(
            "'\(reference.written)' names `\(standard)`, a symbol of the standard library, which DocC does not link from \(reference.module)'s catalog either; it is shown as code without a link",
            at: reference.location,
            suggestion: "Write it as code (`\(SymbolLink.displayName(reference.path))`) or link Apple's page for it"
        )
    }

    /// For `reference` to a module the symbol graph does not know: the
    /// warnings it gets when it goes unchecked (none for a symbol link), or
    /// `nil` when it is broken.
    private func uncheckedWarnings(_ reference: SymbolReference, symbols: SymbolIndex?) -> [Diagnostic]? {
        switch reference.kind {
        case .symbolLink:
            return []
        case .docLink where DocLinkResolver.namesSymbol("doc:" + reference.path),
            .urlPath where symbols?.unavailable[reference.module] != nil || symbols == nil:
            return [
                .warning(
                    "'\(reference.written)' may name a symbol of \(reference.module), which was not checked (its symbol graph could not be read); it is shown without a link",
                    at: reference.location
                )
            ]
        default:
            return nil
        }
    }

    /// The one warning for a page's symbol links (`list`, at least one) to
    /// symbols that exist but have no page here, naming their lines.
    private func withoutPageWarning(_ list: [SymbolReference]) -> Diagnostic {
        let one = list.count == 1
        let shown = list.prefix(12).map { "\($0.written) (line \($0.location.line ?? 0))" }.joined(separator: ", ")
        return .warning(
            (one ? "a symbol link of this page names a symbol" : "\(list.count) symbol links of this page name symbols")
                + " of \(list[0].module) that Galley makes no page for (DocC would link \(one ? "it to its reference page" : "them to their reference pages"));"
                + " shown as code without a link: \(shown)\(list.count > 12 ? ", …" : "")",
            at: list[0].location,
            suggestion: "Add symbol extension pages (# ``Module/Symbol``) to the catalog to link them"
        )
    }

    private func brokenLink(_ reference: SymbolReference, symbols: SymbolIndex?) -> Diagnostic {
        let message: String
        switch reference.kind {
        case .symbolLink:
            message = "broken symbol link '\(reference.written)': \(reference.module) has no symbol '\(reference.path)'"
        case .docLink:
            message =
                "broken link '\(reference.written)': " + (reference.pageProblem ?? "no page is named '\(reference.path)'")
                + (symbols?.knows(module: reference.module) == true ? ", and \(reference.module) has no symbol of that name" : "")
        case .urlPath:
            let known = symbols?.knows(module: reference.module) == true
            message =
                "broken link '\(reference.written)': DocC's site would have no page 'documentation/\(reference.module)\(reference.path.isEmpty ? "" : "/" + reference.path)' ("
                + (known
                    ? "\(reference.module) has no symbol '\(reference.path)')"
                    : "no catalog or module of the package is named '\(reference.module)')")
        }
        var suggestion = "Fix the link or create its target"
        let name = reference.path.split(separator: "/").last.map(String.init) ?? reference.path
        if let closest = symbols?.suggestion(for: reference.path.isEmpty ? reference.module : reference.path, module: reference.module) {
            suggestion = "Did you mean ``\(closest)``?"
        } else if reference.kind != .symbolLink, let article = closestArticle(to: name) {
            suggestion = "Did you mean <doc:\(article)>?"
        }
        return Diagnostic(message, at: reference.location, suggestion: suggestion)
    }
}
