// Re-exports: `import SwiftUI` (aliased to HeadlessSwiftUI) alone gives
// `@Observable`, `ObservableObject`, `@Published` and the Combine API, as on
// Apple platforms.
@_exported import Observation
@_exported import OpenCombineShim
