import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The elements of an XML document (an SVG drawing), read by a real XML parser: reading fails unless the document
/// is well-formed.
public struct XMLElements: Sendable {
    public struct Element: Sendable {
        public let name: String
        public let attributes: [String: String]
        /// The text directly inside it, entities decoded.
        public internal(set) var text = ""

        /// The words of the `class` attribute.
        public var classes: Set<String> { Set((attributes["class"] ?? "").split(separator: " ").map(String.init)) }
    }

    public struct NotWellFormed: Error, CustomStringConvertible {
        public let description: String
    }

    public let elements: [Element]

    public init(parsing text: String) throws {
        let parser = XMLParser(data: Data(text.utf8))
        let collector = Collector()
        parser.delegate = collector
        // The DTD the SVG names is on the web; the check is for well-formedness, not validity.
        parser.shouldResolveExternalEntities = false
        guard parser.parse() else {
            throw NotWellFormed(
                description: "not well-formed XML at line \(parser.lineNumber), column \(parser.columnNumber): "
                    + (parser.parserError.map { "\($0)" } ?? "unknown error"))
        }
        elements = collector.elements
    }

    /// The elements whose `class` attribute has `name` among its words.
    public func withClass(_ name: String) -> [Element] { elements.filter { $0.classes.contains(name) } }

    private final class Collector: NSObject, XMLParserDelegate {
        var elements: [Element] = []
        /// The indices of the elements open at this point of the document.
        var open: [Int] = []

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String]
        ) {
            open.append(elements.count)
            elements.append(Element(name: elementName, attributes: attributes))
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            open.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if let index = open.last { elements[index].text += string }
        }
    }
}
