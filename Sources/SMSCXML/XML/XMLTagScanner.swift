import SMSpec

/// A start tag as it is written: where it and each of its attributes are. The XML parser reports positions only at
/// the end of a start tag, so the reader takes them from here, matching tags to the parser's elements by order.
struct SourceTag: Sendable {
    /// The offset of the `<`.
    let offset: Int
    /// The name as written, with its prefix.
    let name: String
    let attributes: [SourceAttribute]
    /// Where the element is, for messages about it before the element tree exists (`XMLTagScanner.Open.path`).
    let path: String
    /// The offset just past the element's end (its end tag, or its `/>`).
    var end: Int
    /// The first character of text directly inside the element other than white space, for messages about text
    /// that means nothing there; nil when there is none.
    var textOffset: Int?
}

struct SourceAttribute: Sendable {
    /// The name as written, with its prefix.
    let name: String
    let nameOffset: Int
    /// The offset of the opening quote.
    let quoteOffset: Int
    /// The raw bytes of the value, between the quotes.
    let valueRange: Range<Int>
}

/// Why the text is not the XML smcheck reads, and where: the offset, and the path of the element being read
/// (nil outside every element).
struct XMLSyntaxProblem: Error, Sendable {
    let message: String
    let offset: Int
    var elementPath: String?
}

/// Scans an XML document for its start tags and checks its structure: one root element, tags that close in order,
/// quoted attribute values without `<` or stray `&`, nesting within `maximumDepth`, at most `maximumAttributes` in a
/// tag, UTF-8, and no DOCTYPE (whose
/// entities could expand into elements the scan cannot see, or explode in size).
///
/// The XML parser checks the rest; this scan exists for positions and for messages that say what to write instead.
/// Complexity: O(n) in the size of the text, iterative.
struct XMLTagScanner {
    private let bytes: [UInt8]
    private var index = 0
    private let maximumDepth: Int
    /// Attributes one tag may have: SCXML's and smcheck's elements take about a dozen, and libxml2 checks a tag's
    /// namespaced attributes for repeats pair by pair (80,000 took it 2 s, 320,000 took 28 s).
    static let maximumAttributes = 1_000
    private var open: [Open] = []
    /// The path of the start tag being read, until it is complete.
    private var reading: String?
    private var tags: [SourceTag] = []
    private var sawRoot = false
    /// Processing instructions without data (`<?target?>`), which the XML parser must not see (`parserInput`).
    private var emptyInstructions: [Range<Int>] = []

    /// An element whose end tag has not come yet.
    private struct Open {
        let name: String
        let offset: Int
        /// Its index in `tags`.
        let tag: Int
        /// `//state[@id='idle']` when it has an id (as `ElementPaths` writes paths), else its parent's path and its
        /// name with its position among the same-named siblings before it: `/scxml/state[2]/transition[1]`.
        let path: String
        var childCounts: [String: Int] = [:]
    }

    private init(_ bytes: [UInt8], maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    /// The tags of `bytes`, and the bytes to give the XML parser: `bytes` with every processing instruction that has
    /// no data (`<?target?>`, valid XML and meaningless to SCXML) turned into spaces, line breaks kept. Foundation's
    /// `XMLParser` on Linux reads such an instruction's missing data as a string and crashes the process.
    static func scanned(_ bytes: [UInt8], maximumDepth: Int) throws(XMLSyntaxProblem) -> (tags: [SourceTag], parserInput: [UInt8]) {
        let (tags, instructions) = try scanWithInstructions(bytes, maximumDepth: maximumDepth)
        guard !instructions.isEmpty else { return (tags, bytes) }
        var input = bytes
        for range in instructions {
            for offset in range where input[offset] != 0x0A && input[offset] != 0x0D { input[offset] = 0x20 }
        }
        return (tags, input)
    }

    private static func scanWithInstructions(
        _ bytes: [UInt8], maximumDepth: Int
    ) throws(XMLSyntaxProblem) -> (tags: [SourceTag], emptyInstructions: [Range<Int>]) {
        if let encoding = JSONParser.utf16Encoding(bytes) {
            throw XMLSyntaxProblem(message: JSONParser.utf16Message(encoding, extra: #" (and declare encoding="UTF-8")"#), offset: 0)
        }
        if let invalid = JSONParser.firstInvalidUTF8Offset(bytes) {
            throw XMLSyntaxProblem(message: JSONParser.invalidUTF8Message(bytes[invalid]), offset: invalid)
        }
        var scanner = XMLTagScanner(bytes, maximumDepth: maximumDepth)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { scanner.index = 3 }
        try scanner.scanDocument()
        // XML 1.0 holds no control character but tab and line breaks, not even as a reference; libxml2 gives up on
        // a NUL with its "error 1". Said in the innermost element around it.
        if let control = bytes.firstIndex(where: { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) {
            let around = scanner.tags.last { $0.offset <= control && control < $0.end }
            throw XMLSyntaxProblem(
                message:
                    "the file contains \(Unicode.Scalar(bytes[control]).refusalText); XML allows no control character but tab and line breaks",
                offset: control, elementPath: around.map { shortened($0.path) })
        }
        return (scanner.tags, scanner.emptyInstructions)
    }

    // MARK: - Document

    private mutating func scanDocument() throws(XMLSyntaxProblem) {
        let documentStart = index
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                try scanText()
                continue
            }
            if starts(with: "<?") {
                try scanProcessingInstruction(atDocumentStart: index == documentStart)
            } else if starts(with: "<!--") {
                let start = index
                index += 4  // "<!-->" is no comment: its end is looked for after the opening "<!--".
                try skip(past: "-->", what: "the comment", from: start)
                // XML keeps "--" for the comment's end (libxml2 said only "error 80"), also just before it: "<!-- a --->".
                let body = start + 4
                if let dashes = (body..<max(body, index - 3)).first(where: { bytes[$0] == 0x2D && bytes[$0 + 1] == 0x2D }) {
                    throw problem("'--' inside a comment, which XML does not allow; write '- -', or end the comment there", at: dashes)
                }
            } else if starts(with: "<![CDATA[") {
                if open.isEmpty { throw problem("a CDATA section outside the root element", at: index) }
                let content = index + 9
                try skip(past: "]]>", what: "the CDATA section")
                if let text = (content..<index - 3).first(where: { !Self.isSpace(bytes[$0]) }) { noteText(at: text) }
            } else if starts(with: "<!DOCTYPE") || starts(with: "<!doctype") {
                throw problem(
                    "a DOCTYPE declaration; SCXML files need none, and smcheck does not read them (their entities could "
                        + "expand into elements, or without bound); remove it", at: index)
            } else if starts(with: "<!") {
                throw problem("unexpected '<!'; expected a comment (<!-- -->) or a CDATA section (<![CDATA[ ]]>)", at: index)
            } else if starts(with: "</") {
                try scanEndTag()
            } else {
                try scanStartTag()
            }
        }
        if let innermost = open.last {
            throw problem("<\(innermost.name)> is never closed; add </\(innermost.name)>", at: innermost.offset)
        }
        if !sawRoot {
            throw problem("the file has no element; expected an <scxml> element", at: bytes.count)
        }
    }

    /// Remembers where the innermost open element's text starts, if this is its first.
    private mutating func noteText(at offset: Int) {
        guard let innermost = open.last, tags[innermost.tag].textOffset == nil else { return }
        tags[innermost.tag].textOffset = offset
    }

    /// Character data: only white space outside the root element; `&` must start a reference.
    private mutating func scanText() throws(XMLSyntaxProblem) {
        let c = bytes[index]
        if open.isEmpty && !Self.isSpace(c) {
            throw problem(
                sawRoot
                    ? "text after the root element; an XML file has one root element and nothing after it"
                    : "text before the root element; an SCXML file starts with <scxml> (or an XML declaration)", at: index)
        }
        if !Self.isSpace(c) { noteText(at: index) }
        if c == UInt8(ascii: "&") {
            try scanReference()
        } else {
            index += 1
        }
    }

    private mutating func scanProcessingInstruction(atDocumentStart: Bool) throws(XMLSyntaxProblem) {
        let start = index
        try skip(past: "?>", what: "the processing instruction")
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        let isDeclaration = text.hasPrefix("<?xml") && (text.count == 5 || text.dropFirst(5).first?.isWhitespace == true)
        // The target, then only white space: no data.
        if !isDeclaration && !text.dropFirst(2).dropLast(2).drop(while: { !$0.isWhitespace }).contains(where: { !$0.isWhitespace }) {
            emptyInstructions.append(start..<index)
        }
        guard isDeclaration else { return }
        if !atDocumentStart { throw problem("the XML declaration <?xml ...?> must come first in the file", at: start) }
        if let (name, offset) = Self.foreignDeclarationPart(bytes[start..<index]) {
            // libxml2 only says "error 57" here; a namespace or an attribute meant for <scxml> is the usual cause.
            throw problem(
                "the XML declaration takes version, encoding and standalone, not '\(name)'; attributes and namespaces belong on <scxml>",
                at: start + offset)
        }
        if let range = text.range(of: "encoding") {
            let rest = text[range.upperBound...].drop { $0 == " " || $0 == "=" }
            if let quote = rest.first, quote == "\"" || quote == "'" {
                let name = rest.dropFirst().prefix { $0 != quote }
                if !["utf-8", "utf8"].contains(name.lowercased()) {
                    throw problem(
                        "the file declares the encoding \"\(name)\"; smcheck reads UTF-8 files (convert it, and declare encoding=\"UTF-8\")",
                        at: start)
                }
            }
        }
    }

    /// The first pseudo-attribute of an XML declaration (`<?xml ...?>`) that is not version, encoding or standalone,
    /// with its byte offset in `declaration`. Names end where `readName` ends them, and at the closing `?>`.
    private static func foreignDeclarationPart(_ declaration: ArraySlice<UInt8>) -> (name: String, offset: Int)? {
        let utf8 = Array(declaration)
        let delimiters: [UInt8] = ["=", "\"", "'", "?", ">"].map { UInt8(ascii: $0) }
        var index = 5  // after "<?xml"
        while index < utf8.count {
            let byte = utf8[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                index += 1
                while index < utf8.count && utf8[index] != byte { index += 1 }
                index += 1
            } else if isSpace(byte) || delimiters.contains(byte) {
                index += 1
            } else {
                let start = index
                while index < utf8.count && !isSpace(utf8[index]) && !delimiters.contains(utf8[index]) { index += 1 }
                let name = String(decoding: utf8[start..<index], as: UTF8.self)
                if !["version", "encoding", "standalone"].contains(name) { return (name, start) }
            }
        }
        return nil
    }

    // MARK: - Tags

    private mutating func scanStartTag() throws(XMLSyntaxProblem) {
        let start = index
        index += 1
        let name = readName()
        if name.isEmpty {
            throw problem("'<' must start a tag; write a literal < as &lt;", at: start)
        }
        if open.isEmpty {
            if sawRoot { throw problem("a second root element <\(name)>; an XML file has exactly one root element", at: start) }
            sawRoot = true
        }
        var path = "/" + name
        if !open.isEmpty {
            open[open.count - 1].childCounts[name, default: 0] += 1
            path = open[open.count - 1].path + "/\(name)[\(open[open.count - 1].childCounts[name]!)]"
        }
        reading = path
        defer { reading = nil }
        var attributes: [SourceAttribute] = []
        // A set beside the list: a tag of many attributes is read in linear time, not quadratic.
        var names: Set<String> = []
        while true {
            let hadSpace = skipSpaces()
            guard index < bytes.count else { throw problem("the tag <\(name) is never closed with '>'", at: start) }
            if bytes[index] == UInt8(ascii: ">") {
                index += 1
                if open.count + 1 > maximumDepth {
                    throw problem("elements nest deeper than \(maximumDepth) levels; smcheck reads at most that many", at: start)
                }
                open.append(Open(name: name, offset: start, tag: tags.count, path: path))
                break
            }
            if starts(with: "/>") {
                index += 2
                if open.count + 1 > maximumDepth {
                    throw problem("elements nest deeper than \(maximumDepth) levels; smcheck reads at most that many", at: start)
                }
                break
            }
            if !hadSpace { throw problem("expected white space, '>' or '/>' in the tag <\(name)>, not \(describe(index))", at: index) }
            let attribute = try scanAttribute(in: name)
            if names.count == Self.maximumAttributes {
                throw problem(
                    "<\(name)> has more than \(Self.maximumAttributes) attributes; smcheck reads at most that many in one element",
                    at: attribute.nameOffset)
            }
            if !names.insert(attribute.name).inserted {
                throw problem("the attribute '\(attribute.name)' is given twice in <\(name)>", at: attribute.nameOffset)
            }
            attributes.append(attribute)
            if attribute.name == "id" {
                path = "//\(name)[@id=\(ElementPaths.quoted(Self.decodeValue(bytes, attribute.valueRange).value))]"
                reading = path
            }
        }
        tags.append(SourceTag(offset: start, name: name, attributes: attributes, path: path, end: index))
    }

    private mutating func scanAttribute(in element: String) throws(XMLSyntaxProblem) -> SourceAttribute {
        let nameOffset = index
        let name = readName()
        if name.isEmpty { throw problem("unexpected \(describe(index)) in the tag <\(element)>", at: index) }
        skipSpaces()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
            throw problem("the attribute '\(name)' needs a value: \(name)=\"...\"", at: nameOffset)
        }
        index += 1
        skipSpaces()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
            throw problem("the value of '\(name)' must be in quotes: \(name)=\"...\"", at: index)
        }
        let quoteOffset = index
        let quote = bytes[index]
        index += 1
        let valueStart = index
        while true {
            guard index < bytes.count else { throw problem("the value of '\(name)' is never closed with its quote", at: quoteOffset) }
            let c = bytes[index]
            if c == quote { break }
            if c == UInt8(ascii: "<") {
                throw problem("'<' inside the value of '\(name)'; XML needs it written as &lt; (and && as &amp;&amp;)", at: index)
            }
            if c == UInt8(ascii: "&") { try scanReference() } else { index += 1 }
        }
        let valueRange = valueStart..<index
        index += 1
        return SourceAttribute(name: name, nameOffset: nameOffset, quoteOffset: quoteOffset, valueRange: valueRange)
    }

    private mutating func scanEndTag() throws(XMLSyntaxProblem) {
        let start = index
        index += 2
        let name = readName()
        skipSpaces()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else {
            throw problem("the end tag </\(name) is never closed with '>'", at: start)
        }
        index += 1
        guard let innermost = open.last else {
            throw problem("</\(name)> closes no element", at: start)
        }
        if innermost.name != name {
            let opened = TextLines(bytes).position(innermost.offset)
            throw problem(
                "</\(name)> does not close <\(innermost.name)> (opened at line \(opened.line), column \(opened.column)); "
                    + "expected </\(innermost.name)>", at: start)
        }
        open.removeLast()
        tags[innermost.tag].end = index
    }

    // MARK: - References

    /// `&lt;`, `&gt;`, `&amp;`, `&quot;`, `&apos;`, `&#N;` or `&#xH;`.
    private mutating func scanReference() throws(XMLSyntaxProblem) {
        let start = index
        index += 1
        var name: [UInt8] = []
        while index < bytes.count, bytes[index] != UInt8(ascii: ";"), name.count < 12, !Self.isSpace(bytes[index]) {
            name.append(bytes[index])
            index += 1
        }
        guard index < bytes.count, bytes[index] == UInt8(ascii: ";"), !name.isEmpty else {
            throw problem("'&' starts an entity reference such as &lt;; write a literal & as &amp; (and && as &amp;&amp;)", at: start)
        }
        index += 1
        let text = String(decoding: name, as: UTF8.self)
        if text.hasPrefix("#") {
            if let problem = Self.characterReferenceProblem(text) { throw self.problem(problem, at: start) }
            return
        }
        if Self.predefined[text] != nil { return }
        throw problem("unknown entity '&\(text);'; XML predefines only &lt; &gt; &amp; &quot; &apos; (and &#N; for a character)", at: start)
    }

    static let predefined: [String: Unicode.Scalar] = ["lt": "<", "gt": ">", "amp": "&", "quot": "\"", "apos": "'"]

    /// The character `#N` or `#xH` stands for.
    static func characterReference(_ text: String) -> Unicode.Scalar? {
        guard text.hasPrefix("#") else { return nil }
        let body = text.dropFirst()
        let value = body.hasPrefix("x") ? UInt32(body.dropFirst(), radix: 16) : UInt32(body, radix: 10)
        return value.flatMap(Unicode.Scalar.init)
    }

    /// Why `#N` or `#xH` names no character XML 1.0 allows (its `Char` production: tab, line breaks, and U+0020 up,
    /// without the surrogates, U+FFFE and U+FFFF), or nil when it names one.
    static func characterReferenceProblem(_ text: String) -> String? {
        let body = text.dropFirst()
        let hexadecimal = body.hasPrefix("x")
        let digits = hexadecimal ? body.dropFirst() : body
        guard !digits.isEmpty, digits.allSatisfy({ hexadecimal ? $0.isHexDigit : ("0"..."9").contains($0) }) else {
            return "'&\(text);' is no character reference: write &#N; with decimal digits or &#xH; with hexadecimal ones"
        }
        let value = UInt32(digits, radix: hexadecimal ? 16 : 10)
        let allowed: Bool =
            switch value ?? .max {
            case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
            default: false
            }
        if allowed { return nil }
        guard let value, value <= 0x10FFFF else { return "'&\(text);' refers to no character: the last one is U+10FFFF" }
        let hex = String(value, radix: 16, uppercase: true)
        let why =
            switch value {
            case 0xD800...0xDFFF: ", a UTF-16 surrogate,"
            case 0..<0x20: ", a control character,"
            default: ""
            }
        return
            "'&\(text);' refers to U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex)\(why) which XML does not allow, not even as a reference (it allows tab, line breaks and U+0020 up, without U+D800...U+DFFF, U+FFFE and U+FFFF)"
    }

    // MARK: - Lexical helpers

    private func starts(with text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        return text.withUTF8Buffer { buffer in (0..<count).allSatisfy { bytes[index + $0] == buffer[$0] } }
    }

    /// Moves past the next `terminator`; `start` is where what it closes began, for the error when there is none.
    private mutating func skip(past terminator: StaticString, what: String, from start: Int? = nil) throws(XMLSyntaxProblem) {
        let start = start ?? index
        while index < bytes.count {
            if starts(with: terminator) {
                index += terminator.utf8CodeUnitCount
                return
            }
            index += 1
        }
        throw problem("\(what) is never closed with '\(terminator)'", at: start)
    }

    /// A name: everything up to white space, `=`, `/`, `>`, `<`, quotes or the end.
    private mutating func readName() -> String {
        let start = index
        while index < bytes.count {
            let c = bytes[index]
            if Self.isSpace(c) || c == UInt8(ascii: "=") || c == UInt8(ascii: "/") || c == UInt8(ascii: ">") || c == UInt8(ascii: "<")
                || c == UInt8(ascii: "\"") || c == UInt8(ascii: "'")
            {
                break
            }
            index += 1
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    @discardableResult
    private mutating func skipSpaces() -> Bool {
        let start = index
        while index < bytes.count && Self.isSpace(bytes[index]) { index += 1 }
        return index > start
    }

    static func isSpace(_ c: UInt8) -> Bool {
        c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") || c == UInt8(ascii: "\n") || c == UInt8(ascii: "\r")
    }

    private func describe(_ offset: Int) -> String {
        guard offset < bytes.count else { return "the end of the file" }
        var end = offset + 1
        while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
        return "'" + String(decoding: bytes[offset..<end], as: UTF8.self) + "'"
    }

    /// A problem in the element being read: the start tag being scanned, else the innermost open element.
    private func problem(_ message: String, at offset: Int) -> XMLSyntaxProblem {
        XMLSyntaxProblem(message: message, offset: offset, elementPath: (reading ?? open.last?.path).map(Self.shortened))
    }

    /// A path of a dozen levels or fewer as it is; a deeper one (the nesting limit's) with its middle levels counted,
    /// not written: `/scxml/state[1]/… 252 levels …/state[1]/state[1]/state[1]`.
    static func shortened(_ path: String) -> String {
        let lead = path.hasPrefix("//") ? "//" : path.hasPrefix("/") ? "/" : ""
        let levels = path.dropFirst(lead.count).split(separator: "/")
        guard levels.count > 12 else { return path }
        return lead + levels.prefix(2).joined(separator: "/") + "/… \(levels.count - 5) levels …/" + levels.suffix(3).joined(separator: "/")
    }
}

extension XMLTagScanner {
    /// An attribute value as XML reads it, references replaced and white space normalized to spaces, with the
    /// source offset of each scalar and, last, the offset of the closing quote.
    static func decodeValue(_ bytes: [UInt8], _ range: Range<Int>) -> (value: String, offsets: [Int]) {
        // Most values have no reference and no white space but spaces: they are their bytes.
        if !bytes[range].contains(where: { $0 == UInt8(ascii: "&") || ($0 != UInt8(ascii: " ") && isSpace($0)) }) {
            var offsets = range.filter { bytes[$0] & 0xC0 != 0x80 }
            offsets.append(range.upperBound)
            return (String(decoding: bytes[range], as: UTF8.self), offsets)
        }
        var scalars = String.UnicodeScalarView()
        var offsets: [Int] = []
        var i = range.lowerBound
        while i < range.upperBound {
            let c = bytes[i]
            offsets.append(i)
            if c == UInt8(ascii: "&"), let semicolon = bytes[i..<range.upperBound].firstIndex(of: UInt8(ascii: ";")) {
                let name = String(decoding: bytes[(i + 1)..<semicolon], as: UTF8.self)
                scalars.append(predefined[name] ?? characterReference(name) ?? "?")
                i = semicolon + 1
            } else if isSpace(c) {
                scalars.append(" ")
                i += c == UInt8(ascii: "\r") && i + 1 < range.upperBound && bytes[i + 1] == UInt8(ascii: "\n") ? 2 : 1
            } else {
                var end = i + 1
                while end < range.upperBound && bytes[end] & 0xC0 == 0x80 { end += 1 }
                scalars.append(contentsOf: String(decoding: bytes[i..<end], as: UTF8.self).unicodeScalars)
                i = end
            }
        }
        offsets.append(range.upperBound)
        return (String(scalars), offsets)
    }
}
