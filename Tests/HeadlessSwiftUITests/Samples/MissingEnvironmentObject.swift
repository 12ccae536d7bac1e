import SwiftUI
import Combine

final class Cart: ObservableObject {
    @Published var items: [String] = []
}

struct CartBadge: View {
    @EnvironmentObject var cart: Cart
    var body: some View { Text("\(cart.items.count)") }
}

print("mounting")
let host = ViewHost(CartBadge())   // no .environmentObject(Cart()) above: traps
print("unreachable")
