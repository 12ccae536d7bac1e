import Foundation
import HeadlessSwiftUI
import Testing

// Typical SwiftUI observation code from tutorials and Apple's migration
// guide, written exactly as for iOS. The file compiling is the main check;
// each test also mounts the code and asserts what it shows.

// MARK: - ViewBuilder forms

enum Mood: CaseIterable { case happy, sad, neutral }

struct Item: Identifiable, Equatable {
    let id: Int
    var title: String
}

struct BuilderForms: View {
    var flag = true
    var name: String? = "Ada"
    var mood = Mood.sad
    var items = [Item(id: 1, title: "One"), Item(id: 2, title: "Two")]

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            if flag { Text("flag on") } else { Text("flag off") }
            if let name { Text("Hello, \(name)") }
            if !flag { Text("never") }
            switch mood {
            case .happy: Text("😀")
            case .sad: Text("sad")
            case .neutral: EmptyView()
            }
            ForEach(0..<2) { Text("range \($0)") }
            ForEach(items) { Text($0.title) }
            ForEach(["x", "y"], id: \.self) { Text($0) }
            Group {
                Text("in group")
                AnyView(Text("erased"))
            }
            HStack {
                Spacer(); Divider()
            }
            ZStack(alignment: .topLeading) { Color.red }
            if #available(iOS 17, macOS 14, *) { Text("available") }
        }
    }
}

// MARK: - Views

struct ViewCatalogue: View {
    @State private var name = "Ada"
    @State private var password = "secret"
    @State private var notes = "Notes"
    @State private var enabled = true
    @State private var quantity = 1
    @State private var volume = 0.5
    @State private var age = 36

    var body: some View {
        NavigationStack {
            Form {
                Section("Profile") {
                    TextField("Name", text: $name)
                    TextField("Age", value: $age, format: .number)
                    SecureField("Password", text: $password)
                    TextEditor(text: $notes)
                }
                Section {
                    Toggle("Enabled", isOn: $enabled)
                    Stepper("Quantity: \(quantity)", value: $quantity, in: 0...10)
                    Slider(value: $volume, in: 0...1) { Text("Volume") }
                    ProgressView(value: volume)
                    ProgressView("Loading")
                } header: {
                    Text("Controls")
                }
                Label("Inbox", systemImage: "tray")
                Image(systemName: "star")
                Button(action: { quantity += 1 }) { Label("More", systemImage: "plus") }
                NavigationLink("Details") { Text("Detail screen") }
                ScrollView { Text("scrolled") }
                List {
                    Text("static row")
                }
                List(["a"], id: \.self) { Text($0) }
            }
            .navigationTitle("Catalogue")
        }
    }
}

// MARK: - Modifiers

struct ModifierCatalogue: View {
    @State private var showsSheet = false
    @State private var events: [String] = []
    let ticks = PassthroughSubject<Int, Never>()

    var body: some View {
        VStack {
            Text("Events: \(events.joined(separator: ","))")
                .padding()
                .padding(.horizontal, 8)
                .font(.headline)
                .foregroundStyle(.secondary)
                .foregroundStyle(Color.blue)
                .frame(width: 100, height: 20)
                .frame(maxWidth: .infinity, alignment: .leading)
                .overlay { Color.clear }
                .overlay(alignment: .topTrailing) { Image(systemName: "bell") }
            Button("Show sheet") { showsSheet = true }
                .disabled(false)
            Button("Never") {}
                .disabled(true)
        }
        .onAppear { events.append("appear") }
        .onChange(of: showsSheet) { oldValue, newValue in events.append("sheet \(oldValue)->\(newValue)") }
        .onReceive(ticks) { events.append("tick \($0)") }
        .sheet(isPresented: $showsSheet) { SheetBody() }
        .navigationTitle("Modifiers")
        .task {}
        .id("catalogue")
    }
}

struct SheetBody: View {
    @Environment(\.dismiss) private var dismiss
    var body: some View {
        Button("Close") { dismiss() }
    }
}

// MARK: - Property wrappers

@Observable final class Library {
    var books: [Item] = [Item(id: 1, title: "Dune")]
    var filter = ""
}

final class LegacyLibrary: ObservableObject {
    @Published var books: [Item] = [Item(id: 1, title: "Dune")]
    @Published var filter = ""
}

struct ThemeKey: EnvironmentKey {
    static let defaultValue = "plain"
}

extension EnvironmentValues {
    var theme: String {
        get { self[ThemeKey.self] }
        set { self[ThemeKey.self] = newValue }
    }
}

struct WrapperCatalogue: View {
    @State private var library = Library()
    @StateObject private var legacy = LegacyLibrary()

    var body: some View {
        VStack {
            ObservableEditor(library: library)
            LegacyEditor(library: legacy)
            EnvironmentReaders()
            BindingRow(text: $library.filter)
            BindingRow(text: .constant("constant"))
            BindingRow(text: Binding(get: { library.filter.uppercased() }, set: { library.filter = $0 }))
        }
        .environment(library)
        .environmentObject(legacy)
        .environment(\.theme, "dark")
    }
}

struct ObservableEditor: View {
    @Bindable var library: Library
    var body: some View {
        TextField("Filter", text: $library.filter)
    }
}

struct LocalBindableEditor: View {
    @Environment(Library.self) private var library
    var body: some View {
        @Bindable var library = library
        TextField("Local filter", text: $library.filter)
    }
}

struct LegacyEditor: View {
    @ObservedObject var library: LegacyLibrary
    var body: some View {
        TextField("Legacy filter", text: $library.filter)
    }
}

struct EnvironmentReaders: View {
    @Environment(Library.self) private var library
    @Environment(Library.self) private var optionalLibrary: Library?
    @Environment(\.theme) private var theme
    @Environment(\.colorScheme) private var colorScheme
    @EnvironmentObject private var legacy: LegacyLibrary

    var body: some View {
        VStack {
            Text("theme \(theme), \(library.books.count) book(s), optional \(optionalLibrary != nil), legacy \(legacy.books.count)")
            LocalBindableEditor()
        }
    }
}

struct BindingRow: View {
    @Binding var text: String
    var body: some View { Text("binding \(text)") }
}

struct OptionalEnvironmentReader: View {
    @Environment(Library.self) private var library: Library?
    var body: some View { Text(library == nil ? "no library" : "library") }
}

// MARK: - App, Scene, WindowGroup (without @main: the test target has its own entry point)

struct CatalogueApp: App {
    var body: some Scene {
        WindowGroup { Text("app content") }
    }
}

@MainActor
@Suite("Source compatibility of the listed SwiftUI API")
struct SourceCompatibilityTests {
    @Test func viewBuilderFormsBuildTheExpectedTree() {
        let host = ViewHost(BuilderForms())
        #expect(
            host.snapshot() == """
                VStack
                  Text "flag on"
                  Text "Hello, Ada"
                  Text "sad"
                  Text "range 0"
                  Text "range 1"
                  Text "One"
                  Text "Two"
                  Text "x"
                  Text "y"
                  Text "in group"
                  Text "erased"
                  HStack
                    Spacer
                    Divider
                  ZStack
                    Color red
                  Text "available"
                """)
    }

    @Test func controlsAreDrivenThroughTheHost() {
        let host = ViewHost(ViewCatalogue())
        host.enter("Grace", into: "Name")
        host.enter("41", into: "Age")
        host.enter("not a number", into: "Age")
        host.enter("hunter2", into: "Password")
        host.enter("Lots of notes", into: "TextEditor")
        host.toggle("Enabled")
        host.increment("Quantity: 1")
        host.increment("Quantity: 2")
        host.decrement("Quantity: 3")
        host.slide("Volume", to: 0.25)
        host.tap("More")
        host.tap("Details")
        #expect(
            host.snapshot() == """
                NavigationStack
                  Title "Catalogue"
                  Form
                    Section
                      Text "Profile"
                      TextField "Name" = "Grace"
                      TextField "Age" = "41"
                      SecureField "Password" = "•••••••"
                      TextEditor = "Lots of notes"
                    Section
                      Text "Controls"
                      Toggle "Enabled" = off
                      Stepper "Quantity: 3"
                      Slider "Volume" = 0.25
                      ProgressView 25%
                      ProgressView "Loading"
                    Label "Inbox"
                    Image(systemName: "star")
                    Button "More"
                    NavigationLink "Details"
                      Text "Details"
                      Destination
                        Text "Detail screen"
                    ScrollView
                      Text "scrolled"
                    List
                      Text "static row"
                    List
                      Text "a"
                """)
    }

    @Test func modifiersRunTheirEffects() {
        let host = ViewHost(ModifierCatalogue())
        #expect(host.snapshot().contains("Text \"Events: appear\""))
        #expect(host.snapshot().contains("Button \"Never\" (disabled)"))
        host.tap("Show sheet")
        #expect(host.snapshot().contains("\nSheet\n  Button \"Close\""))
        #expect(host.snapshot().contains("Text \"Events: appear,sheet false->true\""))
        host.tap("Close")
        #expect(!host.snapshot().contains("Sheet"))
        #expect(host.snapshot().contains("Text \"Events: appear,sheet false->true,sheet true->false\""))
    }

    @Test func onReceiveRunsForEachValueWhileMounted() {
        let view = ModifierCatalogue()
        let host = ViewHost(view)
        view.ticks.send(7)
        host.flush()
        #expect(host.snapshot().contains("Text \"Events: appear,tick 7\""))
    }

    @Test func propertyWrappersReadTheirSources() {
        let host = ViewHost(WrapperCatalogue())
        #expect(host.snapshot().contains("Text \"theme dark, 1 book(s), optional true, legacy 1\""))
        host.enter("sci-fi", into: "Filter")
        #expect(host.snapshot().contains("TextField \"Local filter\" = \"sci-fi\""))
        #expect(host.snapshot().contains("Text \"binding sci-fi\""))
        #expect(host.snapshot().contains("Text \"binding SCI-FI\""))
        #expect(host.snapshot().contains("Text \"binding constant\""))
        host.enter("classics", into: "Legacy filter")
        #expect(host.snapshot().contains("TextField \"Legacy filter\" = \"classics\""))
    }

    @Test func optionalEnvironmentObjectIsNilWhenMissing() {
        let host = ViewHost(OptionalEnvironmentReader())
        #expect(host.snapshot() == "Text \"no library\"")
        let provided = ViewHost(OptionalEnvironmentReader().environment(Library()))
        #expect(provided.snapshot() == "Text \"library\"")
    }

    @Test func appContentMountsFromTheFirstWindowGroup() {
        let host = ViewHost(app: CatalogueApp())
        #expect(host.snapshot() == "Text \"app content\"")
    }

    @Test func customViewModifierRendersAsItsOwnView() {
        struct Badge: ViewModifier {
            let count: Int
            func body(content: Content) -> some View {
                HStack {
                    content; Text("\(count)")
                }
            }
        }
        let host = ViewHost(Text("Inbox").modifier(Badge(count: 3)))
        #expect(host.snapshot() == "HStack\n  Text \"Inbox\"\n  Text \"3\"")
        #expect(host.renderCount(of: "Badge") == 1)
    }
}
