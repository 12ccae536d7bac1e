/// Text made safe to print on a terminal.
///
/// A sample's output, a file name or a compiler message may carry escape
/// codes (`ESC[2J` clears the screen) or other control characters; a human
/// report shows them as Swift escapes instead of letting the terminal obey them.
///
/// ```swift
/// TerminalText.escaped("\u{1B}[31mred")   // "\\u{1B}[31mred"
/// ```
public enum TerminalText {
    /// `text` with every control character but line feed and tab (C0, DEL,
    /// C1) written as `\u{XX}`.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isEscaped) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if isEscaped(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 2) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: false
        case 0x00..<0x20, 0x7F..<0xA0: true
        default: false
        }
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
