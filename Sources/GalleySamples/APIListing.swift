import Foundation
import GalleyCore
import SwiftSyntax

/// API listings — blocks of declarations without bodies — checked against the
/// sample library's public API, read from its symbol graph
/// (`swift-symbolgraph-extract`, part of the toolchain).
///
/// ```swift
/// extension AsyncSequence {
///     public func adjacentPairs() -> AsyncAdjacentPairsSequence<Self>
/// }
/// public init(capacity: Int)
/// ```
///
/// Each declaration is looked up by its name with argument labels
/// (`adjacentPairs()`, `init(capacity:)`), inside the type an extension or
/// type declaration names (anywhere for a top-level one), and compared by
/// signature: argument labels, parameter and result types, `async`/`throws`,
/// generic parameters and their constraints (in `<…>` or in `where`, the
/// same claim). Attributes, access modifiers, parameter names (a function
/// type's too) and default values are not part of the claim. A listing
/// that names an API the library does not have, or with another signature,
/// fails and shows the library's declarations of that name.
package enum APIListing {
    /// One declaration of the library: where it is and how it reads.
    package struct Symbol: Sendable, Hashable {
        /// The names from the module down: `["AsyncSequence", "adjacentPairs()"]`.
        public var path: [String]
        /// The declaration as the symbol graph spells it.
        public var declaration: String
        /// The compiler's identity of the declaration (its USR, `s:…`), when known.
        public var usr: String?

        /// The symbol at `path`, declared as `declaration`, with the compiler's identity `usr`.
        package init(path: [String], declaration: String, usr: String? = nil) {
            self.path = path
            self.declaration = declaration
            self.usr = usr
        }
    }

    /// One claim a listing makes.
    package struct Claim {
        package var context: String?
        package var title: String
        package var signature: String
        package var declaration: String
        package var line: Int
    }

    /// Why the listing does not match the library, or `nil` when every claim does.
    /// The location is the first failing declaration's line (1-based, of the sample's code).
    /// The claims on the lines `proven` are the library's declarations by
    /// the compiler's identity (``ListingIdentity``), however they are spelled.
    package static func check(_ code: String, against symbols: [Symbol], proven: Set<Int> = []) -> (message: String, line: Int)? {
        let claims = claims(in: code).filter { !proven.contains($0.line) }
        var problems: [String] = []
        var firstLine: Int?
        let index = Dictionary(grouping: symbols) { $0.path.last ?? "" }
        for claim in claims {
            let named = (index[claim.title] ?? []).filter { symbol in
                guard let context = claim.context else { return true }
                return symbol.path.dropLast().last == context || symbol.path.dropLast().joined(separator: ".") == context
            }
            let place = (claim.context.map { "\($0)." } ?? "") + claim.title
            if named.isEmpty {
                // Other declarations of the base name (`init`, `append`) show what the API is now.
                let base = claim.title.prefix { $0 != "(" }
                let similar = symbols.filter { symbol in
                    guard let last = symbol.path.last, last.prefix(while: { $0 != "(" }) == base else { return false }
                    guard let context = claim.context else { return true }
                    return symbol.path.dropLast().last == context
                }
                let real = Array(Set(similar.map(\.declaration))).sorted().prefix(5).map { "    " + $0 }.joined(separator: "\n")
                problems.append(
                    "'\(claim.declaration)': the library's public API has no '\(place)'"
                        + (real.isEmpty ? "" : "; it declares:\n" + real))
            } else if !named.contains(where: { signature(of: $0.declaration) == claim.signature }) {
                let real = Array(Set(named.map(\.declaration))).sorted().prefix(5).map { "    " + $0 }.joined(separator: "\n")
                problems.append("'\(claim.declaration)': the library declares '\(place)' with another signature:\n\(real)")
            } else {
                continue
            }
            firstLine = firstLine ?? claim.line
        }
        guard !problems.isEmpty else { return nil }
        return ("this API listing does not match the library's public API\n" + problems.joined(separator: "\n"), firstLine ?? 1)
    }

    /// Whether every declaration of `code` names nothing of the library
    /// (`symbols`): no type it declares or extends, no name it declares or
    /// one a typo away. Such a listing illustrates Swift (`func foo<T>(x:
    /// T)` in a page about generics), not this library's API, and is no
    /// claim to check; a listing that names a type or function of the
    /// library and gets it wrong is.
    package static func illustrates(_ code: String, against symbols: [Symbol]) -> Bool {
        let claims = claims(in: code)
        guard !claims.isEmpty else { return false }
        var types: Set<String> = []
        var bases: Set<String> = []
        for symbol in symbols {
            for (index, component) in symbol.path.enumerated() {
                let base = String(component.prefix { $0 != "(" })
                if index < symbol.path.count - 1 { types.insert(base) } else { bases.insert(base) }
            }
        }
        return claims.allSatisfy { claim in
            if let context = claim.context {
                let outer = String(context.split(separator: ".").first ?? "").prefix { $0 != "<" }
                if types.contains(String(outer)) || bases.contains(String(outer)) { return false }
            }
            let base = String(claim.title.prefix { $0 != "(" })
            // `init` and `subscript` belong to whatever type the listing names.
            guard claim.context != nil || (base != "init" && base != "subscript") else { return false }
            let limit = base.count <= 4 ? 1 : 2
            return !bases.contains(base) && !bases.contains { EditDistance.isWithin(base, $0, limit) }
        }
    }

    /// The declarations of a listing, each with the type it is in.
    package static func claims(in code: String) -> [Claim] {
        guard let tree = SwiftSource.parse(code) else { return [] }
        let converter = SourceLocationConverter(fileName: "", tree: tree)
        var claims: [Claim] = []
        func add(_ decl: DeclSyntax, context: String?) {
            guard let title = title(of: decl) else { return }
            claims.append(
                Claim(
                    context: context, title: title, signature: signature(of: decl),
                    declaration: collapsed(decl.trimmedDescription), line: converter.location(for: decl.positionAfterSkippingLeadingTrivia).line
                ))
        }
        for item in tree.statements {
            guard let decl = item.item.as(DeclSyntax.self) else { continue }
            var context: String?
            var members: MemberBlockSyntax?
            if let ext = decl.as(ExtensionDeclSyntax.self) {
                context = ext.extendedType.trimmedDescription; members = ext.memberBlock
            } else if let type = decl.as(StructDeclSyntax.self) {
                context = type.name.text; members = type.memberBlock
            } else if let type = decl.as(ClassDeclSyntax.self) {
                context = type.name.text; members = type.memberBlock
            } else if let type = decl.as(EnumDeclSyntax.self) {
                context = type.name.text; members = type.memberBlock
            } else if let type = decl.as(ActorDeclSyntax.self) {
                context = type.name.text; members = type.memberBlock
            } else if let type = decl.as(ProtocolDeclSyntax.self) {
                context = type.name.text; members = type.memberBlock
            }
            if let members {
                for member in members.members { add(member.decl, context: context) }
            } else {
                add(decl, context: nil)
            }
        }
        return claims
    }

    /// The symbol graph's title of a declaration: `adjacentPairs()`, `init(capacity:)`, `count`, `-(_:)`.
    package static func title(of decl: DeclSyntax) -> String? {
        if let function = decl.as(FunctionDeclSyntax.self) {
            // An operator's parameters have no argument labels: `-(_:)`, `+(_:_:)`, whatever their names.
            if let first = function.name.text.unicodeScalars.first, !(first.properties.isAlphabetic || first == "_" || first == "`") {
                return function.name.text + "(" + String(repeating: "_:", count: function.signature.parameterClause.parameters.count) + ")"
            }
            return function.name.text + labels(function.signature.parameterClause.parameters, isSubscript: false)
        }
        if let initializer = decl.as(InitializerDeclSyntax.self) {
            return "init" + labels(initializer.signature.parameterClause.parameters, isSubscript: false)
        }
        if let subscriptDecl = decl.as(SubscriptDeclSyntax.self) {
            return "subscript" + labels(subscriptDecl.parameterClause.parameters, isSubscript: true)
        }
        if let variable = decl.as(VariableDeclSyntax.self), let binding = variable.bindings.first,
            let name = binding.pattern.as(IdentifierPatternSyntax.self)
        {
            return name.identifier.text
        }
        return nil
    }

    private static func labels(_ parameters: FunctionParameterListSyntax, isSubscript: Bool) -> String {
        "("
            + parameters.map { parameter in
                let label = isSubscript && parameter.secondName == nil ? "_" : parameter.firstName.text
                return label + ":"
            }.joined() + ")"
    }

    /// What a claim is compared by: labels and types, effects, result, generics.
    package static func signature(of declaration: String) -> String {
        guard let decl = SwiftSource.parse(declaration)?.statements.first?.item.as(DeclSyntax.self) else { return collapsed(declaration) }
        return signature(of: decl)
    }

    package static func signature(of decl: DeclSyntax) -> String {
        // Constraints written in the generic parameter list or in the `where`
        // clause are one claim: `<S: Sequence>` is `<S> where S: Sequence`.
        // The parameters are listed in their order; every requirement, one
        // per protocol of a composition (`A: P & Q` is `A: P, A: Q`), sorted after `where`.
        var requirements: [String] = []
        func generics(_ clause: GenericParameterClauseSyntax?) -> String {
            guard let clause else { return "" }
            for parameter in clause.parameters {
                guard let inherited = parameter.inheritedType else { continue }
                requirements += compact(inherited.trimmedDescription).split(separator: "&").map { parameter.name.text + ":" + $0 }
            }
            return "<" + clause.parameters.map { ($0.specifier.map { $0.text + " " } ?? "") + $0.name.text }.joined(separator: ",") + ">"
        }
        func whereClause(_ clause: GenericWhereClauseSyntax?) -> String {
            for requirement in clause?.requirements ?? [] {
                let text = compact(requirement.requirement.trimmedDescription)
                if let colon = text.firstIndex(of: ":"), !text.contains("==") {
                    requirements += text[text.index(after: colon)...].split(separator: "&").map { text[..<colon] + ":" + $0 }
                } else {
                    requirements.append(text)
                }
            }
            return requirements.isEmpty ? "" : " where " + requirements.sorted().joined(separator: ",")
        }
        if let function = decl.as(FunctionDeclSyntax.self) {
            let result = function.signature.returnClause.map { "->" + compact($0.type.trimmedDescription) } ?? ""
            let mutating =
                function.modifiers.contains { ["mutating", "static", "class"].contains($0.name.text) }
                ? function.modifiers.filter { ["mutating", "static", "class"].contains($0.name.text) }.map(\.name.text).joined(separator: " ") + " "
                : ""
            return mutating + "func " + function.name.text + generics(function.genericParameterClause)
                + parameters(function.signature.parameterClause.parameters, isSubscript: false)
                + effects(function.signature.effectSpecifiers) + result + whereClause(function.genericWhereClause)
        }
        if let initializer = decl.as(InitializerDeclSyntax.self) {
            return "init" + (initializer.optionalMark?.text ?? "") + generics(initializer.genericParameterClause)
                + parameters(initializer.signature.parameterClause.parameters, isSubscript: false)
                + effects(initializer.signature.effectSpecifiers) + whereClause(initializer.genericWhereClause)
        }
        if let subscriptDecl = decl.as(SubscriptDeclSyntax.self) {
            return "subscript" + generics(subscriptDecl.genericParameterClause)
                + parameters(subscriptDecl.parameterClause.parameters, isSubscript: true)
                + "->" + compact(subscriptDecl.returnClause.type.trimmedDescription) + whereClause(subscriptDecl.genericWhereClause)
        }
        if let variable = decl.as(VariableDeclSyntax.self), let binding = variable.bindings.first {
            let isStatic = variable.modifiers.contains { $0.name.text == "static" || $0.name.text == "class" }
            return (isStatic ? "static " : "") + "var " + compact(binding.pattern.trimmedDescription)
                + (binding.typeAnnotation.map { ":" + compact($0.type.trimmedDescription) } ?? "")
        }
        return compact(decl.trimmedDescription)
    }

    /// A parameter list as a signature compares it: `(label:Type,…)`, with
    /// the label `_` for a subscript's parameter that has a single name.
    private static func parameters(_ list: FunctionParameterListSyntax, isSubscript: Bool) -> String {
        "("
            + list.map { parameter in
                let label = isSubscript && parameter.secondName == nil ? "_" : parameter.firstName.text
                return label + ":" + compact(parameter.type.trimmedDescription) + (parameter.ellipsis != nil ? "..." : "")
            }.joined(separator: ",") + ")"
    }

    /// A function's effects as a signature compares them (` async throws`), or nothing.
    private static func effects(_ specifiers: FunctionEffectSpecifiersSyntax?) -> String {
        guard let specifiers else { return "" }
        return " " + compact(specifiers.trimmedDescription)
    }

    /// `text` without any whitespace (types compare by their tokens), without
    /// `Self.` (the symbol graph spells `Element` of a protocol extension
    /// `Self.Element`), and without the parameter names of function types,
    /// which only document them (`(_ buffer: inout ByteBuffer) -> Int` is
    /// `(inout ByteBuffer) -> Int`).
    private static func compact(_ text: String) -> String {
        // `CounterHandler` as a type is `any CounterHandler` (the symbol graph spells it so), and a function
        // type's `nonisolated(nonsending)` is the compiler's default for it: neither is another claim.
        var text = text
        if text.contains("any") || text.contains("nonisolated") {
            text = text.replacingOccurrences(of: #"(?<![\w.])any\s+(?=[\w(\[])"#, with: "", options: .regularExpression)
                .replacingOccurrences(of: #"nonisolated\(nonsending\)\s*"#, with: "", options: .regularExpression)
        }
        let compacted = String(text.filter { !$0.isWhitespace }).replacingOccurrences(of: "Self.", with: "")
        // `_name:` (or `_:`) after `(` or `,`: a tuple's element labels have no `_`.
        guard compacted.contains("_") else { return compacted }
        var result = ""
        var index = compacted.startIndex
        while index < compacted.endIndex {
            let character = compacted[index]
            result.append(character)
            index = compacted.index(after: index)
            guard character == "(" || character == ",", index < compacted.endIndex, compacted[index] == "_" else { continue }
            let name = compacted[compacted.index(after: index)...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            let colon = compacted.index(index, offsetBy: 1 + name.count)
            if colon < compacted.endIndex, compacted[colon] == ":" { index = compacted.index(after: colon) }
        }
        return result
    }

    /// `text` with runs of whitespace as one space.
    package static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
