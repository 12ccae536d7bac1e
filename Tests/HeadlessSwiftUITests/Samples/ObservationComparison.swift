// Compiled by SwiftcAliasTests with plain swiftc and
// -module-alias SwiftUI=HeadlessSwiftUI -module-alias Combine=OpenCombineShim.
import SwiftUI
import Combine
import Observation

@Observable final class Profile {
    var name = "Ada"
    var visits = 0
}

final class LegacyProfile: ObservableObject {
    @Published var name = "Ada"
    @Published var visits = 0
}

struct NameLabel: View {
    let profile: Profile
    var body: some View { Text(profile.name) }
}

struct VisitLabel: View {
    let profile: Profile
    var body: some View { Text("Visits: \(profile.visits)") }
}

struct ProfileView: View {
    @State private var profile = Profile()
    var body: some View {
        let _ = Self._printChanges()
        VStack {
            NameLabel(profile: profile)
            VisitLabel(profile: profile)
            Button("Visit") { profile.visits += 1 }
        }
    }
}

struct LegacyNameLabel: View {
    @ObservedObject var profile: LegacyProfile
    var body: some View { Text(profile.name) }
}

struct LegacyVisitLabel: View {
    @ObservedObject var profile: LegacyProfile
    var body: some View { Text("Visits: \(profile.visits)") }
}

struct LegacyProfileView: View {
    @StateObject private var profile = LegacyProfile()
    var body: some View {
        let _ = Self._printChanges()
        VStack {
            LegacyNameLabel(profile: profile)
            LegacyVisitLabel(profile: profile)
            Button("Visit") { profile.visits += 1 }
        }
    }
}

let modern = ViewHost(ProfileView())
modern.tap("Visit")
print("Observable: NameLabel=\(modern.renderCount(of: NameLabel.self)) VisitLabel=\(modern.renderCount(of: VisitLabel.self))")

let legacy = ViewHost(LegacyProfileView())
legacy.tap("Visit")
print("ObservableObject: NameLabel=\(legacy.renderCount(of: LegacyNameLabel.self)) VisitLabel=\(legacy.renderCount(of: LegacyVisitLabel.self))")
print(legacy.snapshot())

let subject = PassthroughSubject<Int, Never>()
var received: [Int] = []
let cancellable = subject.sink { received.append($0) }
subject.send(1)
print("Combine alias works: \(received)")
