import GalleySamples

/// The compiler messages and names ``FailureClassifier`` reads failures by.
extension FailureClassifier {
    /// Modules of Apple's platforms that do not exist on Linux.
    static let appleModules: Set<String> = [
        "SwiftUI", "UIKit", "AppKit", "Combine", "Cocoa", "CoreData", "CoreGraphics", "CoreImage", "CoreLocation",
        "MapKit", "WatchKit", "WidgetKit", "SwiftData", "Charts", "os", "OSLog", "Darwin", "AVFoundation", "StoreKit",
        "CloudKit", "HealthKit", "ARKit", "RealityKit", "SceneKit", "SpriteKit", "GameplayKit", "Network", "CryptoKit",
        "UniformTypeIdentifiers", "PhotosUI", "Photos", "QuartzCore", "Metal", "MetalKit", "Security", "LocalAuthentication",
    ]

    /// Messages of code that only compiles inside a declaration the docs do
    /// not show (a member shown alone, a declaration shown without its
    /// body), and how the summary names what it needs.
    static let fragmentSigns: [(sign: String, name: String)] = [
        ("property wrappers are not yet supported in top-level code", "(the type around a member)"),
        ("can only be used in a non-local scope", "(the type around a member)"),
        ("can only be specified on class members", "(the type around a member)"),
        ("may only be declared within a type", "(the type around a member)"),
        ("only be declared on a type", "(the type around a member)"),
        ("cannot find 'self' in scope", "(the type around a member)"),
        ("expected '{' in body of function declaration", "(a declaration's body)"),
        ("expected '{' in struct", "(a declaration's body)"), ("expected '{' in class", "(a declaration's body)"),
        ("expected '{' in enum", "(a declaration's body)"), ("expected '{' to start getter definition", "(a declaration's body)"),
        ("initializer requires a body", "(a declaration's body)"),
        // `return something.eventLoop.tryFuture {`: a line from inside a function.
        ("return invalid outside of a func", "(the function around it)"),
    ]

    /// Members that only Apple's Foundation has (swift-corelibs-foundation
    /// does not): type and member names. Code that uses one needs an Apple
    /// platform; it is not wrong.
    static let appleFoundationMembers: [(type: String, member: String)] = [
        ("URL", "lines"), ("URL", "resourceBytes"), ("FileHandle", "bytes"), ("URLSession", "bytes"),
        ("NotificationCenter", "notifications"),
    ]

    /// The Apple-only Foundation member an error is about (`URL.lines`), if any.
    static func appleFoundationMember(in message: String) -> String? {
        for (type, member) in appleFoundationMembers {
            if message.contains("of type '\(type)' has no member '\(member)'") { return "\(type).\(member)" }
            if message.hasPrefix("reference to member '\(member)' cannot be resolved") { return "\(type).\(member)" }
        }
        return nil
    }

    /// The names of the toolchain's modules a sample may use without
    /// importing them (``AssumedNames/moduleOfName``), as written in code.
    static let toolchainNames = Set(AssumedNames.moduleOfName.keys.map { $0.hasPrefix("@") || $0.hasPrefix("#") ? String($0.dropFirst()) : $0 })

    /// Messages of types the compiler could not infer: after a name it
    /// cannot find, they follow from it.
    static let inferenceSigns = [
        "could not be inferred", "cannot infer", "without a contextual type", "is ambiguous without", "type of expression is ambiguous",
        "requires a contextual type",
        // `.dictionary([...])` passed to a function nothing declares: its argument's type is lost, so `Any`.
        "type 'Any' has no member",
        // A call whose closure or arguments use what nothing declares matches no overload.
        "no exact matches in call to",
    ]

    /// Messages of a name the compiler cannot find; the name is the first quoted one.
    static let missingName = ["cannot find '", "cannot find type '", "unknown attribute '", "no macro named '", "cannot find operator '"]

    /// Messages of a syntax error: the block's own whatever names it lacks.
    static let syntaxSigns = ["expected ", "consecutive statements", "unterminated", "extraneous", "unexpected "]

    /// Names only Apple's platforms declare, and their framework: code that
    /// uses one (a SwiftUI view, an `ObservableObject`) needs an Apple platform.
    static let appleFrameworkNames: [String: String] = {
        var names: [String: String] = [:]
        for name in [
            "View", "List", "Text", "Form", "Button", "VStack", "HStack", "ZStack", "NavigationStack", "NavigationView", "ForEach",
            "TextField", "Toggle", "Section", "ScrollView", "#Preview", "@State", "@Binding", "@Environment", "@EnvironmentObject",
            "@ObservedObject", "@StateObject", "@AppStorage", "@FocusState", "@Bindable", "App", "Scene", "WindowGroup", "NavigationLink",
        ] { names[name] = "SwiftUI" }
        for name in ["ObservableObject", "@Published", "AnyCancellable", "PassthroughSubject", "CurrentValueSubject"] { names[name] = "Combine" }
        for name in ["UIApplication", "UIViewController", "UIView", "UIColor", "UIImage"] { names[name] = "UIKit" }
        for name in ["NSApplication", "NSViewController", "NSView"] { names[name] = "AppKit" }
        return names
    }()
}
