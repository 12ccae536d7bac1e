import Dispatch
import Foundation
import Synchronization

/// The sourcekitd work of one compile, done alongside it: the files
/// (``Unit``s) are asked about one after the other on a thread of their own
/// from ``start()`` — before swiftc starts, since sourcekitd needs the
/// sources and arguments, not the compiled module — so they use the core
/// the compile and the sample runs leave idle; ``finish()`` then asks about
/// what is left on the caller's thread too, and returns the answers.
///
/// One lane while the compile runs keeps the compile (the build's critical
/// path) from waiting for cores; a second joins only when the caller has
/// nothing else to do.
///
/// ```swift
/// let queue = HoverQueue(units: units, programCount: programs.count) { unit, stop in ask(unit, stop) }
/// queue.start()
/// let compiled = compile()            // sourcekitd works meanwhile
/// guard compiled.succeeded else { queue.cancel(); return }
/// let answers = queue.finish()        // one per program
/// ```
final class HoverQueue: Sendable {
    /// A file sourcekitd is asked about: the code of some of the programs
    /// (offsets into the compile's programs), and its compiler arguments.
    struct Unit: Sendable {
        var programs: [Int]
        var path: String
        var text: String
        var arguments: [String]
    }

    /// Asks about one unit; returns an answer per program of the unit. Its
    /// second argument says whether the answers are no longer wanted (it
    /// should then stop asking).
    typealias Work = @Sendable (Unit, _ cancelled: @Sendable () -> Bool) -> [(program: Int, answer: HoverCollector.Answer?)]

    private struct State {
        var next = 0
        var answers: [HoverCollector.Answer?]
        var cancelled = false
    }

    private let units: [Unit]
    private let work: Work
    private let state: Mutex<State>
    private let lanes = DispatchGroup()

    /// A queue of `units` about `programCount` programs, each asked about with `work`.
    init(units: [Unit], programCount: Int, work: @escaping Work) {
        self.units = units
        self.work = work
        state = Mutex(State(answers: Array(repeating: nil, count: programCount)))
    }

    /// Starts asking on a thread of its own.
    func start() {
        guard !units.isEmpty else { return }
        lanes.enter()
        let thread = Thread { [self] in
            drain()
            lanes.leave()
        }
        thread.name = "galley.hovers"
        // swift-syntax parses the samples' code on it (``HoverTokens``): a main thread's stack.
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Asks about the units not yet taken on this thread as well, waits for
    /// the other lane, and returns an answer per program (`nil`: not asked,
    /// or sourcekitd stopped answering).
    func finish() -> [HoverCollector.Answer?] {
        drain()
        lanes.wait()
        return state.withLock { $0.answers }
    }

    /// Stops taking units and lets the unit in progress stop at its next
    /// request; returns when no lane is asking any more (the units' files
    /// may then be removed).
    func cancel() {
        state.withLock { $0.cancelled = true }
        lanes.wait()
    }

    private func drain() {
        let cancelled: @Sendable () -> Bool = { [self] in state.withLock { $0.cancelled } }
        while true {
            let taken = state.withLock { state -> Int? in
                guard !state.cancelled, state.next < units.count else { return nil }
                state.next += 1
                return state.next - 1
            }
            guard let index = taken else { return }
            let answers = work(units[index], cancelled)
            state.withLock { state in
                for (program, answer) in answers { state.answers[program] = answer }
            }
        }
    }
}
