import Foundation
import GalleySamples

extension FailureClassifier {
    /// What the listing leaves to its page or its reader, when `error` is
    /// about its declarations rather than a wrong statement: alternatives
    /// side by side, a conformance shown in part, the conformances another
    /// block sketches, a member another listing's extension declares, a
    /// library declaration the docs restate.
    /// `own` gives the names the listing itself declares.
    static func declarationContext(
        of error: CompilerDiagnostic, notes: [CompilerDiagnostic], sample: Sample, declared: Set<String>, elsewhere: ExtensionMembers,
        own: () -> Set<String>
    ) -> String? {
        // `let request = …` and again `let request = …` in one listing: two ways to write the same
        // thing, shown side by side; the reader takes one.
        if let name = quoted(after: "invalid redeclaration of '", in: error.message),
            notes.contains(where: { $0.message == "'\(name)' previously declared here" && sample.owns($0) })
        {
            return "(alternatives: `\(name)` declared twice)"
        }
        // A conformance shown in part (`class PlayerObserver: TransactionObserver` with the two methods the page is
        // about): the requirements it leaves out are an omission. A member it writes with another type (a
        // `candidate` note) contradicts the protocol, and a type with no code member shows none of it: evidence.
        if let type = quoted(after: "type '", in: error.message), error.message.contains("does not conform to protocol"),
            own().contains(type), !notes.contains(where: { $0.message.hasPrefix("candidate ") }),
            SketchedTypes.implementsMembers(type, in: sample.compiledCode)
        {
            return "(the members of \(type) it leaves out)"
        }
        // `requires that 'Country' conform to 'EncodableRecord'`, `Country` declared by another block or page:
        // the conformances that block sketches, not this block's error.
        if let type = quoted(after: "requires that '", in: error.message), error.message.contains("' conform to '"),
            declared.contains(type) || elsewhere.types.contains(type), !own().contains(type)
        {
            return "(the conformances of \(type), declared in another block)"
        }
        // `struct TeamInfo: Decodable { var team: Team }`, `Team` the reader's record that another block sketches: the
        // conformance it cannot synthesize needs that type's, which the sketch leaves out. (A library type's is evidence.)
        if error.message.contains("does not conform to protocol"),
            let lacking = notes.lazy.compactMap({ note in
                note.message.hasPrefix("cannot automatically synthesize") ? quoted(after: "because '", in: note.message) : nil
            }).first(where: { (declared.contains($0) || elsewhere.types.contains($0)) && !own().contains($0) })
        {
            return "(the conformances of \(lacking), declared in another block)"
        }
        // `extension Result: CasePathable { struct AllCasePaths … }`, `extension Parsers { struct Map … }`, where the
        // library already declares them: the docs restate the library's declaration (in this listing or another of its
        // page), and the name is ambiguous only beside the real one.
        if let name = quoted(after: "'", in: error.message),
            error.message.hasSuffix("is ambiguous for type lookup in this context") || error.message.hasPrefix("ambiguous type name '"),
            own().contains(name) || declared.contains(name) || elsewhere.types.contains(name)
                || quoted(after: "' in '", in: error.message).map({ elsewhere.declares(name, on: $0) }) == true
        {
            return "(the library's own declaration of \(name), which the docs restate)"
        }
        return memberContext(of: error, sample: sample, declared: declared, elsewhere: elsewhere, own: own)
    }

    /// What ``declarationContext(of:notes:sample:declared:elsewhere:own:)``
    /// finds for a member: one another block declares, or a key path to a
    /// member nothing declares.
    private static func memberContext(
        of error: CompilerDiagnostic, sample: Sample, declared: Set<String>, elsewhere: ExtensionMembers, own: () -> Set<String>
    ) -> String? {
        // `[Columns.id, Columns.name]` in `extension Player`, where another block of the page declares `enum Columns` in
        // Player: without that block the name is the library's default (`Player.Columns (aka 'Never')`), not the docs' error.
        if error.message.contains("' (aka 'Never')"), let qualified = quoted(after: "type '", in: error.message),
            case let parts = qualified.split(separator: ".").map(String.init), parts.count > 1, let alias = parts.last,
            declared.contains(alias) || elsewhere.declares(alias, on: parts[parts.count - 2]), !own().contains(alias)
        {
            return "(\(alias), declared in another block)"
        }
        // `@Dependency(\.apiClient)` with no `apiClient` declared: the key path stays `KeyPath<Root, Value>`, unresolved,
        // and the call matches nothing. The member is context, as an undeclared name is.
        if error.message.contains("value of type 'KeyPath<Root, Value>'"),
            let path = line(error.line, of: sample).range(of: #"\\\.[A-Za-z_][A-Za-z0-9_]*"#, options: .regularExpression)
        {
            return String(line(error.line, of: sample)[path].dropFirst(2))
        }
        // `$0.apiClient` where another listing's `extension DependencyValues` declares `apiClient`: that listing's context.
        if let member = quoted(after: "has no member '", in: error.message), !declared.contains(member),
            let type = quoted(after: "type '", in: error.message), elsewhere.declares(member, on: type)
        {
            return member
        }
        return nil
    }
}
