/// DocC's rules for the components of its URL paths, which the link
/// checks (`GalleyProject`'s `DocLinkResolver` and `ExternalDocumentation`),
/// the tutorials' paths (`TutorialFiles`) and the API reference's page tree
/// (`GalleyReference`'s `DocCPages`) share.
///
/// ```swift
/// DocCPath.fileName("init(label:)")   // "init(label:)"
/// DocCPath.fileName("Getting Started", replacement: "-")   // "Getting-Started"
/// DocCPath.shortened(component: String(repeating: "a", count: 300))   // 240 a's, "-", a hash
/// ```
public enum DocCPath {
    /// `name` as a path component: every Unicode scalar a URL path may not
    /// hold as it is (outside ASCII letters, digits and `!$&'()*+,-.:=@_~`)
    /// becomes `replacement` (`_` in a symbol's name, `-` in an article's).
    public static func fileName(_ name: String, replacement: Unicode.Scalar = "_") -> String {
        let allowed = Set("!$&'()*+,-.:=@_~".unicodeScalars)
        var result = String.UnicodeScalarView()
        for scalar in name.unicodeScalars {
            let isASCIIAlphanumeric = scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
            result.append(isASCIIAlphanumeric || allowed.contains(scalar) ? scalar : replacement)
        }
        return String(result)
    }

    /// The length from which DocC shortens a path component: a file
    /// system's name holds 255 bytes, and DocC leaves room for a suffix.
    public static let componentLimit = 240
    /// The length from which DocC shortens a whole path (`/documentation/…`),
    /// leaving room under POSIX's 1,024 for the folder it is written in.
    public static let pathLimit = 880

    /// `component` as DocC writes it to disk: from ``componentLimit``
    /// characters on, its first 240 and the ``hash(_:)`` of the whole.
    ///
    /// ```swift
    /// DocCPath.shortened(component: "forClient(cipherSuites:…)")   // unchanged under 240 characters
    /// ```
    public static func shortened(component: String) -> String {
        component.count >= componentLimit ? String(component.prefix(componentLimit)) + "-" + hash(component) : component
    }

    /// `path` (`/documentation/module/…`, its components already
    /// ``shortened(component:)``) as DocC writes it to disk: from
    /// ``pathLimit`` characters on, its first 880 and the hash of the whole.
    public static func shortened(path: String) -> String {
        path.count >= pathLimit ? String(path.prefix(pathLimit)) + "-" + hash(path) : path
    }

    /// DocC's hash of a symbol's identifier in a disambiguated path: FNV-1
    /// (32 bits) of its UTF-8, folded to 24 bits, in lowercase base 36.
    ///
    /// ```swift
    /// DocCPath.hash("s:7Logging10LogHandlerPAAE3log5eventyAA0B5EventV_tF")   // "17f2r"
    /// ```
    public static func hash(_ identifier: String) -> String {
        var hash: UInt32 = 0x811C_9DC5
        for byte in identifier.utf8 {
            hash = hash &* 0x0100_0193
            hash ^= UInt32(byte)
        }
        return String((hash >> 24) ^ (hash & 0xFF_FFFF), radix: 36)
    }
}
