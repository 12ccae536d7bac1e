/// Whether a listing without a language is text rather than Swift: DocC
/// shows every unlabeled block of a doc comment as a code listing, and
/// authors use them for diagrams, SQL, a program's output and formulas
/// too (`+------+`, `SELECT * FROM player`, `Error: Missing value`,
/// `cosh(x) = ------`). Those are not samples, as a ` ```json ` block is not.
///
/// Only a block that does not parse as Swift can be text, and only by
/// signs Swift code does not show outside its strings and comments, so a
/// Swift listing with a typo stays a listing (and a failure).
///
/// ```swift
/// TextListing.isText("+-----+\n| box |\n+-----+\n")   // true
/// TextListing.isText("for x in xs\n    print(x)\n}\n")   // false: Swift with a missing brace
/// ```
package enum TextListing {
    /// Whether `code`, a block without a language, is text.
    package static func isText(_ code: String) -> Bool {
        kind(of: code) != nil
    }

    /// What `code`, a block without a language, is when its own lines say
    /// it is not Swift — `"SQL"`, `"an HTTP message"`, `"JSON"`, `"a
    /// diagram"`, `"output"` — or `nil` when it parses as Swift or may be
    /// Swift with a mistake.
    package static func kind(of code: String) -> String? {
        guard let tree = SwiftSource.parse(code), tree.hasError else { return nil }
        let lines = codeLines(code)
        guard let first = lines.first else { return nil }
        if lines.contains(where: isDiagram) { return "a diagram" }
        if lines.contains(where: isSQL) { return "SQL" }
        if isHTTP(first) { return "an HTTP message" }
        if isJSON(first, lines) { return "JSON" }
        if isProtocolBuffers(lines) { return "Protocol Buffers" }
        if isCFamily(lines) { return "C-family code" }
        if lines.allSatisfy(isGrammar) { return "a grammar" }
        if isEnvironmentFile(code) { return "environment variables" }
        if isYAML(lines) { return "YAML" }
        if lines.contains(where: isFormula) { return "a formula" }
        // `galaxies/:galaxyID/planets`: a URL path, one line of segments.
        if lines.count == 1, first.contains("/"), !first.contains(" "), first.contains(":") || first.hasPrefix("/") { return "a path" }
        // Lines numbered or a table of values, the way a tool prints them.
        if lines.count(where: { ($0.first?.isNumber ?? false) && $0.contains(" ") }) * 2 > lines.count { return "output" }
        return startsAsText(first) || (lines.count > 1 && isDump(first, lines[1])) ? "output" : nil
    }

    /// Whether `lines` are a `.proto` file's: a message, enum or service
    /// opening (`message Profile {`, `service Foo {`), its numbered fields
    /// (`string display_name = 1;`) or its RPCs (`rpc Bar(Empty) returns (Empty);`).
    static func isProtocolBuffers(_ lines: [Substring]) -> Bool {
        let openings = ["message ", "service ", "enum ", "oneof ", "syntax = \"proto", "package ", "option "]
        guard lines.contains(where: { line in openings.contains { line.hasPrefix($0) } && (line.hasSuffix("{") || line.hasSuffix(";")) })
        else { return false }
        return lines.contains { line in
            line.hasPrefix("rpc ") || line.hasSuffix(";") && line.range(of: #"^[\w.]+ \w+ = \d+;$"#, options: .regularExpression) != nil
        }
    }

    /// What the prose right before a listing says the listing is, when it
    /// announces output or another language rather than code — `Records:`,
    /// `This prints:`, `The above code would result in the following SQL:` —
    /// or `nil`. Only the paragraph's last sentence counts, only when it ends
    /// in a colon or names what follows (`the following JSON`), and a sentence
    /// that speaks of code (`For example:`, `The following code prints the
    /// sum:`) announces code, unless it names what follows (`the following
    /// SQL`).
    package static func announcement(in leadIn: String) -> String? {
        let sentence = lastSentence(of: leadIn)
        let words = sentence.split { !$0.isLetter && !$0.isNumber }.map(String.init)
        let lower = words.map { $0.lowercased() }
        guard !words.isEmpty else { return nil }
        if let following = lower.firstIndex(of: "following"), following + 1 < words.count {
            let named = words[following + 1]
            if isLanguage(named) { return named }
            if outputNouns.contains(named.lowercased()) { return "output" }
            if codeWords.contains(named.lowercased()) { return nil }
        }
        // Otherwise only a sentence that introduces the listing, ending in a colon, announces it.
        guard sentence.hasSuffix(":") else { return nil }
        if lower.contains(where: codeWords.contains) { return nil }
        // A language named as what is shown: `SQL:`, `The JSON output:`, `An HTTP request:`.
        for (index, word) in words.enumerated() where isLanguage(word) {
            let next = index + 1 < lower.count ? lower[index + 1] : nil
            if words.count == 1 || next.map(languageNouns.contains) == true { return word }
        }
        if let language = words.first(where: isLanguage), lower.contains(where: outputVerbs.contains) { return language }
        return lower.contains(where: { outputVerbs.contains($0) || outputNouns.contains($0) }) ? "output" : nil
    }

    /// Whether the prose right before a listing says that running it fails
    /// — `The following will throw because the clock has an active
    /// suspension:`, `This traps:` — so that a listing which throws or traps
    /// does what its docs say. Only the paragraph's last sentence counts,
    /// when it ends in a colon.
    package static func announcesFailure(in leadIn: String) -> Bool {
        let sentence = lastSentence(of: leadIn).lowercased()
        // Only a sentence that introduces the listing (`…, the following will throw because …:`); one that describes
        // the type's behaviour (`If the base throws, the sequence will rethrow that error.`) says nothing of the listing.
        guard sentence.hasSuffix(":") else { return false }
        let signs = [
            "will throw", "would throw", "throws an error", "will trap", "would trap", "traps", "will crash", "would crash", "crashes",
            "runtime error", "fatal error", "precondition failure", "will fail", "would fail",
        ]
        return signs.contains { sentence.contains($0) }
    }

    /// Words that say what follows is a program's output.
    private static let outputVerbs: Set<String> = [
        "prints", "printed", "outputs", "records", "recorded", "logs", "logged", "emits", "emitted", "displays", "displayed",
        "produces", "produced", "generates", "generated", "renders", "rendered", "results",
    ]
    private static let outputNouns: Set<String> = ["output", "console", "terminal", "stdout", "stderr", "transcript"]
    /// Words that say what follows is code.
    private static let codeWords: Set<String> = [
        "code", "swift", "example", "examples", "snippet", "call", "calls", "use", "using", "write", "declare", "define",
        "implement", "implementation", "conform", "create", "initialize", "usage", "type", "function", "method",
    ]
    /// What a language's name may be followed by when it names what is shown.
    private static let languageNouns: Set<String> = [
        "output", "query", "queries", "request", "response", "statement", "statements", "document", "body", "result", "file",
    ]

    /// A language other than Swift, by the name docs give it.
    private static func isLanguage(_ word: String) -> Bool {
        ["SQL", "JSON", "YAML", "XML", "HTML", "HTTP", "CSV", "GraphQL", "TOML", "Protobuf", "Bash", "shell"].contains(word)
            || ["sql", "json", "yaml", "xml", "html", "http", "csv", "graphql", "toml", "protobuf", "bash"].contains(word)
    }

    /// The last sentence of `text`: after the last `.`, `!` or `?` that a space follows.
    private static func lastSentence(of text: String) -> Substring {
        var sentence = Substring(text)
        while let last = sentence.last, last.isWhitespace { sentence.removeLast() }
        var start = sentence.startIndex
        var index = sentence.startIndex
        while index < sentence.endIndex {
            let next = sentence.index(after: index)
            if ".!?".contains(sentence[index]), next < sentence.endIndex, sentence[next].isWhitespace { start = next }
            index = next
        }
        return sentence[start...].drop(while: \.isWhitespace)
    }

    /// The lines outside comments and multi-line string literals, trimmed, not empty.
    private static func codeLines(_ code: String) -> [Substring] {
        var inString = false
        var lines: [Substring] = []
        for line in code.split(separator: "\n") {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            let quotes = trimmed.components(separatedBy: "\"\"\"").count - 1
            if quotes % 2 == 1 {
                inString.toggle()
                continue
            }
            guard !inString, !trimmed.isEmpty, !trimmed.hasPrefix("//") else { continue }
            lines.append(trimmed)
        }
        return lines
    }

    /// A line of a drawing: box-drawing characters, or four of `-=+|~` in a row.
    private static func isDiagram(_ line: Substring) -> Bool {
        var run = 0
        for scalar in line.unicodeScalars {
            if (0x2500...0x259F).contains(scalar.value) || (0x25B2...0x25C4).contains(scalar.value) { return true }
            run = "-=+|~".unicodeScalars.contains(scalar) ? run + 1 : 0
            if run >= 4 { return true }
        }
        return false
    }

    /// A line of SQL: a statement's keyword first, or two capitalized keywords in a row (`NOT NULL`, `CREATE TABLE`).
    private static func isSQL(_ line: Substring) -> Bool {
        let words = line.split(separator: " ")
        let statements: Set<Substring> = [
            "SELECT", "INSERT", "UPDATE", "DELETE", "CREATE", "DROP", "ALTER", "PRAGMA", "EXPLAIN", "WHERE", "FROM", "VALUES", "JOIN",
        ]
        if let first = words.first, statements.contains(first) { return true }
        let capital = { (word: Substring) in word.count >= 2 && word.allSatisfy { $0.isUppercase && $0.isLetter } }
        return zip(words, words.dropFirst()).contains { capital($0) && capital($1) }
    }

    /// An HTTP request's or response's first line: `POST http://localhost:8080/account`, `HTTP/1.1 200 OK`.
    private static func isHTTP(_ line: Substring) -> Bool {
        let words = line.split(separator: " ")
        let methods: Set<Substring> = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "CONNECT", "TRACE"]
        guard let first = words.first else { return false }
        if first.hasPrefix("HTTP/") { return true }
        return methods.contains(first) && words.count >= 2 && (words[1].hasPrefix("/") || words[1].contains("://"))
    }

    /// Whether `lines` are C, C++, Java or C# statements: most end in `;`,
    /// and one declares a variable as `Type name;` or `Type name = …;`
    /// (`Timestamp timestamp;`, `struct timeval tv;`, `long millis = …;`),
    /// which Swift never writes.
    static func isCFamily(_ lines: [Substring]) -> Bool {
        guard lines.count(where: { $0.hasSuffix(";") }) * 2 > lines.count else { return false }
        let swiftStarts: Set<Substring> = [
            "let", "var", "return", "import", "case", "throw", "try", "await", "guard", "if", "else", "for", "while", "func", "typealias",
            "break", "continue", "defer", "switch", "do", "repeat", "static", "private", "public", "internal", "fileprivate", "final", "open",
        ]
        // A type is capitalized (`Timestamp`) or one of C's own: a lowercase word may be a Swift keyword mistyped (`lett x = 1;`).
        let cTypes: Set<Substring> = [
            "int", "long", "char", "short", "double", "float", "bool", "void", "auto", "unsigned", "const", "struct", "size_t",
        ]
        return lines.contains { line in
            guard line.hasSuffix(";"), let word = line.split(separator: " ").first, !swiftStarts.contains(word),
                word.first?.isUppercase == true || cTypes.contains(word) || word.hasSuffix("_t")
            else { return false }
            return line.range(
                of: #"^(?:(?:const|unsigned|struct|long|final|static)\s+)*[A-Za-z_][\w:<>.]*[\s*&]+[A-Za-z_]\w*\s*(?:=.*)?;$"#,
                options: .regularExpression)
                != nil
        }
    }

    /// Whether `code` is a `.env` file's or a shell's variables: every line
    /// `NAME=value` (a capitalized name, nothing around its `=`), `export
    /// NAME=value` or a `#` comment, as Swift never writes its statements.
    static func isEnvironmentFile(_ code: String) -> Bool {
        let lines = code.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        var assignments = 0
        for line in lines {
            if line.hasPrefix("# ") || line == "#" { continue }
            guard line.range(of: #"^(export )?[A-Z][A-Z0-9_]*=[^= ]"#, options: .regularExpression) != nil else { return false }
            assignments += 1
        }
        return assignments > 0
    }

    /// Whether `lines` are a YAML document's: each a key and a colon (`apis:`,
    /// `root: acls`) or a list item (`- name: google.acl.v1.AccessControl`),
    /// with at least one item and one key that opens a block; Swift writes
    /// neither a line that starts with `- name:` nor one that is only `name:`.
    static func isYAML(_ lines: [Substring]) -> Bool {
        let key = #"^[A-Za-z_][\w.-]*:(\s.*)?$"#
        let item = #"^- \S"#
        guard lines.contains(where: { $0.range(of: item, options: .regularExpression) != nil }),
            lines.contains(where: { $0.hasSuffix(":") && $0.range(of: key, options: .regularExpression) != nil })
        else { return false }
        return lines.allSatisfy { $0.range(of: key, options: .regularExpression) != nil || $0.range(of: item, options: .regularExpression) != nil }
    }

    /// A line of mathematics: a function defined by an equation (`atan2(y,x)
    /// = atan(y/x) if x > 0`), the result of a call given a value, which
    /// Swift never does (a call's result cannot be assigned to).
    static func isFormula(_ line: Substring) -> Bool {
        line.range(of: #"^[A-Za-z_]\w*\([^()]*\)\s*=\s*[^=\s]"#, options: .regularExpression) != nil
    }

    /// A line of a grammar (RFC ABNF): quoted alternatives separated by `/`
    /// or `|` (`"text" / "image" / "audio"`), or `...` for the rest.
    static func isGrammar(_ line: Substring) -> Bool {
        if line == "..." || line == "…" { return true }
        guard line.hasPrefix("\""), line.contains("/") || line.contains("|") else { return false }
        let quoted = line.replacingOccurrences(of: #""[^"]*("|$)"#, with: "", options: .regularExpression)
        return quoted.allSatisfy { $0 == "/" || $0 == "|" || $0 == " " }
    }

    /// A JSON document: an object or array whose lines hold `"key": value`, which Swift's dictionary literals
    /// spell inside `[` `]`, never right inside `{`.
    private static func isJSON(_ first: Substring, _ lines: [Substring]) -> Bool {
        guard first == "{" || first.hasPrefix("{\"") || first == "[" || first.hasPrefix("[{") else { return false }
        return lines.contains { $0.hasPrefix("\"") && $0.contains("\":") } || first.hasPrefix("{\"")
    }

    /// A first line no Swift statement starts with: `Error: Missing value`, `✅ host`, `[68656c6c6f](11 bytes)`.
    private static func startsAsText(_ line: Substring) -> Bool {
        guard let first = line.unicodeScalars.first else { return false }
        if !(first.properties.isAlphabetic || first.properties.numericType != nil || "_@#.[(\"\\`{}$!-&*<".unicodeScalars.contains(first)) {
            return true
        }
        // A capitalized word or phrase and a colon, then a space: a message's label, not a Swift label (`outer: for`).
        if first.properties.isUppercase, let colon = line.firstIndex(of: ":"), line[line.index(after: colon)...].first == " ",
            line[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || $0 == " " })
        {
            return true
        }
        return line.hasPrefix("[") && line.contains("](")
    }

    /// A value's description as a program prints it: `Name {` then `key: value,`.
    private static func isDump(_ first: Substring, _ second: Substring) -> Bool {
        guard first.hasSuffix(" {"), first.dropLast(2).allSatisfy({ $0.isLetter || $0.isNumber }), let colon = second.firstIndex(of: ":") else {
            return false
        }
        return second[..<colon].allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } && second.hasSuffix(",")
    }
}
