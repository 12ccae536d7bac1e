import Combine
// A crash, on purpose: the view needs an environment object nobody provided.
// SwiftUI traps with the same message; run.sh expects this one to fail.
import SwiftUI

final class Cart: ObservableObject {
    @Published var items: [String] = []
}

struct CartBadge: View {
    @EnvironmentObject var cart: Cart
    var body: some View { Text("\(cart.items.count) items") }
}

print("Mounting CartBadge without .environmentObject(Cart())…")
_ = ViewHost(CartBadge())
