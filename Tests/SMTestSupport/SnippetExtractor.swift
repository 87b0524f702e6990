public import Foundation

/// Turns the Swift blocks of the README and the documents in Docs/ into files of this test target, so that every
/// snippet a user can copy compiles as written (with the imports it shows), and the statements in it run.
///
/// A block's top-level declarations (types, functions, `@Test`s, imports) stay at the top level of its file; its
/// statements go into a function named after the block, which `DocumentationSnippetTests` calls. Package manifests
/// (blocks that import PackageDescription) are checked by `swift package dump-package` instead.
public struct SnippetExtractor {
    public struct Snippet: Equatable, Sendable {
        /// The document, relative to the repository root.
        public let document: String
        /// The line of the opening fence.
        public let line: Int
        public let code: String

        public var isManifest: Bool { code.contains("import PackageDescription") }

        /// `README_156`, `Docs_Fuzzing_93`.
        public var identifier: String {
            let stem = document.replacingOccurrences(of: ".md", with: "").replacingOccurrences(of: "/", with: "_")
            return "\(stem.filter { $0.isLetter || $0.isNumber || $0 == "_" })_\(line)"
        }
    }

    /// The documents whose snippets are checked.
    public static func documents(in root: URL) throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "Docs/" + $0 }
        return ["README.md"] + docs
    }

    /// Every ```swift block of a Markdown text.
    public static func snippets(in text: String, document: String) -> [Snippet] {
        var result: [Snippet] = []
        var current: (line: Int, lines: [Substring])?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if var block = current {
                if trimmed == "```" {
                    result.append(Snippet(document: document, line: block.line, code: block.lines.joined(separator: "\n")))
                    current = nil
                } else {
                    block.lines.append(line)
                    current = block
                }
            } else if trimmed == "```swift" {
                current = (index + 1, [])
            }
        }
        return result
    }

    /// The Swift file a snippet becomes.
    public static func file(for snippet: Snippet) -> String {
        var imports: [String] = []
        var declarations: [String] = []
        var statements: [String] = []
        for item in topLevelItems(snippet.code) {
            if item.hasPrefix("import ") {
                imports.append(item)
            } else if isDeclaration(item) {
                declarations.append(item)
            } else {
                statements.append(item)
            }
        }
        var lines = [
            "// Generated from \(snippet.document) (the Swift block at line \(snippet.line)); do not edit.",
            "// Edit the document, then run scripts/update-snippets.",
            "// swift-format-ignore-file",
        ]
        lines += imports
        if !declarations.isEmpty { lines += [""] + declarations }
        lines += ["", "func snippet_\(snippet.identifier)() throws {"]
        lines += statements.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "    " + $0 } }
        lines += ["}", ""]
        return lines.joined(separator: "\n")
    }

    /// The registry that lets a test call every snippet's statements.
    public static func registry(for snippets: [Snippet]) -> String {
        let entries = snippets.map { "    (\"\($0.document):\($0.line)\", snippet_\($0.identifier))," }
        return """
            // Generated from the documents' Swift blocks; do not edit. Edit the documents, then run scripts/update-snippets.
            // swift-format-ignore-file

            let documentationSnippets: [(place: String, run: @Sendable () throws -> Void)] = [
            \(entries.joined(separator: "\n"))
            ]

            """
    }

    /// Splits code into top-level items: a line that starts at column 0 starts a new item, unless it closes a
    /// bracket or continues an expression (`.`, `)`, `]`, `}`), and a item runs on while brackets are open.
    public static func topLevelItems(_ code: String) -> [String] {
        var items: [String] = []
        var current: [Substring] = []
        var depth = 0
        for line in code.split(separator: "\n", omittingEmptySubsequences: false) {
            let startsItem =
                depth == 0 && !line.isEmpty && !line.first!.isWhitespace
                && !["}", ")", "]", "."].contains(line.first!)
                && !(current.last?.trimmingCharacters(in: .whitespaces).hasPrefix("@") ?? false)
            if startsItem, !current.isEmpty {
                items.append(current.joined(separator: "\n").trimmingCharacters(in: .newlines))
                current = []
            }
            current.append(line)
            depth += bracketBalance(line)
        }
        if !current.isEmpty { items.append(current.joined(separator: "\n").trimmingCharacters(in: .newlines)) }
        return items.filter { !$0.isEmpty }
    }

    /// Open minus closed brackets on a line, outside string literals and comments.
    private static func bracketBalance(_ line: Substring) -> Int {
        var balance = 0
        var inString = false
        var previous: Character = " "
        for character in line {
            if inString {
                if character == "\"" && previous != "\\" { inString = false }
            } else if character == "\"" {
                inString = true
            } else if character == "/" && previous == "/" {
                break
            } else if "({[".contains(character) {
                balance += 1
            } else if ")}]".contains(character) {
                balance -= 1
            }
            previous = character
        }
        return balance
    }

    private static func isDeclaration(_ item: String) -> Bool {
        let keywords = [
            "struct ", "final class ", "class ", "enum ", "extension ", "protocol ", "actor ", "func ", "typealias ",
            "@Test", "@Suite", "@MainActor", "public ", "private ", "fileprivate ", "internal ",
        ]
        return keywords.contains { item.hasPrefix($0) }
    }

    /// The documents' snippets and the files they become in `Tests/SMDocumentationTests/Snippets`, by name.
    public static func expectedFiles(root: URL) throws -> (snippets: [Snippet], files: [String: String]) {
        let snippets = try documents(in: root).flatMap { document in
            Self.snippets(in: try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8), document: document)
        }
        let code = snippets.filter { !$0.isManifest }
        var files = Dictionary(uniqueKeysWithValues: code.map { ("\($0.identifier).swift", file(for: $0)) })
        files["Registry.swift"] = registry(for: code)
        return (snippets, files)
    }

    /// Replaces the generated files with `files`.
    public static func write(_ files: [String: String], to directory: URL) throws {
        let fileManager = FileManager.default
        for name in (try? fileManager.contentsOfDirectory(atPath: directory.path)) ?? [] {
            try fileManager.removeItem(at: directory.appendingPathComponent(name))
        }
        try fileManager.createDirectory(at: directory, withIntermediateDirectories: true)
        for (name, text) in files {
            try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
    }

    /// The seed specs whose generated Swift the documents use (as `smcheck generate` writes it), by spec file.
    public static let generatedSpecs = ["rocket", "transitionkit-player"]
}
