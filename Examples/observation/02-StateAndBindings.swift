// @State for values and @Observable classes, the @State init trap,
// @Binding, Binding(get:set:), .constant, and @Bindable (property and local).
import SwiftUI

nonisolated(unsafe) var draftsCreated = 0

@Observable final class Draft {
    var title = ""
    var body = ""
    init() { draftsCreated += 1 }
}

struct Editor: View {
    @State private var draft = Draft()  // the init trap: Draft() runs on every Editor() creation
    let revision: Int
    var body: some View {
        @Bindable var draft = draft
        VStack {
            TextField("Title", text: $draft.title)
            TitleField(draft: draft)
            Text("Revision \(revision): \(draft.title)")
        }
    }
}

struct TitleField: View {
    @Bindable var draft: Draft
    var body: some View { TextEditor(text: $draft.body) }
}

struct CounterRow: View {
    @Binding var value: Int
    var body: some View { Stepper("Value: \(value)", value: $value, in: 0...5) }
}

struct StateScreen: View {
    @State private var count: Int
    @State private var revision = 0
    @State private var muted = false

    init(start: Int) { _count = State(initialValue: start) }

    var body: some View {
        VStack {
            CounterRow(value: $count)
            Toggle("Muted", isOn: Binding(get: { muted }, set: { muted = $0 }))
            Toggle("Always on", isOn: .constant(true))
            Button("New revision") { revision += 1 }
            Editor(revision: revision)
        }
    }
}

let host = ViewHost(StateScreen(start: 2))
host.increment("Value: 2")
host.toggle("Muted")
host.enter("Hello", into: "Title")
host.enter("Body text", into: "TextEditor")
host.tap("New revision")
host.tap("New revision")
print(host.snapshot())
print("Draft() ran \(draftsCreated) times; the first draft is still the one shown")
print("renders: \(host.renderCounts.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " "))")
