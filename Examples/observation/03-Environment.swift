import Combine
// The environment: @Environment(Model.self) (and its optional form),
// @Environment(\.key) with a custom EnvironmentKey, and @EnvironmentObject.
import SwiftUI

@Observable final class Session {
    var user = "ada"
}

final class Preferences: ObservableObject {
    @Published var fontSize = 14
    @Published var accent = "blue"
}

struct GreetingKey: EnvironmentKey {
    static let defaultValue = "Hello"
}

extension EnvironmentValues {
    var greeting: String {
        get { self[GreetingKey.self] }
        set { self[GreetingKey.self] = newValue }
    }
}

struct Greeting: View {
    @Environment(Session.self) private var session
    @Environment(\.greeting) private var greeting
    var body: some View { Text("\(greeting), \(session.user)") }
}

struct MaybeSession: View {
    @Environment(Session.self) private var session: Session?
    var body: some View { Text(session == nil ? "signed out" : "signed in") }
}

struct FontSizeLabel: View {
    @EnvironmentObject var preferences: Preferences
    var body: some View { Text("Font size \(preferences.fontSize)") }
}

struct AccentLabel: View {
    @EnvironmentObject var preferences: Preferences
    var body: some View { Text("Accent \(preferences.accent)") }
}

struct Root: View {
    @State private var session = Session()
    @StateObject private var preferences = Preferences()
    var body: some View {
        VStack {
            Greeting()
            MaybeSession()
            FontSizeLabel()
            AccentLabel()
            Button("Bigger") { preferences.fontSize += 1 }
            Button("Switch user") { session.user = "grace" }
        }
        .environment(session)
        .environment(\.greeting, "Welcome")
        .environmentObject(preferences)
    }
}

let host = ViewHost(Root())
host.tap("Bigger")
host.tap("Switch user")
print(host.snapshot())
print(
    "Greeting=\(host.renderCount(of: Greeting.self)) FontSizeLabel=\(host.renderCount(of: FontSizeLabel.self)) AccentLabel=\(host.renderCount(of: AccentLabel.self))"
)
print(ViewHost(MaybeSession()).snapshot())
