/// What a reader is told about a word of the language that names no
/// declaration, so the compiler has no cursor info for it: an attribute such
/// as `@escaping` or `@main`, or the `set` of `private(set)`.
package struct LanguageTerm: Sendable, Equatable {
    /// The term as the popover heads it: `@escaping`, `private(set)`.
    package var declaration: String
    /// One sentence on what it means.
    package var summary: String

    /// The term `token` is, when it is an attribute or access detail the table knows.
    package static func term(for token: HoverTokens.Token) -> LanguageTerm? {
        switch token.role {
        case .attribute:
            return attributes[token.text].map { LanguageTerm(declaration: "@" + token.text, summary: $0) }
        case .accessDetail(let modifier):
            guard token.text == "set" else { return nil }
            return LanguageTerm(
                declaration: "\(modifier)(set)",
                summary: "The setter has \(modifier) access: code outside that scope can read the property but not assign to it."
            )
        default:
            return nil
        }
    }

    /// Attributes of the language (not declarations, which the compiler
    /// describes): what each says about the code it is written on.
    package static let attributes: [String: String] = [
        "escaping": "The closure may be stored and called after the function it is passed to returns.",
        "autoclosure": "An argument expression is wrapped in a closure, so it is evaluated only if and when the function calls it.",
        "Sendable": "The closure may be passed across concurrency domains: it captures only Sendable values.",
        "unchecked": "The conformance is not checked by the compiler: the type's author vouches that sharing it across concurrency domains is safe.",
        "concurrent": "The function runs on the concurrent thread pool, off any actor, whatever actor its caller is on (SE-0461).",
        "preconcurrency": "Concurrency checking of what this names is relaxed for code that has not adopted Swift concurrency yet.",
        "propertyWrapper":
            "The type can be written as an attribute on a property, whose storage becomes an instance of it, used through its wrappedValue.",
        "resultBuilder": "The type builds a result from the statements of a closure or function body written in its domain-specific syntax.",
        "discardableResult": "Calling the function without using its result produces no warning.",
        "main": "The type is the program's entry point: its static main() runs when the program starts.",
        "dynamicMemberLookup": "Member names that the type does not declare are looked up through its subscript(dynamicMember:).",
        "frozen": "The type's layout (stored properties, or an enum's cases) will not change in later versions of its library.",
        "inlinable": "The function's body is part of its module's interface, so clients may inline it.",
        "available": "The declaration's availability: the platforms and versions it needs, or that it is deprecated or renamed.",
        "objc": "The declaration is visible to Objective-C.",
        "testable": "The import also sees the module's internal declarations (the module must be built for testing).",
        "unknown": "A default case that also warns when the enum gains cases the switch does not list.",
    ]
}
