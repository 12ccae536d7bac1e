import GalleySamples

/// Each line of the input → the `// Prints "…"` parser; then the input as
/// actual output → `PrintsComment.escape`, as `galley verify --bless` writes
/// it, read back by the parser.
///
/// Checks the round trip: what `--bless` writes is read back as exactly the
/// output it was written from.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPrintsComment(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = FuzzInput(data, size).text
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        switch PrintsComment.parse(line) {
        case .none, .expected:
            break
        case .multiLine(let column):
            fuzzCheck(column >= 1 && column <= line.count, "// Prints: at column \(column)")
        case .malformed(let reason, let column), .prose(let reason, let column):
            fuzzCheck(!reason.isEmpty && column >= 1 && column <= line.count, "malformed at column \(column): \(reason)")
        }
        _ = ErrorMarkerComment.parse(line)
    }
    let blessed = "    print(x) // Prints \"\(PrintsComment.escape(text))\""
    let expected = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let reread = PrintsComment.parse(blessed[...])
    fuzzCheck(reread == .expected(expected), "blessed \(blessed.debugDescription) reads back as \(reread), not \(expected)")
    return 0
}
