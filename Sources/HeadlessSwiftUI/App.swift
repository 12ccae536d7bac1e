/// An app, as in SwiftUI: mark it `@main` and its `main()` mounts the first
/// window group's content headlessly, applies the first update (running
/// `.onAppear`) and returns.
///
/// ```swift
/// @main struct CounterApp: App {
///     var body: some Scene { WindowGroup { ContentView() } }
/// }
/// ```
@MainActor @preconcurrency
public protocol App {
    /// The type of the app's scenes.
    associatedtype Body: Scene
    /// The app's scenes.
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
    /// Creates the app.
    @MainActor init()
}

extension App {
    /// Mounts the app's content in a `ViewHost` and applies the first update.
    @MainActor public static func main() {
        let host = ViewHost(app: Self())
        host.flush()
    }
}

/// A part of an app's interface, as in SwiftUI.
@MainActor @preconcurrency
public protocol Scene {
    /// The type of the scene's content.
    associatedtype Body: Scene
    /// The scene's content.
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Never: Scene {}

/// Scenes that hold a root view.
@MainActor
protocol RootViewScene {
    var rootViews: [any View] { get }
}

/// A window showing a view.
public struct WindowGroup<Content: View>: Scene {
    let content: Content

    /// A window group built from a view.
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    /// A titled window group.
    public init(_ title: LocalizedStringKey, @ViewBuilder content: () -> Content) { self.content = content() }

    /// Primitive: the runtime interprets it.
    public var body: Never { neverBody("WindowGroup") }
}

extension WindowGroup: RootViewScene {
    var rootViews: [any View] { [content] }
}

/// Several scenes.
public struct _TupleScene: Scene {
    let scenes: [any Scene]
    /// Primitive: the runtime interprets it.
    public var body: Never { neverBody("TupleScene") }
}

extension _TupleScene: RootViewScene {
    var rootViews: [any View] {
        scenes.flatMap { ($0 as? any RootViewScene)?.rootViews ?? [] }
    }
}

/// Builds scenes from closures.
@resultBuilder
public enum SceneBuilder {
    /// A block of one scene is that scene.
    @MainActor public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
    /// A block of several scenes.
    @MainActor public static func buildBlock<each Content: Scene>(_ content: repeat each Content) -> _TupleScene {
        var scenes: [any Scene] = []
        for scene in repeat each content { scenes.append(scene) }
        return _TupleScene(scenes: scenes)
    }
}
