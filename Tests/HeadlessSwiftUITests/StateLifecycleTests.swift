import Foundation
import Testing

@testable import HeadlessSwiftUI

let modelInits = InitCounter()
let legacyInits = InitCounter()

@Observable final class TrackedModel {
    var value = 0
    init() { modelInits.bump() }
}

final class TrackedLegacyModel: ObservableObject {
    @Published var value = 0
    init() { legacyInits.bump() }
}

@Observable final class Log {
    var events: [String] = []
    var runs: [Int] = []
}

@MainActor @Observable final class Loader {
    var items: [String] = []
    func load() async {
        try? await Task.sleep(for: .milliseconds(10))
        items = ["a", "b"]
    }
}

/// `@State` storage, `@StateObject` creation, `.task`, `.onAppear`, `.id`.
@MainActor
@Suite("State storage and lifecycle", .serialized)
struct StateLifecycleTests {
    @Test func stateSurvivesParentReevaluationButItsInitialExpressionRunsEachTime() {
        struct Child: View {
            @State var model = TrackedModel()
            let tick: Int
            var body: some View {
                VStack {
                    Text("value \(model.value) tick \(tick)")
                    Button("Bump") { model.value += 1 }
                }
            }
        }
        struct Parent: View {
            @State private var tick = 0
            var body: some View {
                VStack {
                    Child(tick: tick)
                    Button("Tick") { tick += 1 }
                }
            }
        }
        let before = modelInits.count
        let host = ViewHost(Parent())
        #expect(modelInits.count - before == 1)
        host.tap("Bump")
        host.tap("Tick")
        host.tap("Tick")
        #expect(modelInits.count - before == 3, "the initial-value expression ran on every Child() creation")
        #expect(host.snapshot().contains("Text \"value 1 tick 2\""), "but the first model is the one kept")
    }

    @Test func stateObjectAutoclosureRunsOncePerIdentity() {
        struct Child: View {
            @StateObject var model = TrackedLegacyModel()
            let tick: Int
            var body: some View { Text("value \(model.value) tick \(tick)") }
        }
        struct Parent: View {
            @State private var tick = 0
            @State private var generation = 0
            var body: some View {
                VStack {
                    Child(tick: tick).id(generation)
                    Button("Tick") { tick += 1 }
                    Button("Reset") { generation += 1 }
                }
            }
        }
        let before = legacyInits.count
        let host = ViewHost(Parent())
        host.tap("Tick")
        host.tap("Tick")
        #expect(legacyInits.count - before == 1)
        host.tap("Reset")
        #expect(legacyInits.count - before == 2, "a new identity gets a new object")
    }

    @Test func stateWriteRerendersOnlyViewsThatReadIt() {
        struct Reader: View {
            @Binding var value: Int
            var body: some View { Text("read \(value)") }
        }
        struct Owner: View {
            @State private var value = 0
            var body: some View {
                VStack {
                    Reader(value: $value)
                    Button("Add") { value += 1 }
                }
            }
        }
        let host = ViewHost(Owner())
        host.tap("Add")
        #expect(host.renderCount(of: Owner.self) == 1, "the owner never reads value in its body")
        #expect(host.renderCount(of: Reader.self) == 2)
        #expect(host.snapshot().contains("Text \"read 1\""))
    }

    @Test func writingAnEqualStateValueDoesNotRerender() {
        struct Owner: View {
            @State private var value = 0
            var body: some View {
                Button("Same \(value)") { value = 0 }
            }
        }
        let host = ViewHost(Owner())
        host.tap("Same 0")
        #expect(host.renderCount(of: Owner.self) == 1)
    }

    @Test func stateInitialValueCanBeSetInInit() {
        struct Start: View {
            @State private var count: Int
            init(start: Int) { _count = State(initialValue: start) }
            var body: some View { Text("\(count)") }
        }
        let host = ViewHost(Start(start: 7))
        #expect(host.snapshot() == "Text \"7\"")
    }

    @Test func taskStartsOnMountAndIsCancelledOnRemoval() async {
        struct Worker: View {
            let log: Log
            var body: some View {
                Text("working").task {
                    log.events.append("started")
                    do {
                        try await Task.sleep(for: .seconds(3600))
                        log.events.append("finished")
                    } catch {
                        log.events.append("cancelled")
                    }
                }
            }
        }
        struct Screen: View {
            let log: Log
            @State private var showsWorker = true
            var body: some View {
                VStack {
                    if showsWorker { Worker(log: log) }
                    Button("Hide") { showsWorker = false }
                }
            }
        }
        let log = Log()
        let host = ViewHost(Screen(log: log))
        await host.yield()
        #expect(log.events == ["started"])
        host.tap("Hide")
        await host.settle()
        #expect(log.events == ["started", "cancelled"])
    }

    @Test func settleAwaitsTasksThatLoadData() async {
        struct Screen: View {
            let loader: Loader
            var body: some View {
                List(loader.items, id: \.self) { Text($0) }
                    .task { await loader.load() }
            }
        }
        let host = ViewHost(Screen(loader: Loader()))
        #expect(host.snapshot() == "List")
        await host.settle()
        #expect(host.snapshot() == "List\n  Text \"a\"\n  Text \"b\"")
        #expect(host.renderCount(of: Screen.self) == 2)
    }

    @Test func taskWithIDRestartsWhenTheIDChanges() async {
        struct Screen: View {
            let log: Log
            @State private var page = 1
            var body: some View {
                Button("Next") { page += 1 }
                    .task(id: page) { log.runs.append(page) }
            }
        }
        let log = Log()
        let host = ViewHost(Screen(log: log))
        await host.settle()
        host.tap("Next")
        await host.settle()
        #expect(log.runs == [1, 2])
    }

    @Test func onAppearRunsOnceAndOnDisappearOnRemoval() {
        struct Screen: View {
            let log: Log
            @State private var shown = true
            @State private var ticks = 0
            var body: some View {
                VStack {
                    if shown {
                        Text("ticks \(ticks)")
                            .onAppear { log.events.append("appear") }
                            .onDisappear { log.events.append("disappear") }
                    }
                    Button("Tick") { ticks += 1 }
                    Button("Hide") { shown = false }
                }
            }
        }
        let log = Log()
        let host = ViewHost(Screen(log: log))
        host.tap("Tick")
        host.tap("Tick")
        #expect(log.events == ["appear"])
        host.tap("Hide")
        #expect(log.events == ["appear", "disappear"])
    }

    @Test func switchingBranchesResetsState() {
        struct Counter: View {
            @State private var count = 0
            var body: some View { Button("Count \(count)") { count += 1 } }
        }
        struct Screen: View {
            @State private var flag = true
            var body: some View {
                VStack {
                    if flag { Counter() } else { Counter() }
                    Button("Flip") { flag.toggle() }
                }
            }
        }
        let host = ViewHost(Screen())
        host.tap("Count 0")
        host.tap("Count 1")
        host.tap("Flip")
        #expect(host.snapshot().contains("Button \"Count 0\""), "the else-branch is a new identity")
    }

    @Test func forEachStateFollowsTheElementID() {
        struct Row: View {
            let name: String
            @State private var taps = 0
            var body: some View { Button("\(name) \(taps)") { taps += 1 } }
        }
        struct Screen: View {
            @State private var names = ["a", "b"]
            var body: some View {
                VStack {
                    ForEach(names, id: \.self) { Row(name: $0) }
                    Button("Reverse") { names.reverse() }
                }
            }
        }
        let host = ViewHost(Screen())
        host.tap("a 0")
        host.tap("Reverse")
        #expect(host.snapshot() == "VStack\n  Button \"b 0\"\n  Button \"a 1\"\n  Button \"Reverse\"")
    }

    @Test func printChangesReasonsNameTheCause() {
        struct Screen: View {
            @State private var count = 0
            @StateObject private var legacy = LegacyCounterModel()
            let model: CounterModel
            var body: some View {
                VStack {
                    Text("\(count) \(model.title)")
                    Button("Add") { count += 1 }
                    Button("Legacy") { legacy.count += 1 }
                }
            }
        }
        let model = CounterModel()
        let host = ViewHost(Screen(model: model))
        host.tap("Add")
        host.tap("Legacy")
        model.title = "x"
        host.flush()
        #expect(
            host.renderEvents.map(\.description) == [
                "Screen (@self, @identity, _count, _legacy)", "Screen (_count)", "Screen (_legacy)", "Screen (@dependencies)",
            ])
    }
}

/// `_printChanges`' first-appearance line and `@identity`, as Xcode prints them.
@MainActor
@Suite("_printChanges wording", .serialized)
struct PrintChangesWordingTests {
    @Test func firstAppearanceListsSelfIdentityAndEveryDynamicPropertyInOrder() {
        struct Card: View {
            let title: String
            @State private var expanded = false
            @StateObject private var legacy = LegacyCounterModel()
            @Environment(\.isEnabled) private var isEnabled
            var body: some View { Text(title) }
        }
        let host = ViewHost(Card(title: "Ada"))
        #expect(
            host.renderEvents.map(\.description) == [
                "Card (@self, @identity, _expanded, _legacy, _isEnabled)"
            ])
    }

    @Test func aViewWithoutDynamicPropertiesFirstAppearsWithSelfAndIdentity() {
        struct Plain: View {
            let model: CounterModel
            var body: some View { Text(model.title) }
        }
        let host = ViewHost(Plain(model: CounterModel()))
        #expect(host.renderEvents.map(\.description) == ["Plain (@self, @identity)"])
    }

    @Test func aNewIdReportsIdentityAgainButAParentRenderDoesNot() {
        struct Counter: View {
            @State private var count = 0
            var body: some View { Button("\(count)") { count += 1 } }
        }
        struct Screen: View {
            @State private var generation = 0
            @State private var tick = 0
            var body: some View {
                VStack {
                    Counter().id(generation)
                    Button("Reset") { generation += 1 }
                    Button("Tick \(tick)") { tick += 1 }
                }
            }
        }
        let host = ViewHost(Screen())
        host.tap("0")
        host.tap("Tick 0")
        host.tap("Reset")
        let counterEvents = host.renderEvents.filter { $0.view == "Counter" }.map(\.description)
        #expect(
            counterEvents == [
                "Counter (@self, @identity, _count)",
                "Counter (_count)",
                "Counter (@self, @identity, _count)",
            ])
    }

    @Test func aBindablePropertyIsNotListedAsADynamicProperty() {
        struct Editor: View {
            @Bindable var model: CounterModel
            @State private var draft = ""
            var body: some View { Text(model.title) }
        }
        let host = ViewHost(Editor(model: CounterModel()))
        #expect(host.renderEvents.map(\.description) == ["Editor (@self, @identity, _draft)"])
    }

    @Test func theOtherBranchOfAnIfReportsIdentityAgain() {
        struct Counter: View {
            @State private var count = 0
            var body: some View { Button("\(count)") { count += 1 } }
        }
        struct Screen: View {
            @State private var compact = false
            var body: some View {
                VStack {
                    if compact { Counter() } else { Counter() }
                    Button("Toggle") { compact.toggle() }
                }
            }
        }
        let host = ViewHost(Screen())
        host.tap("0")
        host.tap("Toggle")
        let counterEvents = host.renderEvents.filter { $0.view == "Counter" }.map(\.description)
        #expect(
            counterEvents == [
                "Counter (@self, @identity, _count)",
                "Counter (_count)",
                "Counter (@self, @identity, _count)",
            ])
        #expect(host.snapshot().contains("Button \"0\""), "the other branch starts with fresh state")
    }

    @Test func printChangesPrintsTheFirstAppearanceLineInSwiftUIsWords() throws {
        struct Probe: View {
            @State private var flag = false
            var body: some View { Text("probe") }
        }
        let host = ViewHost(Probe())
        let first = try #require(host.renderEvents.first)
        #expect(printChangesLine(view: first.view, reasons: first.reasons) == "Probe: @self, @identity, _flag changed.")
        #expect(printChangesLine(view: "Probe", reasons: ["@dependencies"]) == "Probe: @dependencies changed.")
    }
}
