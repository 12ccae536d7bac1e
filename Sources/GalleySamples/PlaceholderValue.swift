import Foundation
import SwiftSyntax

/// String literals that stand for a value the reader supplies: a key, a
/// token or a document shown with its middle left out
/// (`"-----BEGIN PUBLIC KEY----- ... -----END PUBLIC KEY-----"`,
/// `"eyJhbGciOiJIUzI1NiIs..."`). Code that parses such a value can only
/// fail on it, so a sample with one is compiled, not run.
///
/// ```swift
/// PlaceholderValue.isPresent(in: #"let pem = "-----BEGIN KEY----- ... -----END KEY-----""#)   // true
/// PlaceholderValue.isPresent(in: #"print("Loading...")"#)                                     // false
/// ```
package enum PlaceholderValue {
    /// Whether a string literal of `code` elides its value: an ellipsis
    /// with text on both sides (`"BEGIN ... END"`), or ending a run of
    /// letters and digits that reads as a token (`"sk-4f9a2c81..."`).
    package static func isPresent(in code: String) -> Bool {
        guard code.contains("...") || code.contains("…"), let tree = SwiftSource.parse(code) else { return false }
        return tree.tokens(viewMode: .sourceAccurate).contains { token in
            guard case .stringSegment(let text) = token.tokenKind else { return false }
            return text.range(of: #"\S\s+(\.\.\.|…)\s+\S"#, options: .regularExpression) != nil
                || text.range(of: #"(?=[\w+/=-]*\d)[\w+/=-]{8,}(\.\.\.|…)"#, options: .regularExpression) != nil
        }
    }
}
