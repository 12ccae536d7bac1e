extension View {
    /// Prints why this view's body is being evaluated, in SwiftUI's format:
    /// `ContentView: @self, @identity, _count changed.` (the first render of
    /// a new identity — first appearance, a new `.id`, another `if` branch —
    /// listing every dynamic property),
    /// `ContentView: @self changed.` (new or changed inputs),
    /// `ContentView: _count changed.` (a `@State`, `@StateObject`,
    /// `@ObservedObject`, `@EnvironmentObject` or `@Environment` property),
    /// `ContentView: @dependencies changed.` (an `@Observable` property it read).
    ///
    /// ```swift
    /// var body: some View {
    ///     let _ = Self._printChanges()
    ///     Text("\(model.count)")
    /// }
    /// ```
    public static func _printChanges() {
        guard let node = EvaluationContext.current else {
            print("\(Self.self): unchanged.")
            return
        }
        print(printChangesLine(view: "\(Self.self)", reasons: node.currentReasons))
    }
}

/// One `_printChanges` line: `Card: @self, @identity, _count changed.`
func printChangesLine(view: String, reasons: [String]) -> String {
    "\(view): \(reasons.isEmpty ? "unchanged" : reasons.joined(separator: ", ") + " changed")."
}
