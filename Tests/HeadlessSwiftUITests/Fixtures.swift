import HeadlessSwiftUI
import Synchronization

// Shared models and views for the semantic suites: each comes in an
// `@Observable` and an `ObservableObject` flavour so the two systems can be
// measured side by side.

@Observable final class CounterModel {
    var count = 0
    var title = "Counter"
    var items: [String] = []
}

final class LegacyCounterModel: ObservableObject {
    @Published var count = 0
    @Published var title = "Counter"
}

/// Reads only `title`.
struct ObsTitleView: View {
    let model: CounterModel
    var body: some View { Text(model.title) }
}

/// Reads only `count`.
struct ObsCountView: View {
    let model: CounterModel
    var body: some View { Text("Count: \(model.count)") }
}

/// Reads nothing of the model itself.
struct ObsScreen: View {
    let model: CounterModel
    var body: some View {
        VStack {
            ObsTitleView(model: model)
            ObsCountView(model: model)
            Button("Increment") { model.count += 1 }
        }
    }
}

struct LegacyTitleView: View {
    @ObservedObject var model: LegacyCounterModel
    var body: some View { Text(model.title) }
}

struct LegacyCountView: View {
    @ObservedObject var model: LegacyCounterModel
    var body: some View { Text("Count: \(model.count)") }
}

struct LegacyScreen: View {
    @ObservedObject var model: LegacyCounterModel
    var body: some View {
        VStack {
            LegacyTitleView(model: model)
            LegacyCountView(model: model)
            Button("Increment") { model.count += 1 }
        }
    }
}

/// Counts how often an initialiser ran, from any thread.
final class InitCounter: Sendable {
    private let value = Mutex(0)
    func bump() { value.withLock { $0 += 1 } }
    var count: Int { value.withLock { $0 } }
}
