/// Mounts a view tree headlessly and drives it: interact, flush updates,
/// then read what was rendered. Everything is deterministic: a mutation only
/// marks views dirty; views re-render when the host flushes (`flush()`, and at
/// the end of every interaction such as `tap(_:)`).
///
/// ```swift
/// let host = ViewHost(ContentView())
/// host.tap("Increment")
/// print(host.renderCount(of: TitleView.self))   // 2
/// model.count += 1          // a direct mutation...
/// host.flush()              // ...is applied here
/// print(host.snapshot())
/// await host.settle()       // lets `.task` bodies run to completion
/// ```
///
/// A lookup that finds no control (or a disabled one) traps with a message
/// listing the controls on screen: in a sample, that is a bug to see.
@MainActor
public final class ViewHost {
    let graph = ViewGraph()

    /// Mounts `root` and applies the first update (`onAppear` runs, `.task`s start).
    public init<Root: View>(_ root: Root) {
        graph.mount(root)
        flush()
    }

    /// Mounts the content of an app's first window group.
    public init<A: App>(app: A) {
        let views = (app.body as? any RootViewScene)?.rootViews ?? []
        graph.mount(views.first ?? AnyView(EmptyView()))
        flush()
    }

    // MARK: Updates

    /// Re-renders every view invalidated since the last flush, top-down, each
    /// once, then runs the effects (`onAppear`, `onChange`, task starts...)
    /// and repeats until nothing is left.
    public func flush() {
        graph.flush()
    }

    /// Waits until every `.task` started so far (and any they cause to start)
    /// has finished, flushing in between. A task that never ends (an endless
    /// `for await`) makes this wait forever: use `yield(_:)` for those.
    public func settle() async {
        for _ in 0..<1_000 {
            flush()
            let running = graph.startedTasks
            graph.startedTasks = []
            if running.isEmpty { break }
            for task in running { await task.value }
        }
        flush()
    }

    /// Gives waiting main-actor tasks `times` turns to run, then flushes.
    public func yield(_ times: Int = 1) async {
        for _ in 0..<max(times, 1) { await Task.yield() }
        flush()
    }

    /// Removes the whole tree: `onDisappear` runs and `.task`s are cancelled.
    public func unmount() {
        graph.unmountAll()
    }

    // MARK: Interactions

    /// Taps the button (or navigation link) whose label text is `title`, then flushes.
    public func tap(_ title: String) {
        let (node, control) = find(TappableControl.self, "button", title) { $0.labelText($1) }
        guard node.environment.isEnabled else { refuse("The button \"\(title)\" is disabled.") }
        control.tap(node)
        flush()
    }

    /// Replaces the text of the field titled `label` (a `TextField`,
    /// `SecureField`, or `"TextEditor"`), then flushes.
    public func enter(_ text: String, into label: String) {
        let (node, control) = find(TextInputControl.self, "text field", label) { $0.labelText($1) }
        guard node.environment.isEnabled else { refuse("The text field \"\(label)\" is disabled.") }
        control.enter(text)
        flush()
    }

    /// Flips the toggle titled `label`, then flushes.
    public func toggle(_ label: String) {
        let (node, control) = find(ToggleControl.self, "toggle", label) { $0.labelText($1) }
        guard node.environment.isEnabled else { refuse("The toggle \"\(label)\" is disabled.") }
        control.flip()
        flush()
    }

    /// Presses the + of the stepper titled `label`, then flushes.
    public func increment(_ label: String) {
        let (_, control) = find(StepperControl.self, "stepper", label) { $0.labelText($1) }
        control.step(up: true)
        flush()
    }

    /// Presses the − of the stepper titled `label`, then flushes.
    public func decrement(_ label: String) {
        let (_, control) = find(StepperControl.self, "stepper", label) { $0.labelText($1) }
        control.step(up: false)
        flush()
    }

    /// Moves the slider titled `label` (`"Slider"` when it has none) to `value`, then flushes.
    public func slide(_ label: String, to value: Double) {
        let (_, control) = find(SliderControl.self, "slider", label) { $0.labelText($1) }
        control.set(value)
        flush()
    }

    // MARK: Reading

    /// The type name of every body evaluation so far, in order (`"ContentView"`).
    public var renderLog: [String] { graph.renderLog.map(\.typeName) }

    /// Every body evaluation so far with the reasons `_printChanges` would print.
    public var renderEvents: [RenderEvent] {
        graph.renderLog.map { RenderEvent(view: $0.typeName, reasons: $0.reasons, pass: $0.pass) }
    }

    /// How many times bodies of views of type `type` were evaluated.
    public func renderCount<V: View>(of type: V.Type) -> Int {
        let id = ObjectIdentifier(type)
        return graph.renderLog.count { $0.typeID == id }
    }

    /// How many times bodies of views with this type name were evaluated.
    public func renderCount(of typeName: String) -> Int {
        graph.renderLog.count { $0.typeName == typeName }
    }

    /// Render counts by view type name.
    public var renderCounts: [String: Int] {
        graph.renderLog.reduce(into: [:]) { $0[$1.typeName, default: 0] += 1 }
    }

    /// Forgets the render log (counts start again from zero).
    public func resetRenderLog() {
        graph.renderLog.removeAll()
    }

    /// A text outline of what is on screen: one line per visible primitive
    /// (`Text "Count: 1"`, `Button "Increment"`, `Toggle "Wi-Fi" = on`...),
    /// children indented by two spaces. With `showingViews`, your own views
    /// appear too, as `<ContentView>`.
    public func snapshot(showingViews: Bool = false) -> String {
        var lines: [String] = []
        func visit(_ node: ViewNode, _ indent: String) {
            if let primitive = node.view as? any PrimitiveView, let line = primitive.snapshotLine(node) {
                lines.append(indent + line)
                if primitive.showsChildrenInSnapshot {
                    let childIndent = primitive.indentsChildrenInSnapshot ? indent + "  " : indent
                    for child in node.children { visit(child, childIndent) }
                }
            } else if node.isComposite && showingViews {
                lines.append(indent + "<\(node.typeName)>")
                for child in node.children { visit(child, indent + "  ") }
            } else {
                for child in node.children { visit(child, indent) }
            }
        }
        if let root = graph.root { visit(root, "") }
        return lines.joined(separator: "\n")
    }

    /// Prints `snapshot()`.
    public func printSnapshot() {
        print(snapshot())
    }

    // MARK: Lookup

    private func find<Control>(_ kind: Control.Type, _ noun: String, _ label: String, labelOf: (Control, ViewNode) -> String) -> (ViewNode, Control) {
        var available: [String] = []
        for node in graph.allNodes {
            guard let control = node.view as? Control else { continue }
            let text = labelOf(control, node)
            if text == label { return (node, control) }
            available.append("\"\(text)\"")
        }
        let list = available.isEmpty ? "none" : available.joined(separator: ", ")
        refuse("No \(noun) labelled \"\(label)\" is on screen (\(noun)s on screen: \(list)).")
    }

    private func refuse(_ message: String) -> Never {
        // Deliberate: a sample driving a control that is not there is a bug
        // the verifier must report as a crash, as a UI test would fail.
        trap("ViewHost: \(message)")
    }
}

/// One body evaluation, as recorded by `ViewHost.renderEvents`.
public struct RenderEvent: Equatable, Sendable, CustomStringConvertible {
    /// The view type's name.
    public var view: String
    /// Why it was evaluated (`@self`, `_count`, `@dependencies`...).
    public var reasons: [String]
    /// The update pass it happened in (0 is the first mount).
    public var pass: Int

    /// `ContentView (@self)`.
    public var description: String { "\(view) (\(reasons.joined(separator: ", ")))" }
}
