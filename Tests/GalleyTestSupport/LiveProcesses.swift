import Foundation

/// The processes running on this machine, read from `/proc`, for tests that
/// check that nothing a run started outlives it.
public enum LiveProcesses {
    /// PIDs of live (not zombie) processes whose command line is exactly `arguments`.
    public static func running(_ arguments: [String]) -> [Int32] {
        let wanted = arguments.joined(separator: "\0") + "\0"
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> Int32? in
            guard let pid = Int32(entry),
                let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline"),
                String(decoding: data, as: UTF8.self) == wanted
            else { return nil }
            // A zombie waiting for its parent is gone for our purposes.
            let status = (try? String(contentsOfFile: "/proc/\(entry)/status", encoding: .utf8)) ?? ""
            return status.contains("State:\tZ") ? nil : pid
        }
    }
}
