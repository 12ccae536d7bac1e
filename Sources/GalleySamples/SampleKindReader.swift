import SwiftSyntax

/// Tells from a block's code what it is: a program, a listing of API
/// declarations, or lines of a package manifest.
///
/// | code | kind |
/// |---|---|
/// | `public init(capacity: Int)` | API listing |
/// | `extension AsyncSequence { public func adjacentPairs() -> AsyncAdjacentPairsSequence<Self> }` | API listing |
/// | `.package(url: "https://…", from: "1.0.0")`, `dependencies: [...]`, `import PackageDescription`, `// swift-tools-version: 6.0` | manifest fragment |
/// | anything else | program |
package enum SampleKindReader {
    /// Calls a manifest fragment starts with (`.package(`, `.product(`, …).
    package static let manifestCalls: Set<String> = [
        "package", "product", "target", "executableTarget", "testTarget", "library", "executable",
        "macro", "plugin", "systemLibrary", "binaryTarget", "byName", "process", "copy", "define", "unsafeFlags",
        "enableUpcomingFeature", "enableExperimentalFeature", "swiftLanguageMode", "macOS", "iOS", "tvOS", "watchOS", "visionOS", "linux",
        "trait", "when",
    ]
    /// Arguments of `Package(…)` a manifest fragment may start with (`dependencies: [`).
    package static let manifestLabels: Set<String> = [
        "dependencies", "targets", "products", "platforms", "swiftLanguageModes", "swiftLanguageVersions",
        "cLanguageStandard", "cxxLanguageStandard", "swiftSettings", "linkerSettings", "cSettings", "resources", "plugins",
        "traits", "pkgConfig", "providers", "defaultLocalization",
    ]

    /// The kind of `code` (a sample's compiled code).
    package static func kind(of code: String) -> Sample.Kind {
        guard let tree = SwiftSource.parse(code) else { return .program }
        if isManifest(tree) { return .manifestFragment }
        if !tree.hasError, isAPIListing(tree) { return .apiListing }
        return .program
    }

    /// `code` completed when it is only a generic type (`Prefix<Substring>`,
    /// shown as "the type of this parser") or only attributes to put over a
    /// declaration (`@Suite(.macros([StringifyMacro.self]))`): the type as a
    /// `typealias`, the attributes over an empty `struct` on a line of its
    /// own after them; `nil` for any other code. Lines keep their numbers.
    package static func completingShownFragment(_ code: String) -> String? {
        guard code.contains("<") || code.contains("@"), let tree = SwiftSource.parse(code), tree.statements.count == 1,
            let item = tree.statements.first?.item
        else { return nil }
        if let generic = item.as(GenericSpecializationExprSyntax.self),
            generic.expression.trimmedDescription.split(separator: ".").last?.first?.isUppercase == true
        {
            let leading = code.prefix { $0.isWhitespace }
            return leading + "typealias _GalleyShownType = " + code.dropFirst(leading.count)
        }
        // An attribute with nothing after it parses as a declaration that is missing.
        if let missing = item.as(MissingDeclSyntax.self), !missing.attributes.isEmpty {
            return (code.hasSuffix("\n") ? code : code + "\n") + "struct _GalleyAttributed {}\n"
        }
        return nil
    }

    /// Whether a comment after code says that the line traps
    /// (`items.append(6) // runtime error: capacity overflow`, `// Fatal
    /// error`, `// crashes`, `// traps`, `// throws`), or a `throw` at the
    /// top level (`throw Abort(.badRequest)`): the block shows a trap, as a
    /// `crash` sample does.
    package static func announcesTrap(_ code: String) -> Bool {
        // `throw Abort(.badRequest)` at the top level: the listing shows throwing, which ends a program.
        if code.contains("throw "), let tree = SwiftSource.parse(code), tree.statements.contains(where: { $0.item.is(ThrowStmtSyntax.self) }) {
            return true
        }
        let openings = ["runtime error", "fatal error", "crash", "trap", "precondition fail"]
        // Most samples say none of these words anywhere: no need to parse them.
        let lowered = code.lowercased()
        guard lowered.contains("//"), openings.contains(where: lowered.contains) || lowered.contains("error") || lowered.contains("throws")
        else { return false }
        guard let tree = SwiftSource.parse(code) else { return false }
        // `// Throws an error: malformed MATCH expression` over the listing's last statement: it shows the failure.
        if let last = tree.statements.last {
            for piece in last.leadingTrivia.pieces {
                guard case .lineComment(let text) = piece else { continue }
                let comment = text.dropFirst(2).trimmingCharacters(in: .whitespaces).lowercased()
                if (openings + ["throws an error", "throws:"]).contains(where: { comment.hasPrefix($0) }) { return true }
            }
        }
        for token in tree.tokens(viewMode: .sourceAccurate) {
            for piece in token.trailingTrivia.pieces {
                guard case .lineComment(let text) = piece else { continue }
                let comment = text.dropFirst(2).trimmingCharacters(in: .whitespaces).lowercased()
                // `UInt8("1111111111111" as BitArray) // ERROR`: the line's result is an error, at run time.
                if openings.contains(where: { comment.hasPrefix($0) }) || comment == "error" || comment == "error!" { return true }
                // `try unwrap(nil as Int?) // throws`: the line throws (not `// throws if …`, which says when it may).
                if comment == "throws" || comment == "throws!" || comment.hasPrefix("throws:") || comment.hasPrefix("throws an error") {
                    return true
                }
            }
        }
        return false
    }

    private static func isManifest(_ tree: SourceFileSyntax) -> Bool {
        // `// swift-tools-version: 6.0` starts a manifest, and only a manifest.
        let leading = tree.leadingTrivia.pieces + (tree.statements.first?.leadingTrivia.pieces ?? [])
        if leading.contains(where: { piece in
            if case .lineComment(let text) = piece { return text.lowercased().hasPrefix("// swift-tools-version") }
            return false
        }) {
            return true
        }
        for item in tree.statements {
            if let importDecl = item.item.as(ImportDeclSyntax.self),
                importDecl.path.trimmedDescription == "PackageDescription"
            {
                return true
            }
        }
        let tokens = tree.tokens(viewMode: .sourceAccurate).filter { $0.tokenKind != .endOfFile }
        guard let first = tokens.first else { return false }
        let second = tokens.dropFirst().first
        if first.text == ".", let name = second, manifestCalls.contains(name.text) { return true }
        if manifestLabels.contains(first.text), second?.tokenKind == .colon { return true }
        return tree.description.contains("= Package(")
    }

    /// The protocols `code` declares when it is nothing but declarations
    /// without bodies, among them a protocol (`protocol Shape { func area()
    /// -> Double }`); empty otherwise. Whether such a block shows the
    /// library's own protocol (an API listing) or declares one of the
    /// page's (a program) depends on the library's names: the verifier
    /// decides.
    package static func protocolsShown(in code: String) -> [String] {
        guard code.contains("protocol"), let tree = SwiftSource.parse(code), !tree.hasError else { return [] }
        var names: [String] = []
        for item in tree.statements {
            guard let decl = item.item.as(DeclSyntax.self) else { return [] }
            if let shown = decl.as(ProtocolDeclSyntax.self) {
                names.append(shown.name.text)
            } else if bodilessClaims(decl, topLevel: true) == nil {
                return []
            }
        }
        return names
    }

    /// Whether every top-level item is a declaration without a body (or an
    /// extension or type holding only such), with at least one function,
    /// initializer, subscript or `{ get }` property among them.
    package static func isAPIListing(_ tree: SourceFileSyntax) -> Bool {
        var claims = 0
        for item in tree.statements {
            guard let decl = item.item.as(DeclSyntax.self), let count = bodilessClaims(decl, topLevel: true) else { return false }
            claims += count
        }
        return claims > 0
    }

    /// How many bodiless API claims `decl` makes, or `nil` when it has a body (is code).
    private static func bodilessClaims(_ decl: DeclSyntax, topLevel: Bool) -> Int? {
        if let function = decl.as(FunctionDeclSyntax.self) { return function.body == nil ? 1 : nil }
        if let initializer = decl.as(InitializerDeclSyntax.self) { return initializer.body == nil ? 1 : nil }
        if let subscriptDecl = decl.as(SubscriptDeclSyntax.self) {
            guard let block = subscriptDecl.accessorBlock else { return 1 }
            return accessorsHaveNoBodies(block) ? 1 : nil
        }
        if let variable = decl.as(VariableDeclSyntax.self) {
            var claims = 0
            for binding in variable.bindings {
                if binding.initializer != nil { return nil }
                if let block = binding.accessorBlock {
                    guard accessorsHaveNoBodies(block) else { return nil }
                    claims += 1
                }
            }
            return claims
        }
        if decl.is(TypeAliasDeclSyntax.self) || decl.is(AssociatedTypeDeclSyntax.self) { return 0 }
        if decl.is(ImportDeclSyntax.self) { return topLevel ? 0 : nil }
        let members: MemberBlockSyntax?
        if let ext = decl.as(ExtensionDeclSyntax.self) {
            members = ext.memberBlock
        } else if let type = decl.as(StructDeclSyntax.self) {
            members = type.memberBlock
        } else if let type = decl.as(ClassDeclSyntax.self) {
            members = type.memberBlock
        } else if let type = decl.as(EnumDeclSyntax.self) {
            members = type.memberBlock
        } else if let type = decl.as(ActorDeclSyntax.self) {
            members = type.memberBlock
        } else {
            return nil
        }
        guard let members else { return nil }
        var claims = 0
        for member in members.members {
            if member.decl.is(EnumCaseDeclSyntax.self) { continue }
            guard let count = bodilessClaims(member.decl, topLevel: false) else { return nil }
            claims += count
        }
        return claims
    }

    /// `{ get }`, `{ get set }`: accessors named, none with a body.
    private static func accessorsHaveNoBodies(_ block: AccessorBlockSyntax) -> Bool {
        guard case .accessors(let accessors) = block.accessors else { return false }
        return accessors.allSatisfy { $0.body == nil }
    }
}
