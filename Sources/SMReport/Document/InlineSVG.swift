import Foundation

/// An SVG document made ready to sit inside an HTML page: from the `<svg` element on (no XML declaration or
/// doctype, which name the SVG DTD's web address), without comments, and without the namespace declarations of the
/// root element (HTML puts `svg` in its namespace by itself, and a page should hold no web address it could be
/// taken to load).
enum InlineSVG {
    static func prepare(_ svg: String) -> String {
        guard let start = svg.range(of: "<svg") else { return "" }
        var text = String(svg[start.lowerBound...])
        while let open = text.range(of: "<!--"), let close = text.range(of: "-->", range: open.upperBound..<text.endIndex) {
            var end = close.upperBound
            if end < text.endIndex && text[end] == "\n" { end = text.index(after: end) }
            text.removeSubrange(open.lowerBound..<end)
        }
        guard let tagEnd = text.firstIndex(of: ">") else { return text }
        let tag = text[..<tagEnd]
        var cleaned = ""
        var rest = Substring(tag)
        // Attributes are written ` name="value"` by Graphviz; drop those named xmlns or xmlns:*.
        while let attribute = rest.range(of: " xmlns") {
            cleaned += rest[..<attribute.lowerBound]
            let afterName = rest[attribute.upperBound...]
            guard let valueStart = afterName.firstIndex(of: "\""),
                let valueEnd = afterName[afterName.index(after: valueStart)...].firstIndex(of: "\"")
            else {
                cleaned += rest[attribute.lowerBound...]
                rest = ""
                break
            }
            rest = afterName[afterName.index(after: valueEnd)...]
        }
        cleaned += rest
        return cleaned + text[tagEnd...]
    }

    /// The width Graphviz gave the drawing (`width="123pt"` on the root element), in points.
    static func width(_ svg: String) -> Double? {
        guard let start = svg.range(of: "<svg"), let end = svg[start.upperBound...].firstIndex(of: ">"),
            let attribute = svg[start.upperBound..<end].range(of: " width=\"")
        else { return nil }
        return Double(svg[attribute.upperBound..<end].prefix { $0.isNumber || $0 == "." })
    }
}
