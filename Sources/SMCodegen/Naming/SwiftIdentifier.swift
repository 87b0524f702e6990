/// Turning names from a spec (which may hold `-`, `.`, spaces or start with a digit) into Swift identifiers.
enum SwiftIdentifier {
    /// Words of a name: runs of letters and digits, split at anything else and where lower case meets upper case.
    static func words(_ name: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previousIsLower = false
        for scalar in name.unicodeScalars {
            let isAlphanumeric = scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_"
            guard isAlphanumeric, scalar != "_" else {
                if !current.isEmpty { words.append(current) }
                current = ""
                previousIsLower = false
                continue
            }
            if scalar.properties.isUppercase && previousIsLower && !current.isEmpty {
                words.append(current)
                current = ""
            }
            current.unicodeScalars.append(scalar)
            previousIsLower = scalar.properties.isLowercase || ("0"..."9").contains(scalar)
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// `lowerCamelCase`, keeping the case of later letters of each word (`canPlay` stays `canPlay`).
    static func lowerCamel(_ name: String, fallback: String) -> String {
        let parts = words(name)
        guard let first = parts.first else { return fallback }
        return safeStart(lowercasedHead(first) + parts.dropFirst().map(capitalized).joined(), prefix: fallback)
    }

    /// The leading capitals in lower case, as Swift writes acronyms: `URLLoader` → `urlLoader`, `SM004` → `sm004`.
    private static func lowercasedHead(_ word: String) -> String {
        let scalars = Array(word.unicodeScalars)
        var run = 0
        while run < scalars.count && scalars[run].properties.isUppercase { run += 1 }
        // Before a lower-case letter the last capital starts the next word: keep it.
        if run > 1 && run < scalars.count && scalars[run].properties.isLowercase { run -= 1 }
        if run == 0 { return word }
        var result = String(String.UnicodeScalarView(scalars[..<run])).lowercased()
        result.unicodeScalars.append(contentsOf: scalars[run...])
        return result
    }

    /// `UpperCamelCase`.
    static func upperCamel(_ name: String, fallback: String) -> String {
        let parts = words(name)
        guard !parts.isEmpty else { return fallback }
        return safeStart(parts.map(capitalized).joined(), prefix: fallback)
    }

    static func capitalized(_ word: String) -> String { word.prefix(1).uppercased() + word.dropFirst() }

    /// An identifier cannot start with a digit.
    private static func safeStart(_ identifier: String, prefix: String) -> String {
        guard let first = identifier.unicodeScalars.first, ("0"..."9").contains(first) else { return identifier }
        return prefix + identifier
    }

    /// Keywords that need backticks where they name a case, a property or a label.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
        "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as",
        "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "_", "some", "any", "consume",
        "borrowing", "consuming", "package", "Type", "Protocol",
    ]

    /// Names that are awkward even with backticks (`.self`, `.init`, `.Type`), renamed instead.
    private static let renamed: Set<String> = ["self", "Self", "init", "deinit", "subscript", "super", "Type", "Protocol", "_"]

    /// The identifier as it is written in code: backticks around keywords.
    static func escaped(_ identifier: String) -> String {
        keywords.contains(identifier) ? "`\(identifier)`" : identifier
    }

    /// An identifier that can be declared as a member: keywords that backticks do not help with get a suffix.
    static func declarable(_ identifier: String) -> String {
        renamed.contains(identifier) ? identifier + "_" : identifier
    }

    /// Case names that `Optional`'s own cases would take the place of: `.none` where an optional of the enum is
    /// expected means nil.
    private static let optionalCases: Set<String> = ["none", "some"]

    /// An identifier that can be declared as an enum case: as `declarable`, and `none` and `some` get a suffix too.
    static func declarableCase(_ identifier: String) -> String {
        optionalCases.contains(identifier) ? identifier + "_" : declarable(identifier)
    }

    /// A Swift string literal.
    static func stringLiteral(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}

/// Hands out distinct identifiers within one scope: a second `countdown` becomes `countdown2`.
struct IdentifierScope {
    /// The reserved identifiers and those handed out.
    private(set) var taken: Set<String>
    /// Whether the identifiers name enum cases (`SwiftIdentifier.declarableCase`).
    private let namesCases: Bool

    init(reserved: Set<String> = [], namesCases: Bool = false) {
        taken = reserved
        self.namesCases = namesCases
    }

    mutating func claim(_ wanted: String) -> String {
        let base = namesCases ? SwiftIdentifier.declarableCase(wanted) : SwiftIdentifier.declarable(wanted)
        var candidate = base
        var counter = 2
        while taken.contains(candidate) {
            candidate = base + String(counter)
            counter += 1
        }
        taken.insert(candidate)
        return candidate
    }
}
