// An @main App with a WindowGroup, as in an Xcode template. Compile with
// -parse-as-library (run.sh does). `main()` mounts the window's content.
import SwiftUI

@Observable final class AppModel {
    var launches = 0
}

struct ContentView: View {
    @Environment(AppModel.self) private var model
    var body: some View {
        Text("Launches: \(model.launches)")
            .onAppear {
                model.launches += 1
                print("ContentView appeared; launches = \(model.launches)")
            }
    }
}

@main
struct ExampleApp: App {
    @State private var model = AppModel()
    var body: some Scene {
        WindowGroup {
            ContentView().environment(model)
        }
    }
}
