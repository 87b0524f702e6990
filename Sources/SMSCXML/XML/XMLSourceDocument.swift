import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// An XML element with the places it and its attributes are written.
struct XMLSourceElement: Sendable {
    /// The namespace URI, nil for none.
    var namespace: String?
    var localName: String
    /// The name as written, with its prefix.
    var qualifiedName: String
    var attributes: [XMLSourceAttribute]
    var children: [XMLSourceElement] = []
    /// The character data directly inside the element.
    var text = ""
    /// The offset of the `<`.
    var offset: Int
    /// The first character of `text` other than white space, as written; nil when there is none.
    var textOffset: Int?
    /// An XPath-like path for messages: `//state[@id='idle']/transition[2]`.
    var path = ""

    func attribute(_ localName: String, namespace: String? = nil) -> XMLSourceAttribute? {
        attributes.first { $0.localName == localName && $0.namespace == namespace }
    }
}

struct XMLSourceAttribute: Sendable {
    var namespace: String?
    var localName: String
    var qualifiedName: String
    var value: String
    var nameOffset: Int
    /// The offset of the opening quote.
    var quoteOffset: Int
    /// The source offset of each scalar of `value`, then of the closing quote; nil when they are not known.
    var scalarOffsets: [Int]?
}

/// Reads an XML document with Foundation's `XMLParser` (libxml2 on Linux) and gives every element and attribute the
/// place it is written, from `XMLTagScanner`.
enum XMLSourceDocument {
    static func parse(_ bytes: [UInt8], maximumDepth: Int) throws(XMLSyntaxProblem) -> XMLSourceElement {
        let (tags, parserInput) = try XMLTagScanner.scanned(bytes, maximumDepth: maximumDepth)
        let builder = TreeBuilder(bytes: bytes, tags: tags)
        // A stream is fed to libxml2 in chunks: given whole, a file over 10,000,000 bytes passes libxml2's lookup
        // limit for one input (XML_MAX_LOOKUP_LIMIT) and is refused as "error 1", well within the 16 MB a spec may take.
        let parser = XMLParser(stream: InputStream(data: Data(parserInput)))
        parser.shouldProcessNamespaces = true
        parser.shouldResolveExternalEntities = false
        parser.delegate = builder
        let parsed = parser.parse()
        if let problem = builder.problem { throw problem }
        guard parsed, var root = builder.root else {
            let code = (parser.parserError as NSError?)?.code ?? 0
            let (line, column) = builder.errorPosition ?? (parser.lineNumber, parser.columnNumber)
            let offset = TextLines(bytes).offset(line: line, column: column)
            // The innermost element around the place (the scan ended at the file's end, so every tag has its end).
            let around = tags.last { $0.offset <= offset && offset < $0.end }
            throw XMLSyntaxProblem(
                message: Self.message(forParserError: code), offset: offset, elementPath: around.map { XMLTagScanner.shortened($0.path) })
        }
        ElementPaths.assign(&root)
        return root
    }

    /// What libxml2's error codes that the tag scanner does not catch first mean.
    static func message(forParserError code: Int) -> String {
        switch code {
        case 1:
            "the XML parser gives up here (libxml2 error 1: most often a comment, text or value longer than its limit of 10,000,000 bytes in one piece)"
        case 9: "a character XML does not allow (a control character?)"
        case 201: "a namespace prefix that is not declared (add xmlns:prefix=\"...\")"
        default: "the XML parser rejects the file here (libxml2 error \(code))"
        }
    }
}

/// Builds the element tree from the parser's callbacks, matching each element to its scanned tag by order.
private final class TreeBuilder: NSObject, XMLParserDelegate {
    let bytes: [UInt8]
    let tags: [SourceTag]
    private var next = 0
    private var open: [XMLSourceElement] = []
    /// Prefix → namespace URI, one scope per open element.
    private var scopes: [[String: String]] = [["xml": "http://www.w3.org/XML/1998/namespace"]]
    private(set) var root: XMLSourceElement?
    private(set) var problem: XMLSyntaxProblem?
    /// Where the parser was when it met its first error (it may read on before it stops).
    private(set) var errorPosition: (line: Int, column: Int)?

    init(bytes: [UInt8], tags: [SourceTag]) {
        self.bytes = bytes
        self.tags = tags
    }

    /// XML 1.0's NameChar (fifth edition, 2.3).
    static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3A, 0x41...0x5A, 0x5F, 0x61...0x7A, 0x2D, 0x2E, 0x30...0x39, 0xB7, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x37D,
            0x37F...0x1FFF, 0x200C...0x200D, 0x203F...0x2040, 0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF, 0xF900...0xFDCF,
            0xFDF0...0xFFFD, 0x10000...0xEFFFF:
            true
        default: false
        }
    }

    /// How to declare a prefix: smcheck's own is spelled out, since a user who writes `smcheck:min` wants it.
    private static func declaration(ofPrefix prefix: String) -> String {
        prefix == "smcheck"
            ? "add xmlns:smcheck=\"\(SCXMLNamespace.smcheck)\" to <scxml>" : "add xmlns:\(prefix)=\"...\" (its namespace's URI) to <scxml>"
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
        attributes attributeDict: [String: String] = [:]
    ) {
        guard problem == nil else { return }
        let name = qName ?? elementName
        guard next < tags.count, tags[next].name == name else {
            // libxml2 lets some characters into names that XML's grammar does not (DEL, U+2028); smcheck's scan
            // stops the name there. Said as what it is, not as the disagreement it causes.
            let scanned = next < tags.count ? tags[next].name : name
            let message =
                scanned.unicodeScalars.first { !Self.isNameCharacter($0) }.map {
                    "the element name <\(scanned.controlCharactersEscaped)> holds \($0.codePointText), which an XML name cannot hold"
                } ?? "the XML parser and smcheck's scan disagree about this element <\(name.controlCharactersEscaped)>"
            fail(message, at: next < tags.count ? tags[next].offset : 0, path: next < tags.count ? tags[next].path : nil, parser)
            return
        }
        let tag = tags[next]
        next += 1
        var scope = scopes[scopes.count - 1]
        for raw in tag.attributes where raw.name == "xmlns" || raw.name.hasPrefix("xmlns:") {
            scope[raw.name == "xmlns" ? "" : String(raw.name.dropFirst(6))] = XMLTagScanner.decodeValue(bytes, raw.valueRange).value
        }
        scopes.append(scope)
        if name.contains(":") && (namespaceURI ?? "").isEmpty {
            fail(
                "the prefix of <\(name)> is not declared; \(Self.declaration(ofPrefix: String(name.prefix { $0 != ":" })))", at: tag.offset,
                parser)
            return
        }
        var attributes: [XMLSourceAttribute] = []
        for raw in tag.attributes where raw.name != "xmlns" && !raw.name.hasPrefix("xmlns:") {
            let decoded = XMLTagScanner.decodeValue(bytes, raw.valueRange)
            let value = attributeDict[raw.name] ?? decoded.value
            var namespace: String?
            var localName = raw.name
            if let colon = raw.name.firstIndex(of: ":") {
                let prefix = String(raw.name[..<colon])
                guard let uri = scope[prefix] else {
                    fail(
                        "the prefix of the attribute '\(raw.name)' is not declared; \(Self.declaration(ofPrefix: prefix))",
                        at: raw.nameOffset,
                        parser
                    )
                    return
                }
                namespace = uri
                localName = String(raw.name[raw.name.index(after: colon)...])
            }
            attributes.append(
                XMLSourceAttribute(
                    namespace: namespace, localName: localName, qualifiedName: raw.name, value: value,
                    nameOffset: raw.nameOffset, quoteOffset: raw.quoteOffset,
                    scalarOffsets: value == decoded.value ? decoded.offsets : nil))
        }
        open.append(
            XMLSourceElement(
                namespace: (namespaceURI ?? "").isEmpty ? nil : namespaceURI, localName: elementName,
                qualifiedName: name, attributes: attributes, offset: tag.offset, textOffset: tag.textOffset))
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        guard problem == nil, let element = open.popLast() else { return }
        scopes.removeLast()
        if open.isEmpty { root = element } else { open[open.count - 1].children.append(element) }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        if errorPosition == nil { errorPosition = (parser.lineNumber, parser.columnNumber) }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard problem == nil, !open.isEmpty else { return }
        open[open.count - 1].text += string
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        guard problem == nil, !open.isEmpty else { return }
        open[open.count - 1].text += String(decoding: CDATABlock, as: UTF8.self)
    }

    /// Stops at a problem in the element `path` names, by default that of the tag read last (the one the parser
    /// started).
    private func fail(_ message: String, at offset: Int, path: String?? = nil, _ parser: XMLParser) {
        let path = path ?? (next > 0 ? tags[next - 1].path : nil)
        problem = XMLSyntaxProblem(message: message, offset: offset, elementPath: path.map(XMLTagScanner.shortened))
        parser.abortParsing()
    }
}

/// The XPath-like paths messages show for elements: `//state[@id='idle']` for an element whose id is unique in the
/// document, else its parent's path and its name with its position among same-named siblings
/// (`//state[@id='idle']/transition[2]`, `/scxml/datamodel/data[1]`).
enum ElementPaths {
    static func assign(_ root: inout XMLSourceElement) {
        var idCounts: [String: Int] = [:]
        var pending = [root]
        while let element = pending.popLast() {
            if let id = element.attribute("id")?.value { idCounts[id, default: 0] += 1 }
            pending += element.children
        }
        root.path = "/" + root.qualifiedName
        assignChildren(&root, idCounts)
    }

    /// Recursive, but the tag scanner bounds the depth.
    private static func assignChildren(_ element: inout XMLSourceElement, _ idCounts: [String: Int]) {
        var seen: [String: Int] = [:]
        let totals = Dictionary(element.children.map { ($0.qualifiedName, 1) }, uniquingKeysWith: +)
        for i in element.children.indices {
            let name = element.children[i].qualifiedName
            seen[name, default: 0] += 1
            if let id = element.children[i].attribute("id")?.value, idCounts[id] == 1 {
                element.children[i].path = "//\(name)[@id=\(quoted(id))]"
            } else {
                element.children[i].path = element.path + "/" + name + (totals[name, default: 0] > 1 ? "[\(seen[name]!)]" : "")
            }
            assignChildren(&element.children[i], idCounts)
        }
    }

    static func quoted(_ value: String) -> String { value.contains("'") ? "\"\(value)\"" : "'\(value)'" }
}
