/// What `galley --version` prints: Galley's version and the Swift compiler
/// that built it, e.g. `0.1.0 (built with Swift 6.3.1)`.
///
/// The compiler is known at compile time (`#if compiler`), so no toolchain
/// is asked and nothing is read from the network or the disk.
enum GalleyVersion {
    /// Galley's own version.
    static let number = "0.1.0"

    /// The Swift compiler this binary was compiled with, as precisely as
    /// `#if compiler` can tell (`6.3.1`; a newer compiler than this file
    /// knows reads `6.4 or later`).
    static let compiler: String = {
        #if compiler(>=6.4)
            return "6.4 or later"
        #elseif compiler(>=6.3.2)
            return "6.3.2 or a later 6.3"
        #elseif compiler(>=6.3.1)
            return "6.3.1"
        #elseif compiler(>=6.3)
            return "6.3"
        #elseif compiler(>=6.2.1)
            return "6.2.1 or a later 6.2"
        #elseif compiler(>=6.2)
            return "6.2"
        #elseif compiler(>=6.1)
            return "6.1"
        #else
            return "6.0"
        #endif
    }()

    /// `0.1.0 (built with Swift 6.3.1)`.
    static var description: String { "\(number) (built with Swift \(compiler))" }
}
