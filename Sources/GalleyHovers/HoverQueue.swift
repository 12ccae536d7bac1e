import Dispatch
import Foundation
import Synchronization

/// The sourcekitd work of a whole run, done on threads of its own alongside
/// the compiles and sample runs: each compile submits the files (``Unit``s)
/// to ask about as soon as it has written them — sourcekitd needs the
/// sources and arguments, not the compiled module — and the run collects
/// every submission's answers (``answers(_:)``) once its compiles and sample
/// runs are done.
///
/// One lane per sourcekitd, because sourcekitd answers one request at a
/// time within a process: a second thread asking the same one only waits
/// (measured: eight files asked about from two threads take as long as from
/// one). The second lane, when there is one, asks a worker process
/// (``SourceKitWorker``); a unit (a file, one AST) is asked about on one
/// lane. And one queue for the run, not one per compile, so the lanes never
/// wait for a compile to start or a group's answers to be collected.
///
/// ```swift
/// let queue = HoverQueue(lanes: 2, removingFolders: { try? FileManager.default.removeItem(at: $0) })
/// let ticket = queue.submit(units, programCount: programs.count, folder: hoverFolder) { unit, lane, stop in ask(unit, lane, stop) }
/// let compiled = compile()            // sourcekitd works meanwhile
/// guard compiled.succeeded else { queue.cancel(ticket); return }
/// …                                    // more compiles, more submissions
/// let answers = queue.answers(ticket) // one per program
/// ```
package final class HoverQueue: Sendable {
    /// A file sourcekitd is asked about: the code of some of the programs
    /// (offsets into the submission's programs), and its compiler arguments.
    package struct Unit: Sendable {
        package var programs: [Int]
        package var path: String
        package var text: String
        package var arguments: [String]

        /// The unit of `programs`, written at `path` with `text`, compiled with `arguments`.
        package init(programs: [Int], path: String, text: String, arguments: [String]) {
            self.programs = programs
            self.path = path
            self.text = text
            self.arguments = arguments
        }
    }

    /// Asks about one unit; returns an answer per program of the unit. Its
    /// second argument says whether the answers are no longer wanted (it
    /// should then stop asking).
    package typealias Work = @Sendable (Unit, _ lane: Int, _ cancelled: @Sendable () -> Bool) -> [(program: Int, answer: HoverCollector.Answer?)]

    /// One submission: what ``answers(_:)`` and ``cancel(_:)`` take.
    package struct Ticket: Sendable, Hashable {
        fileprivate var number: Int
    }

    private struct Submission {
        package var units: [Unit]
        package var next = 0
        /// Units of it being asked about now (one per lane at most).
        package var inProgress = 0
        package var work: Work
        package var answers: [HoverCollector.Answer?]
        package var cancelled = false
        package var folder: URL?
        package let done = DispatchGroup()

        /// Whether no unit of it is waiting to be asked about.
        package var drained: Bool { cancelled || next == units.count }
    }

    private struct State {
        package var submissions: [Int: Submission] = [:]
        /// Submission numbers in the order they came, those with units left.
        package var order: [Int] = []
        package var count = 0
        /// Which lanes have a thread asking.
        package var running: Set<Int> = []
        /// Units waiting, over every submission.
        package var waiting = 0
    }

    private let state = Mutex(State())
    private let removeFolder: @Sendable (URL) -> Void
    /// How many threads ask at once: one per sourcekitd (a lane's number
    /// says which: ``HoverCollector/onLane(_:)``).
    package let lanes: Int

    /// An empty queue with `lanes` lanes; `removingFolders` removes a
    /// submission's folder once nothing of it is asked about any more.
    package init(lanes: Int = 1, removingFolders: @escaping @Sendable (URL) -> Void) {
        self.lanes = max(1, lanes)
        removeFolder = removingFolders
    }

    /// Adds `units` about `programCount` programs, each asked about with
    /// `work`, and starts the lane if it is idle. `folder` (holding the units'
    /// files) is removed when the submission is answered or cancelled.
    package func submit(_ units: [Unit], programCount: Int, folder: URL?, work: @escaping Work) -> Ticket {
        let submission = Submission(units: units, work: work, answers: Array(repeating: nil, count: programCount), folder: folder)
        submission.done.enter()
        let (ticket, start, finishedAlready) = state.withLock { state -> (Ticket, [Int], Bool) in
            state.count += 1
            let number = state.count
            let empty = units.isEmpty
            state.submissions[number] = submission
            if !empty { state.order.append(number) }
            state.waiting += units.count
            // A thread for each idle lane, as many as there are units waiting.
            let idle = (0..<lanes).filter { !state.running.contains($0) }.prefix(max(0, state.waiting - state.running.count))
            state.running.formUnion(idle)
            return (Ticket(number: number), Array(idle), empty)
        }
        if finishedAlready { finish(ticket.number) }
        for lane in start { startThread(lane: lane) }
        return ticket
    }

    /// Waits until every unit of `ticket` is answered (or the submission was
    /// cancelled) and returns an answer per program (`nil`: not asked,
    /// cancelled, or sourcekitd stopped answering). A ticket is collected once.
    package func answers(_ ticket: Ticket) -> [HoverCollector.Answer?] {
        guard let done = state.withLock({ $0.submissions[ticket.number]?.done }) else { return [] }
        done.wait()
        return state.withLock { $0.submissions.removeValue(forKey: ticket.number)?.answers ?? [] }
    }

    /// Drops `ticket`'s units not yet asked about and lets the one in
    /// progress stop at its next request; does not wait.
    package func cancel(_ ticket: Ticket) {
        let finished = state.withLock { state -> Bool in
            guard var submission = state.submissions[ticket.number], !submission.cancelled else { return false }
            let wasDrained = submission.drained
            submission.cancelled = true
            submission.answers = submission.answers.map { _ in nil }
            state.submissions[ticket.number] = submission
            state.order.removeAll { $0 == ticket.number }
            state.waiting -= submission.units.count - submission.next
            // Finished here unless a unit of it is being asked about (the lane finishes it then).
            return submission.inProgress == 0 && !wasDrained
        }
        if finished { finish(ticket.number) }
    }

    private func startThread(lane number: Int) {
        let thread = Thread { [self] in lane(number) }
        thread.name = "galley.hovers"
        // swift-syntax parses the samples' code on it (``HoverTokens``): a main thread's stack.
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Asks about units, oldest submission first, until none is left.
    private func lane(_ lane: Int) {
        while true {
            let taken = state.withLock { state -> (number: Int, unit: Unit, work: Work)? in
                guard let number = state.order.first, var submission = state.submissions[number] else {
                    state.running.remove(lane)
                    return nil
                }
                let unit = submission.units[submission.next]
                submission.next += 1
                state.waiting -= 1
                submission.inProgress += 1
                if submission.drained { state.order.removeFirst() }
                state.submissions[number] = submission
                return (number, unit, submission.work)
            }
            guard let (number, unit, work) = taken else { return }
            let cancelled: @Sendable () -> Bool = { [self] in state.withLock { $0.submissions[number]?.cancelled ?? true } }
            let answers = work(unit, lane, cancelled)
            let finished = state.withLock { state -> Bool in
                guard var submission = state.submissions[number] else { return false }
                submission.inProgress -= 1
                if !submission.cancelled {
                    for (program, answer) in answers { submission.answers[program] = answer }
                }
                state.submissions[number] = submission
                return submission.drained && submission.inProgress == 0
            }
            if finished { finish(number) }
        }
    }

    /// Removes a finished submission's folder and wakes whoever waits for its answers.
    private func finish(_ number: Int) {
        guard let submission = state.withLock({ $0.submissions[number] }) else { return }
        if let folder = submission.folder { removeFolder(folder) }
        submission.done.leave()
    }
}
