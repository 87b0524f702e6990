/// The page listing the reports of several specs: each spec's verdict, what the fuzz campaign found, and a link to
/// its report. Written out as Markdown or HTML like the reports.
public struct ReportIndex: Sendable {
    public struct Entry: Sendable {
        let file: String
        let name: String?
        let link: String?
        let verdict: Document.Span
        let fuzzing: Document.Span
        let states: Int?

        /// A spec that was reported, with the address of its report relative to the index.
        public init(_ report: SpecReport, link: String) {
            file = report.file
            name = report.analysis.spec.name
            self.link = link
            verdict = report.verdictBadge
            switch report.fuzz {
            case nil: fuzzing = .text("—")
            case .some(let fuzz) where fuzz.failure != nil: fuzzing = .badge("failed", .error)
            case .some(let fuzz) where fuzz.interrupted: fuzzing = .text("interrupted after \(TextStyle.plural(fuzz.runs, "run"))")
            case .some(let fuzz): fuzzing = .text("passed \(TextStyle.plural(fuzz.runs, "run"))")
            }
            states = report.analysis.spec.states.count - 1
        }

        /// A spec that could not be used, and why: the first of its errors, one per line in `reason`, and how many
        /// more there are (all of them went to standard error; a table cell of a dozen reads as none).
        public init(unusable file: String, reason: String) {
            self.file = file
            name = nil
            link = nil
            let errors = reason.split(separator: "\n", omittingEmptySubsequences: true)
            let more = errors.count > 1 ? " (and \(TextStyle.plural(errors.count - 1, "more error")))" : ""
            verdict = .badge("could not be used: " + (errors.first.map(String.init) ?? reason) + more, .error)
            fuzzing = .text("—")
            states = nil
        }
    }

    public let entries: [Entry]

    public init(_ entries: [Entry]) { self.entries = entries }

    public var document: Document {
        let rows: [[[Document.Span]]] = entries.map { entry in
            let title: Document.Span = entry.link.map { .link(entry.name ?? entry.file, href: $0) } ?? .text(entry.name ?? "—")
            return [[title], [.code(entry.file)], [entry.verdict], [entry.fuzzing], [.text(entry.states.map(String.init) ?? "—")]]
        }
        return Document(
            title: "smcheck reports",
            blocks: [
                .paragraph([
                    .text(
                        TextStyle.plural(entries.count, "spec")
                            + "; each report has the diagram, every finding with its trace, and the coverage fuzzing reached.")
                ]),
                .table(header: ["spec", "file", "verdict", "fuzzing", "states"], rows: rows),
            ])
    }

    public var markdown: String { MarkdownRenderer().render(document) }
    public var html: String { HTMLRenderer().render(document) }
}
