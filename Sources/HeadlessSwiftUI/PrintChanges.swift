extension View {
    /// Prints why this view's body is being evaluated, in SwiftUI's format:
    /// `ContentView: @self changed.` (new or changed inputs, or first render),
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
        let reasons = node.currentReasons
        print("\(Self.self): \(reasons.isEmpty ? "unchanged" : reasons.joined(separator: ", ") + " changed").")
    }
}
