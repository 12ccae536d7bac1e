import GalleySamples
import SwiftSyntax

/// What runs as one process: a sample alone, or every sample of one group of
/// a page, in page order (a later sample sees the earlier ones' declarations).
package struct SampleProgram: Sendable, Hashable {
    /// The samples, never empty, in page order.
    public var samples: [Sample]
    /// Earlier samples of the page compiled before the samples but not judged:
    /// what a `compile_fail` block of a page program builds on (it uses the
    /// page's declarations and must fail in its own lines).
    public var context: [Sample] = []

    /// Creates a program.
    public init(samples: [Sample], context: [Sample] = []) {
        precondition(!samples.isEmpty, "a program needs at least one sample")
        self.samples = samples
        self.context = context
    }

    /// The first sample's id.
    public var id: String { samples[0].id }

    /// What tells this program from every other of a run, including a
    /// page's program compiled again without its broken blocks (which may
    /// start with the same sample): its samples' and its context's ids.
    public var key: String {
        (context.map { "(" + $0.id + ")" } + samples.map(\.id)).joined(separator: "\u{1}")
    }

    /// What the program as a whole does: a group runs when any of its samples runs.
    public var mode: Sample.Mode {
        if samples.count == 1 { return samples[0].mode }
        return samples.contains { $0.mode == .run } ? .run : .noRun
    }

    /// Whether the program compiles in Swift 5 mode (any of its samples asks for it).
    public var swift5: Bool { samples.contains { $0.swift5 } }

    /// The settings of the program's page.
    public var settings: SampleSettings { samples[0].settings }

    /// Whether the program needs to be run after compiling: not when any of
    /// its samples has elided code (``Sample/holes``), which is never run.
    public var runs: Bool { (mode == .run || mode == .crash) && samples.allSatisfy { $0.holes.allSatisfy(\.keepsRun) } }

    /// Whether the program is a page's samples (`verify.page: program`), not a `group=`.
    public var isPage: Bool { samples[0].group == nil && samples.count > 1 }

    /// The command-line arguments of the run (`args=`).
    public var arguments: [String] { samples.count == 1 ? samples[0].arguments ?? [] : [] }

    /// Splits samples into programs: groups (per page) together, each page's
    /// samples together where the page says `verify.page: program` (but not
    /// `standalone`, `compile_fail`, `crash` or `@main` ones), the others
    /// alone; ignored samples, API listings and manifest fragments left out.
    /// A `compile_fail` block of a page program is compiled after the page's
    /// earlier samples (its ``context``), so it may use what they declare.
    /// A block that declares a type again that an earlier block of its page
    /// program declares (`struct Example` in every block, as articles show
    /// one example after another) starts a new program of the page: it is a
    /// new example, not a redeclaration.
    public static func programs(for samples: [Sample]) -> [SampleProgram] {
        var programs: [SampleProgram] = []
        var groupIndex: [String: Int] = [:]
        var pageSoFar: [String: [Sample]] = [:]
        var pageTypes: [String: Set<String>] = [:]
        var pagePart: [String: Int] = [:]
        for sample in samples where sample.mode != .ignore && sample.kind == .program {
            let onPage = sample.settings.pageProgram && !sample.standalone && sample.group == nil
            // A block that leaves a brace open (or closes one it did not open) is compiled alone: merged, it would
            // take the blocks after it into its body.
            let joinsPage =
                onPage && (sample.mode == .run || sample.mode == .noRun) && !CommandLineProgram.isMain(sample.compiledCode)
                && SwiftSource.closesItsBraces(sample.compiledCode)
            let key: String
            if let group = sample.group {
                key = "\(sample.page)\u{0}\(group)"
            } else if joinsPage {
                let types = declaredTypes(sample.compiledCode)
                if !types.isDisjoint(with: pageTypes[sample.page] ?? []) {
                    pagePart[sample.page, default: 0] += 1
                    pageTypes[sample.page] = []
                    pageSoFar[sample.page] = []
                }
                pageTypes[sample.page, default: []].formUnion(types)
                key = "\(sample.page)\u{1}page\(pagePart[sample.page] ?? 0)"
                pageSoFar[sample.page, default: []].append(sample)
            } else {
                let context = onPage && sample.mode == .compileFail ? pageSoFar[sample.page] ?? [] : []
                programs.append(SampleProgram(samples: [sample], context: context))
                continue
            }
            if let index = groupIndex[key] {
                programs[index].samples.append(sample)
            } else {
                groupIndex[key] = programs.count
                programs.append(SampleProgram(samples: [sample]))
            }
        }
        return programs
    }

    /// The names of the types `code` declares at top level (`struct`,
    /// `class`, `enum`, `actor`, `protocol`, `typealias`).
    package static func declaredTypes(_ code: String) -> Set<String> {
        var names: Set<String> = []
        for item in SwiftSource.parse(code)?.statements ?? [] {
            guard let decl = item.item.as(DeclSyntax.self) else { continue }
            if let named = decl.asProtocol(NamedDeclSyntax.self),
                decl.is(StructDeclSyntax.self) || decl.is(ClassDeclSyntax.self) || decl.is(EnumDeclSyntax.self)
                    || decl.is(ActorDeclSyntax.self) || decl.is(ProtocolDeclSyntax.self) || decl.is(TypeAliasDeclSyntax.self)
            {
                names.insert(named.name.text)
            }
        }
        return names
    }
}
