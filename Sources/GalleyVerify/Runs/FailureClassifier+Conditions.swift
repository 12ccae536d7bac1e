import GalleyPackage
import GalleySamples

extension FailureClassifier {
    /// The name an error says is not there: `value of type 'Database' has no
    /// member 'usePassphrase'` → `usePassphrase`; `cannot find 'x' in scope`,
    /// `cannot find type 'X' in scope`, `module 'M' has no member named 'x'`.
    static func absentName(in message: String) -> String? {
        if message.contains("has no member named '") { return quoted(after: "has no member named '", in: message) }
        if message.contains("has no member '") { return quoted(after: "has no member '", in: message) }
        if message.hasPrefix("cannot find type '") { return quoted(after: "cannot find type '", in: message) }
        if message.hasPrefix("cannot find '") { return quoted(after: "cannot find '", in: message) }
        return nil
    }

    /// `result` as the environment when the error that made it the docs' is
    /// a name the library declares only under an `#if` this build does not
    /// meet (GRDB's `usePassphrase` under `#if SQLITE_HAS_CODEC`, the
    /// SQLCipher build its page is about; a member under `#if os(macOS)`):
    /// the docs are right for that build.
    static func outsideBuild(_ result: SampleResult, conditions: ConditionalDeclarations) -> SampleResult {
        guard result.cause == .docs, let error = result.evidence, let name = absentName(in: error.message),
            let condition = conditions.unmetCondition(of: name)
        else { return result }
        var moved = result
        moved.cause = .environment
        moved.needs = "a build where `#if \(condition)` holds (the library declares `\(name)` only under it)"
        return moved
    }
}
