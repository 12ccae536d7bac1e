import SwiftCompilerPlugin
import SwiftSyntax
import SwiftSyntaxMacros

/// `#stringify(x + y)` → `(x + y, "x + y")`. A string literal is refused
/// with the macro's own error, so that a test can see it reported.
public struct StringifyMacro: ExpressionMacro {
    struct Refusal: Error, CustomStringConvertible {
        var description: String
    }

    /// The tuple of the argument and its source text, or the refusal of a string literal.
    public static func expansion(
        of node: some FreestandingMacroExpansionSyntax,
        in context: some MacroExpansionContext
    ) throws -> ExprSyntax {
        guard let argument = node.arguments.first?.expression else {
            throw Refusal(description: "#stringify needs an expression")
        }
        if argument.is(StringLiteralExprSyntax.self) {
            throw Refusal(description: "#stringify of a string literal is the literal itself")
        }
        return "(\(argument), \(literal: argument.trimmedDescription))"
    }
}

@main
struct StringifyPlugin: CompilerPlugin {
    let providingMacros: [Macro.Type] = [StringifyMacro.self]
}
