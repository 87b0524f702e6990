import ArgumentParser

/// Every format a command writes, named once: `--format` takes the same name for the same format on every command,
/// and an output file's extension names the same format everywhere.
enum OutputFormat: String, CaseIterable, Sendable {
    case text, json, sarif, junit, markdown, html, svg, dot, mermaid, scxml

    /// The extensions a file of this format is written with, the usual one first.
    var fileExtensions: [String] {
        switch self {
        case .text: ["txt"]
        case .json: ["json"]
        case .sarif: ["sarif"]
        case .junit: ["xml"]
        case .markdown: ["md", "markdown"]
        case .html: ["html", "htm"]
        case .svg: ["svg"]
        case .dot: ["dot", "gv"]
        case .mermaid: ["mmd", "mermaid"]
        case .scxml: ["scxml"]
        }
    }
}

/// The formats one command writes: a `--format` value, a part of the vocabulary `OutputFormat` with its names.
protocol CommandFormat: ExpressibleByArgument, CaseIterable, RawRepresentable where RawValue == String {}

extension CommandFormat {
    /// The format in the vocabulary. Every command's cases are spelled as `OutputFormat`'s (a test runs each
    /// command's every format), so the lookup cannot fail.
    var outputFormat: OutputFormat { OutputFormat(rawValue: rawValue)! }

    /// The usual extension of a file in this format.
    var fileExtension: String { outputFormat.fileExtensions[0] }

    /// The format of this command an output file's extension names, if any.
    init?(fileExtension: String) {
        guard let format = OutputFormat.allCases.first(where: { $0.fileExtensions.contains(fileExtension.lowercased()) }) else {
            return nil
        }
        self.init(rawValue: format.rawValue)
    }

    /// "text, json, sarif, junit", for help.
    static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
