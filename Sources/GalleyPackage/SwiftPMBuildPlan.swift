import Foundation

/// What SwiftPM's build plan says about compiling a module: the llbuild
/// manifest it writes next to its products (`.build/debug.yaml`) holds the
/// exact `swiftc` command of every module, with the search paths of every
/// Swift and C module below it (module maps in `include/`, generated ones,
/// system libraries' pkg-config paths). A sample that imports the module
/// needs those same paths.
///
/// ```swift
/// let arguments = SwiftPMBuildPlan.compileArguments(of: "Numerics", manifest: scratch.appendingPathComponent("debug.yaml"))
/// SwiftPMBuildPlan.importFlags(arguments ?? [])   // ["-I", ".../Modules", "-Xcc", "-fmodule-map-file=.../_NumericsShims/include/module.modulemap", …]
/// ```
package enum SwiftPMBuildPlan {
    /// The arguments of the `swiftc` command that compiles the Swift module
    /// `module`, or `nil` when the manifest has none (or cannot be read).
    package static func compileArguments(of module: String, manifest: URL) -> [String]? {
        swiftCommands(manifest: manifest).first { $0.module == module }?.arguments
    }

    /// Every `swiftc` command of the manifest that compiles a Swift module,
    /// with the module's name; none when it cannot be read.
    package static func swiftCommands(manifest: URL) -> [(module: String, arguments: [String])] {
        guard let data = FileManager.default.contents(atPath: manifest.path), let text = String(data: data, encoding: .utf8) else { return [] }
        var commands: [(module: String, arguments: [String])] = []
        for line in text.split(separator: "\n") where line.hasPrefix("    args: [") && line.contains("\"-module-name\"") {
            guard let arguments = try? JSONDecoder().decode([String].self, from: Data(line.dropFirst("    args: ".count).utf8)),
                arguments.first?.hasSuffix("swiftc") == true,
                let index = arguments.firstIndex(of: "-module-name"), index + 1 < arguments.count
            else { continue }
            commands.append((arguments[index + 1], arguments))
        }
        return commands
    }

    /// The arguments of the command that links `product` (a shared
    /// library or executable, by its path), or `nil`.
    package static func linkArguments(of product: URL, manifest: URL) -> [String]? {
        guard let data = FileManager.default.contents(atPath: manifest.path), let text = String(data: data, encoding: .utf8) else { return nil }
        let marker = "\"-o\",\"\(product.path)\""
        for line in text.split(separator: "\n") where line.hasPrefix("    args: [") && line.contains(marker) {
            if let arguments = try? JSONDecoder().decode([String].self, from: Data(line.dropFirst("    args: ".count).utf8)) {
                return arguments
            }
        }
        return nil
    }

    /// The libraries a program linking the product must link too (its
    /// `linkerSettings`, e.g. `-lm` for code its modules inline into the
    /// program): the `-l` flags and `-L` folders of its link command.
    package static func libraryFlags(_ arguments: [String]) -> [String] {
        var flags: [String] = []
        var index = 0
        while index < arguments.count {
            let current = arguments[index]
            if current == "-L", index + 1 < arguments.count {
                flags += ["-L", arguments[index + 1]]
                index += 2
                continue
            }
            if current.hasPrefix("-l") && current.count > 2 { flags.append(current) }
            index += 1
        }
        return flags
    }

    /// The options that name a macro plugin, as `swiftc` takes them either
    /// plainly (`-load-plugin-executable <path>#<Module>`) or passed to the
    /// frontend, as SwiftPM writes them
    /// (`-Xfrontend -load-plugin-executable -Xfrontend <path>#<Module>`).
    package static let pluginOptions: Set<String> = ["-load-plugin-executable", "-plugin-path", "-external-plugin-path"]

    /// The flags of `arguments` that a module importing the compiled one
    /// needs: `-I` folders, the C modules' `-Xcc -fmodule-map-file=`,
    /// `-Xcc -I` and `-Xcc -isystem` paths, and macro plugins
    /// (`-load-plugin-executable`, `-plugin-path`, `-external-plugin-path`),
    /// each in the form it was written: plain, or as the four tokens of
    /// `-Xfrontend <option> -Xfrontend <value>`. Duplicates are dropped (a
    /// plugin named in both forms is kept once, in the first).
    ///
    /// ```swift
    /// SwiftPMBuildPlan.importFlags(["-Xfrontend", "-load-plugin-executable", "-Xfrontend", "/d/M-tool#M"])
    /// // ["-Xfrontend", "-load-plugin-executable", "-Xfrontend", "/d/M-tool#M"]
    /// ```
    package static func importFlags(_ arguments: [String]) -> [String] {
        var flags: [[String]] = []
        var seen: Set<[String]> = []
        /// Keeps `unit` unless what it says (`key`) was kept already.
        func keep(_ unit: [String], key: [String]) {
            if seen.insert(key).inserted { flags.append(unit) }
        }
        var index = 0
        func argument(_ offset: Int) -> String? {
            index + offset < arguments.count ? arguments[index + offset] : nil
        }
        while index < arguments.count {
            let current = arguments[index]
            switch current {
            case "-I", "-F", "-load-plugin-executable", "-plugin-path", "-external-plugin-path":
                if let value = argument(1) { keep([current, value], key: [current, value]) }
                index += 2
            case "-Xfrontend":
                // The token after -Xfrontend is the frontend's, never a swiftc flag of its own.
                guard let option = argument(1) else { index += 1; continue }
                if pluginOptions.contains(option), argument(2) == "-Xfrontend", let value = argument(3) {
                    keep(["-Xfrontend", option, "-Xfrontend", value], key: [option, value])
                    index += 4
                    continue
                }
                index += 2
            case "-Xcc":
                guard let value = argument(1) else { index += 1; continue }
                if value == "-I" || value == "-isystem", argument(2) == "-Xcc", let path = argument(3) {
                    keep(["-Xcc", value, "-Xcc", path], key: ["-Xcc", value, "-Xcc", path])
                    index += 4
                    continue
                }
                if value.hasPrefix("-fmodule-map-file=") || (value.hasPrefix("-I") && value.count > 2) || value.hasPrefix("-isystem") {
                    keep(["-Xcc", value], key: ["-Xcc", value])
                }
                index += 2
            default:
                index += 1
            }
        }
        return flags.flatMap { $0 }
    }
}
