import SwiftUI

@Observable final class Settings {
    var theme = "light"
}

struct ThemeLabel: View {
    @Environment(Settings.self) private var settings
    var body: some View { Text(settings.theme) }
}

print("mounting")
let host = ViewHost(ThemeLabel())   // no .environment(Settings()) above: traps
print("unreachable")
