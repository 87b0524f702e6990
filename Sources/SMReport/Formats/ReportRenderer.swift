/// One output format: renders a result (`Subject`) as the text the format writes. Every format smcheck writes is
/// one of these: `CheckTextRenderer`, `CheckJSONRenderer`, `SARIFRenderer` and `CheckJUnitRenderer` for the outcomes
/// of `smcheck check`; `FuzzTextRenderer`, `FuzzJSONRenderer`, `FuzzJUnitRenderer` and `LinearizabilityTextRenderer`
/// for fuzzing; `MarkdownRenderer` and `HTMLRenderer` for a report's `Document`. Options (a filter, colors) are the
/// renderer's own properties, so a caller that has picked a format only calls `render`.
public protocol ReportRenderer {
    associatedtype Subject
    func render(_ subject: Subject) -> String
}
