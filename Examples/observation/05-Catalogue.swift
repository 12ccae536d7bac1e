// Every listed view and layout modifier, as a settings screen, with the
// @ViewBuilder forms: if/else, if let, switch, optional content, ForEach.
import SwiftUI

enum Plan: String, CaseIterable, Identifiable {
    case free, pro
    var id: String { rawValue }
}

struct SettingsView: View {
    @State private var name = "Ada"
    @State private var password = ""
    @State private var bio = ""
    @State private var notifications = true
    @State private var volume = 0.5
    @State private var seats = 1
    @State private var age = 36
    @State private var plan = Plan.free
    @State private var nickname: String? = "Countess"

    var body: some View {
        NavigationStack {
            Form {
                Section("Account") {
                    TextField("Name", text: $name)
                    TextField("Age", value: $age, format: .number)
                    SecureField("Password", text: $password)
                    TextEditor(text: $bio)
                    if let nickname { Text("aka \(nickname)") }
                }
                Section {
                    Toggle("Notifications", isOn: $notifications)
                    Stepper("Seats: \(seats)", value: $seats, in: 1...10)
                    Slider(value: $volume) { Text("Volume") }
                    ProgressView(value: volume)
                } header: {
                    Label("Preferences", systemImage: "gear")
                }
                Section(header: Text("Plan")) {
                    ForEach(Plan.allCases) { option in
                        Button(option.rawValue.capitalized) { plan = option }
                    }
                    switch plan {
                    case .free: Text("Upgrade for more seats")
                    case .pro: Text("Thanks for upgrading")
                    }
                    if seats > 5 { Text("Large team") } else { EmptyView() }
                }
                NavigationLink("About") {
                    ScrollView {
                        Image(systemName: "info.circle")
                        Text("Galley 1.0").font(.caption).foregroundStyle(.secondary)
                    }
                }
                List(0..<2) { Text("Recent \($0)") }
                HStack {
                    Color.green.frame(width: 10, height: 10)
                    Spacer()
                    Divider()
                    ZStack { Text("Z").padding(4).overlay { Color.clear } }
                }
                Group { Button("Delete account", role: .destructive) {} }
                    .disabled(true)
                    .frame(maxWidth: .infinity)
                AnyView(ProgressView("Syncing"))
            }
            .navigationTitle("Settings")
        }
    }
}

let host = ViewHost(SettingsView())
host.enter("Grace", into: "Name")
host.enter("29", into: "Age")
host.enter("hunter2", into: "Password")
host.enter("Rear admiral", into: "TextEditor")
host.toggle("Notifications")
host.increment("Seats: 1")
host.slide("Volume", to: 0.75)
host.tap("Pro")
host.tap("About")
print(host.snapshot())
print("SettingsView rendered \(host.renderCount(of: SettingsView.self)) times")
