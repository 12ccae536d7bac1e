import Foundation
import Testing

@testable import HeadlessSwiftUI

/// Each rule of the issue, measured as render counts before and after a
/// mutation, for `@Observable` and `ObservableObject` side by side.
@MainActor
@Suite("Invalidation semantics: @Observable vs ObservableObject")
struct ObservationSemanticsTests {
    @Test func observableInvalidatesOnlyViewsWhoseBodyReadTheProperty() {
        let model = CounterModel()
        let host = ViewHost(ObsScreen(model: model))
        #expect(host.renderCounts == ["ObsScreen": 1, "ObsTitleView": 1, "ObsCountView": 1])
        host.tap("Increment")
        #expect(host.renderCounts == ["ObsScreen": 1, "ObsTitleView": 1, "ObsCountView": 2])
        #expect(host.snapshot().contains("Text \"Count: 1\""))
    }

    @Test func observableObjectInvalidatesEverySubscriberWhateverItReads() {
        let model = LegacyCounterModel()
        let host = ViewHost(LegacyScreen(model: model))
        #expect(host.renderCounts == ["LegacyScreen": 1, "LegacyTitleView": 1, "LegacyCountView": 1])
        host.tap("Increment")
        #expect(host.renderCounts == ["LegacyScreen": 2, "LegacyTitleView": 2, "LegacyCountView": 2])
        #expect(host.snapshot().contains("Text \"Count: 1\""))
    }

    @Test func mutationsOnlyMarkDirtyUntilTheHostFlushes() {
        let model = CounterModel()
        let legacy = LegacyCounterModel()
        let host = ViewHost(ObsCountView(model: model))
        let legacyHost = ViewHost(LegacyCountView(model: legacy))
        model.count = 5
        legacy.count = 5
        #expect(host.renderCount(of: ObsCountView.self) == 1)
        #expect(legacyHost.renderCount(of: LegacyCountView.self) == 1)
        host.flush()
        legacyHost.flush()
        #expect(host.renderCount(of: ObsCountView.self) == 2)
        #expect(legacyHost.renderCount(of: LegacyCountView.self) == 2)
        #expect(host.snapshot() == "Text \"Count: 5\"")
        #expect(legacyHost.snapshot() == "Text \"Count: 5\"")
    }

    @Test func severalMutationsBeforeAFlushCauseOneRender() {
        let model = CounterModel()
        let legacy = LegacyCounterModel()
        let host = ViewHost(ObsCountView(model: model))
        let legacyHost = ViewHost(LegacyCountView(model: legacy))
        for _ in 0..<3 { model.count += 1; legacy.count += 1 }
        host.flush()
        legacyHost.flush()
        #expect(host.renderCount(of: ObsCountView.self) == 2)
        #expect(legacyHost.renderCount(of: LegacyCountView.self) == 2)
    }

    @Test func assigningAnEqualValueNotifiesOnlyTheCombineSide() {
        let model = CounterModel()
        let legacy = LegacyCounterModel()
        let host = ViewHost(ObsCountView(model: model))
        let legacyHost = ViewHost(LegacyCountView(model: legacy))
        model.count = model.count
        legacy.count = legacy.count
        host.flush()
        legacyHost.flush()
        #expect(host.renderCount(of: ObsCountView.self) == 1, "@Observable skips equal Equatable assignments")
        #expect(legacyHost.renderCount(of: LegacyCountView.self) == 2, "@Published always emits")
    }

    @Test func compoundAssignmentAndAppendAlwaysNotifyEvenWithoutChange() {
        let model = CounterModel()
        struct ItemsView: View {
            let model: CounterModel
            var body: some View { Text("\(model.items.count) items") }
        }
        let host = ViewHost(
            VStack {
                ObsCountView(model: model); ItemsView(model: model)
            })
        model.count += 0
        model.items.append(contentsOf: [])
        host.flush()
        #expect(host.renderCount(of: ObsCountView.self) == 2)
        #expect(host.renderCount(of: ItemsView.self) == 2)
    }

    @Test func parentAndChildReadingTheSamePropertyRenderOnceEachTopDown() {
        let model = CounterModel()
        struct Child: View {
            let model: CounterModel
            var body: some View { Text("child \(model.count)") }
        }
        struct Parent: View {
            let model: CounterModel
            var body: some View {
                VStack {
                    Text("parent \(model.count)")
                    Child(model: model)
                }
            }
        }
        let host = ViewHost(Parent(model: model))
        host.resetRenderLog()
        model.count = 1
        host.flush()
        #expect(host.renderLog == ["Parent", "Child"])
    }

    @Test func childBodiesAreTrackedOutsideTheParentsScope() {
        let model = CounterModel()
        let host = ViewHost(ObsScreen(model: model))
        model.count = 3
        host.flush()
        // Had the child's reads merged into the parent's scope, ObsScreen would re-render.
        #expect(host.renderCount(of: ObsScreen.self) == 1)
        #expect(host.renderCount(of: ObsCountView.self) == 2)
    }

    @Test func childWithUnchangedInputsIsNotReevaluatedWithItsParent() {
        let model = CounterModel()
        struct Badge: View {
            let label: String
            var body: some View { Text(label) }
        }
        struct Parent: View {
            let model: CounterModel
            var body: some View {
                VStack {
                    Text("\(model.count)")
                    Badge(label: "fixed")
                    Badge(label: model.count > 1 ? "big" : "small")
                }
            }
        }
        let host = ViewHost(Parent(model: model))
        #expect(host.renderCount(of: Badge.self) == 2)
        model.count = 1
        host.flush()
        #expect(host.renderCount(of: Parent.self) == 2)
        #expect(host.renderCount(of: Badge.self) == 2, "neither badge's input changed")
        model.count = 2
        host.flush()
        #expect(host.renderCount(of: Badge.self) == 3, "only the second badge's label changed")
    }

    @Test func trackingIsFreshOnEveryEvaluation() {
        let model = CounterModel()
        struct Switcher: View {
            let model: CounterModel
            var body: some View {
                if model.count == 0 { Text(model.title) } else { Text("counted") }
            }
        }
        let host = ViewHost(Switcher(model: model))
        model.title = "A"
        host.flush()
        #expect(host.renderCount(of: Switcher.self) == 2)
        model.count = 1
        host.flush()
        #expect(host.renderCount(of: Switcher.self) == 3)
        model.title = "B"  // no longer read
        host.flush()
        #expect(host.renderCount(of: Switcher.self) == 3)
    }

    @Test func mutationsFromAnotherThreadAreAppliedAtTheNextFlush() async {
        let model = CounterModel()
        let host = ViewHost(ObsCountView(model: model))
        nonisolated(unsafe) let unsafeModel = model  // mutated off the main actor on purpose
        await Task.detached { unsafeModel.count = 9 }.value
        #expect(host.renderCount(of: ObsCountView.self) == 1)
        host.flush()
        #expect(host.renderCount(of: ObsCountView.self) == 2)
        #expect(host.snapshot() == "Text \"Count: 9\"")
    }

    @Test func aPlainLetReferenceToAnObservableObjectNeverInvalidates() {
        let legacy = LegacyCounterModel()
        struct PlainView: View {
            let model: LegacyCounterModel
            var body: some View { Text("Count: \(legacy())") }
            func legacy() -> Int { model.count }
        }
        let host = ViewHost(PlainView(model: legacy))
        legacy.count = 4
        host.flush()
        #expect(host.renderCount(of: PlainView.self) == 1)
        #expect(host.snapshot() == "Text \"Count: 0\"", "the stale value stays on screen")
    }

    @Test func environmentObjectSubscribesWhateverTheBodyReads() {
        let legacy = LegacyCounterModel()
        let model = CounterModel()
        struct LegacyReader: View {
            @EnvironmentObject var model: LegacyCounterModel
            var body: some View { Text(model.title) }
        }
        struct ObsReader: View {
            @Environment(CounterModel.self) var model
            var body: some View { Text(model.title) }
        }
        let host = ViewHost(
            VStack {
                LegacyReader(); ObsReader()
            }.environmentObject(legacy).environment(model))
        legacy.count += 1
        model.count += 1
        host.flush()
        #expect(host.renderCount(of: LegacyReader.self) == 2)
        #expect(host.renderCount(of: ObsReader.self) == 1)
        model.title = "New"
        host.flush()
        #expect(host.renderCount(of: ObsReader.self) == 2)
        #expect(host.snapshot() == "VStack\n  Text \"Counter\"\n  Text \"New\"")
    }
}
