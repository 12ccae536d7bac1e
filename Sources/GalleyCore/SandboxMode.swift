/// Whether sample programs run in the sandbox (bubblewrap): `galley.yml`'s
/// `verify.sandbox`, `--sandbox` on the command line.
///
/// ```swift
/// SandboxMode(rawValue: "on")   // .on
/// ```
public enum SandboxMode: String, Sendable, CaseIterable {
    /// Where bubblewrap works; otherwise unconfined, and the report says so.
    case auto
    /// Always; verification stops with an error where bubblewrap cannot start.
    case on
    /// Never.
    case off
}
