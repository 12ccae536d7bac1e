import GalleyReference

/// What changed from one version to the next: the public API (``APIChanges``)
/// and the samples whose verdict changed, each regression with why — the
/// failure's message, and the symbols it uses that the newer version
/// removed or changed.
///
/// ```swift
/// let changes = VersionChanges(from: older, to: newer)
/// changes.regressions.first?.reason   // "uses JWTSigner.verify(_:), changed in 5.8.0: …"
/// ```
public struct VersionChanges: Sendable {
    /// A sample whose verdict differs between the two versions.
    public struct SampleChange: Sendable {
        /// The sample in the older version.
        public var before: VersionRecord.SampleVerdict
        /// The same sample in the newer version.
        public var after: VersionRecord.SampleVerdict
        /// The symbols the sample uses that the newer version removed or changed (their names).
        public var affectedSymbols: [String]
        /// Why it fails now: the failure's message, and the symbols it uses that changed.
        public var reason: String
    }

    /// The older version's name.
    public var older: String
    /// The newer version's name.
    public var newer: String
    /// The API's changes; `nil` when either version has no API reference.
    public var api: APIChanges?
    /// Samples that passed in the older version and fail in the newer.
    public var regressions: [SampleChange] = []
    /// Samples that failed in the older version and pass in the newer.
    public var fixes: [SampleChange] = []

    /// The changes from `older` to `newer`.
    public init(from older: VersionRecord, to newer: VersionRecord) {
        self.older = older.version.name
        self.newer = newer.version.name
        if let before = older.api, let after = newer.api { api = APIChanges(from: before, to: after) }
        let gone = (api?.removed ?? []) + (api?.changed.map(\.before) ?? [])
        var byFileAndCode: [String: VersionRecord.SampleVerdict] = [:]
        var byCode: [String: VersionRecord.SampleVerdict] = [:]
        for sample in older.samples {
            byFileAndCode[sample.file + "\u{0}" + sample.code] = byFileAndCode[sample.file + "\u{0}" + sample.code] ?? sample
            byCode[sample.code] = byCode[sample.code] ?? sample
        }
        for sample in newer.samples {
            // The same code, on the same page or (moved) on another.
            guard let before = byFileAndCode[sample.file + "\u{0}" + sample.code] ?? byCode[sample.code], before.status != sample.status else {
                continue
            }
            if before.status == "passed" && sample.status == "failed" {
                let used = Self.usedSymbols(gone, in: sample.code)
                var reason = sample.message ?? "it fails"
                if !used.isEmpty {
                    reason = "it uses \(used.joined(separator: ", ")), which \(self.newer) removed or changed: " + reason
                }
                regressions.append(SampleChange(before: before, after: sample, affectedSymbols: used, reason: reason))
            } else if before.status == "failed" && sample.status == "passed" {
                fixes.append(SampleChange(before: before, after: sample, affectedSymbols: [], reason: "passes now"))
            }
        }
    }

    /// The names of `symbols` whose base name (`verify` of `Signer.verify(_:as:)`) `code` uses as a word.
    static func usedSymbols(_ symbols: [APISnapshot.Entry], in code: String) -> [String] {
        var words: Set<Substring> = []
        var current = code.startIndex
        while current < code.endIndex {
            guard code[current].isLetter || code[current] == "_" else {
                current = code.index(after: current)
                continue
            }
            let start = current
            while current < code.endIndex, code[current].isLetter || code[current].isNumber || code[current] == "_" {
                current = code.index(after: current)
            }
            words.insert(code[start..<current])
        }
        var names: [String] = []
        for symbol in symbols {
            let last = symbol.name.split(separator: ".").last.map(String.init) ?? symbol.name
            let base = last.split(separator: "(").first.map(String.init) ?? last
            if !base.isEmpty, words.contains(Substring(base)), !names.contains(symbol.name) { names.append(symbol.name) }
        }
        return names
    }
}
