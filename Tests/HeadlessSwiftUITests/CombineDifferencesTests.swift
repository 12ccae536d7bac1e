import HeadlessSwiftUI
import Testing

/// No `@Published` property: OpenCombine's default `objectWillChange` finds
/// nothing to attach to by reflection and returns a new publisher on every access.
final class ManualModel: ObservableObject {
    var value = 0 {
        willSet { objectWillChange.send() }
    }
}

/// The fix: declare the publisher, so every access returns the same one.
final class DeclaredPublisherModel: ObservableObject {
    let objectWillChange = ObservableObjectPublisher()
    var value = 0 {
        willSet { objectWillChange.send() }
    }
}

struct ManualView: View {
    @ObservedObject var model: ManualModel
    var body: some View { Text("\(model.value)") }
}

struct DeclaredView: View {
    @ObservedObject var model: DeclaredPublisherModel
    var body: some View { Text("\(model.value)") }
}

/// Where OpenCombine's reflection-based `ObservableObject` differs from Apple's Combine.
@MainActor
@Suite("OpenCombine objectWillChange differences")
struct CombineDifferencesTests {
    @Test func withoutPublishedPropertiesEachAccessReturnsANewPublisher() {
        let model = ManualModel()
        #expect(model.objectWillChange !== model.objectWillChange)
        let declared = DeclaredPublisherModel()
        #expect(declared.objectWillChange === declared.objectWillChange)
    }

    @Test func manualSendWithoutDeclaredPublisherReachesNoSubscriber() {
        let manual = ManualModel()
        let declared = DeclaredPublisherModel()
        let manualHost = ViewHost(ManualView(model: manual))
        let declaredHost = ViewHost(DeclaredView(model: declared))
        manual.value = 1
        declared.value = 1
        manualHost.flush()
        declaredHost.flush()
        #expect(manualHost.renderCount(of: ManualView.self) == 1, "on Apple's Combine this would be 2")
        #expect(manualHost.snapshot() == "Text \"0\"")
        #expect(declaredHost.renderCount(of: DeclaredView.self) == 2)
        #expect(declaredHost.snapshot() == "Text \"1\"")
    }

    @Test func publishedEmitsBeforeTheValueChanges() {
        let model = LegacyCounterModel()
        var seen: [Int] = []
        let subscription = model.objectWillChange.sink { _ in seen.append(model.count) }
        model.count = 1
        model.count = 2
        subscription.cancel()
        #expect(seen == [0, 1])
    }
}

/// Child re-rendering driven by bindings and the environment.
@MainActor
@Suite("Bindings and environment changes")
struct BindingEnvironmentTests {
    @Test func observedObjectBindingCarriesItsValueSoTheChildUpdates() {
        struct Field: View {
            @Binding var text: String
            var body: some View { Text("field \(text)") }
        }
        struct Screen: View {
            @ObservedObject var model: LegacyCounterModel
            var body: some View {
                VStack {
                    Field(text: $model.title)
                    Text("count \(model.count)")
                }
            }
        }
        let model = LegacyCounterModel()
        let host = ViewHost(Screen(model: model))
        model.count = 1
        host.flush()
        #expect(host.renderCount(of: Field.self) == 1, "the binding's value did not change")
        model.title = "New"
        host.flush()
        #expect(host.renderCount(of: Field.self) == 2)
        #expect(host.snapshot().contains("Text \"field New\""))
    }

    @Test func bindableBindingIsTrackedInTheViewThatReadsIt() {
        struct Field: View {
            @Binding var text: String
            var body: some View { Text("field \(text)") }
        }
        struct Screen: View {
            @Bindable var model: CounterModel
            var body: some View { Field(text: $model.title) }
        }
        let model = CounterModel()
        let host = ViewHost(Screen(model: model))
        model.title = "Changed"
        host.flush()
        #expect(host.renderCount(of: Screen.self) == 1)
        #expect(host.renderCount(of: Field.self) == 2)
    }

    @Test func changingAnEnvironmentValueRerendersOnlyItsReaders() {
        struct Reader: View {
            @Environment(\.colorScheme) private var scheme
            var body: some View { Text("scheme \(scheme)") }
        }
        struct Bystander: View {
            var body: some View { Text("bystander") }
        }
        struct Screen: View {
            @State private var dark = false
            var body: some View {
                VStack {
                    Reader()
                    Bystander()
                    Button("Dark") { dark = true }
                }
                .environment(\.colorScheme, dark ? .dark : .light)
            }
        }
        let host = ViewHost(Screen())
        host.tap("Dark")
        #expect(host.renderCount(of: Reader.self) == 2)
        #expect(host.renderCount(of: Bystander.self) == 1)
        #expect(host.snapshot().contains("Text \"scheme dark\""))
    }

    @Test func replacingTheEnvironmentObjectRerendersItsReaders() {
        struct Reader: View {
            @Environment(CounterModel.self) private var model
            var body: some View { Text(model.title) }
        }
        struct Screen: View {
            @State private var useSecond = false
            let first: CounterModel
            let second: CounterModel
            var body: some View {
                VStack {
                    Reader()
                    Button("Swap") { useSecond = true }
                }
                .environment(useSecond ? second : first)
            }
        }
        let second = CounterModel()
        second.title = "Second"
        let host = ViewHost(Screen(first: CounterModel(), second: second))
        host.tap("Swap")
        #expect(host.renderCount(of: Reader.self) == 2)
        #expect(host.snapshot().contains("Text \"Second\""))
    }
}
