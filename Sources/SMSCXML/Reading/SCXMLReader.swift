import SMSpec

/// Turns an SCXML element tree into a `Spec`, the same model the JSON loader produces, reporting every problem
/// with its line, column and element path. What SCXML can say that smcheck cannot is refused by name, never
/// dropped; the resolver then checks the spec as it checks JSON specs.
struct SCXMLReader {
    let file: String?
    let lines: TextLines
    private(set) var diagnostics: [Diagnostic] = []
    /// Misspelt namespaces already reported (`checkForeign`).
    private var reportedNamespaces: Set<String> = []
    /// Declarations the reader rejected (already reported), so their uses are not reported again.
    var rejected = RejectedDeclarations()

    var variables: [Spec.Variable] = []
    /// Events declared with <smcheck:event>; when there is one, every event must be declared (as in JSON).
    var declaredEvents: [Spec.EventDeclaration] = []
    var declaresEvents = false
    /// Events raised or sent, and the descriptors of transitions, in document order: what events are inferred from
    /// when none are declared.
    var raisedEvents: [(name: String, location: Spec.SourceLocation)] = []
    var descriptors: [(descriptor: Substring, location: Spec.SourceLocation)] = []
    /// Whether a state (not the root) has a <datamodel>, which late binding would initialize later than smcheck does.
    var stateDatamodel: Spec.SourceLocation?
    /// The root's datamodel="null", when it says so: that datamodel has no data, so no <data> and no <assign>.
    var nullDatamodel: Spec.SourceLocation?

    init(file: String?, lines: TextLines) {
        self.file = file
        self.lines = lines
    }

    // MARK: - Diagnostics and places

    mutating func report(_ message: String, at location: Spec.SourceLocation, suggestion: String? = nil) {
        diagnostics.append(Diagnostic(message, at: location, suggestion: suggestion))
    }

    /// The element's `<`.
    func location(_ element: XMLSourceElement) -> Spec.SourceLocation {
        place(element.offset, path: element.path)
    }

    /// The attribute value's opening quote, as JSON locations point at a string's opening quote.
    func location(_ attribute: XMLSourceAttribute, of element: XMLSourceElement) -> Spec.SourceLocation {
        place(attribute.quoteOffset, path: path(attribute, of: element))
    }

    /// The first character of the value's scalars from `scalar` on (a token of a list such as `target="a b"`).
    func location(_ attribute: XMLSourceAttribute, of element: XMLSourceElement, scalar: Int) -> Spec.SourceLocation {
        guard let offsets = attribute.scalarOffsets, scalar < offsets.count else { return location(attribute, of: element) }
        return place(offsets[scalar], path: path(attribute, of: element))
    }

    private func path(_ attribute: XMLSourceAttribute, of element: XMLSourceElement) -> String {
        element.path + "/@" + attribute.qualifiedName
    }

    func place(_ offset: Int, path: String) -> Spec.SourceLocation {
        let position = lines.position(offset)
        return Spec.SourceLocation(file: file, pointer: .root, line: position.line, column: position.column, elementPath: path)
    }

    // MARK: - Elements and attributes

    /// Checks an element's attributes against its rule: unknown SCXML attributes and smcheck annotations are
    /// errors with a "did you mean", refused ones say why, missing required ones are named. Attributes of other
    /// namespaces are for other tools and are ignored, as SCXML says; one prefixed with the SCXML namespace itself
    /// (`sc:event`) is refused: it is not the SCXML attribute it looks like.
    mutating func checkAttributes(_ element: XMLSourceElement, _ rule: ElementRule, own: Bool = false) {
        let what = "<\(element.qualifiedName)>"
        for attribute in element.attributes {
            if attribute.namespace == nil {
                if let reason = rule.refused[attribute.localName] {
                    report(reason, at: location(attribute, of: element))
                } else if !rule.attributes.contains(attribute.localName) {
                    let suggestion = Suggestions.closest(to: attribute.localName, in: rule.attributes)
                    let hint =
                        suggestion != nil
                        ? "" : rule.attributes.isEmpty ? "; it has none" : "; expected one of: \(rule.attributes.joined(separator: ", "))"
                    report(
                        "unknown attribute '\(attribute.localName)' on \(what)\(hint)", at: location(attribute, of: element),
                        suggestion: suggestion)
                }
            } else if attribute.namespace == SCXMLNamespace.scxml {
                // Not `event` but another attribute, which no SCXML processor reads: ignoring it would change the machine.
                let known = rule.attributes.contains(attribute.localName)
                report(
                    "attribute '\(attribute.qualifiedName)' on \(what) is in the SCXML namespace, where SCXML defines no attributes: its own take no prefix"
                        + (known ? "" : ", and \(what) has no attribute '\(attribute.localName)'"),
                    at: location(attribute, of: element), suggestion: known ? attribute.localName : nil)
            } else if let namespace = attribute.namespace, namespace != SCXMLNamespace.smcheck {
                checkForeign(namespace, at: location(attribute, of: element))
            } else if !own, !rule.annotations.contains(attribute.localName) {
                let suggestion = Suggestions.closest(to: attribute.localName, in: rule.annotations)
                let hint =
                    suggestion != nil
                    ? "" : rule.annotations.isEmpty ? "; it takes none" : "; expected one of: \(rule.annotations.joined(separator: ", "))"
                report(
                    "unknown smcheck annotation '\(attribute.localName)' on \(what)\(hint)", at: location(attribute, of: element),
                    suggestion: suggestion)
            }
        }
        for name in rule.required where element.attribute(name) == nil {
            report("\(what) needs the attribute '\(name)'", at: location(element))
        }
    }

    /// The children of an element that smcheck reads there, in document order, after reporting the others: unknown
    /// SCXML elements (with a "did you mean"), refused ones (with the reason) and smcheck elements out of place.
    /// Elements of other namespaces are ignored outside executable content, as SCXML says.
    mutating func children(of element: XMLSourceElement, allowed: [String], annotations: [String] = [], allowsText: Bool = false)
        -> [XMLSourceElement]
    {
        if !allowsText { checkText(of: element) }
        var result: [XMLSourceElement] = []
        for child in element.children {
            switch child.namespace {
            case SCXMLNamespace.scxml:
                if allowed.contains(child.localName) {
                    result.append(child)
                } else if let reason = SCXMLVocabulary.refusedElements[child.localName] {
                    report(reason, at: location(child))
                } else {
                    let known = SCXMLVocabulary.elements[child.localName] != nil
                    let suggestion = known ? nil : Suggestions.closest(to: child.localName, in: allowed)
                    let reason =
                        known ? "<\(child.localName)> cannot be inside <\(element.localName)>" : "unknown element <\(child.qualifiedName)>"
                    let hint =
                        allowed.isEmpty
                        ? "; <\(element.localName)> has no child elements"
                        : "; <\(element.localName)> may contain \(allowed.map { "<\($0)>" }.joined(separator: ", "))"
                    report(reason + (suggestion == nil ? hint : ""), at: location(child), suggestion: suggestion.map { "<\($0)>" })
                }
            case SCXMLNamespace.smcheck:
                if annotations.contains(child.localName) {
                    result.append(child)
                } else {
                    let known = SCXMLVocabulary.annotations[child.localName] != nil
                    report(
                        known
                            ? "<\(child.qualifiedName)> cannot be inside <\(element.localName)>"
                            : "unknown smcheck element <\(child.qualifiedName)>",
                        at: location(child), suggestion: known ? nil : Suggestions.closest(to: child.localName, in: annotations))
                }
            default:
                if let namespace = child.namespace { checkForeign(namespace, at: location(child)) }
            }
        }
        return result
    }

    /// A namespace one slip away from SCXML's or smcheck's is a misspelling, not another tool's: what is in it
    /// would be ignored without a word (and smcheck's annotations then look missing). Said once per namespace.
    mutating func checkForeign(_ namespace: String, at location: Spec.SourceLocation) {
        // Two edits at most, letter case aside (a namespace is compared exactly, so ".../SCXML" is another one):
        // other tools' namespaces (Qt's ".../scxml-ext") are further away.
        guard !reportedNamespaces.contains(namespace),
            let meant = [SCXMLNamespace.scxml, SCXMLNamespace.smcheck].first(where: {
                Suggestions.editDistance(namespace.lowercased(), $0.lowercased()) <= 2
            })
        else { return }
        reportedNamespaces.insert(namespace)
        report(
            "the namespace \(JSONWriter.quoted(namespace)) is neither SCXML's nor smcheck's, so what is in it is ignored",
            at: location, suggestion: meant)
    }

    /// Character data means nothing inside most elements; it is reported rather than silently dropped.
    mutating func checkText(of element: XMLSourceElement) {
        guard element.text.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) else { return }
        report(
            "<\(element.qualifiedName)> contains text, which means nothing there; remove it (a comment is written <!-- ... -->)",
            at: place(element.textOffset ?? element.offset, path: element.path))
    }

    /// The value of an SCXML attribute (no namespace), or of an smcheck one.
    func value(_ element: XMLSourceElement, _ name: String, smcheck: Bool = false) -> String? {
        element.attribute(name, namespace: smcheck ? SCXMLNamespace.smcheck : nil)?.value
    }

    // MARK: - Values of attributes

    /// The tokens of a list attribute (`target="a b"`), each with its place.
    func tokens(_ attribute: XMLSourceAttribute, of element: XMLSourceElement) -> [(text: String, location: Spec.SourceLocation)] {
        var result: [(String, Spec.SourceLocation)] = []
        var start: Int?
        let scalars = Array(attribute.value.unicodeScalars)
        for i in 0...scalars.count {
            let isSpace = i == scalars.count || scalars[i].properties.isWhitespace
            if isSpace, let s = start {
                result.append((String(String.UnicodeScalarView(scalars[s..<i])), location(attribute, of: element, scalar: s)))
                start = nil
            } else if !isSpace && start == nil {
                start = i
            }
        }
        return result
    }

    /// State references from a list attribute; an empty list is reported.
    mutating func references(_ attribute: XMLSourceAttribute, of element: XMLSourceElement) -> [Spec.StateReference] {
        let list = tokens(attribute, of: element).map { Spec.StateReference($0.text, location: $0.location) }
        if list.isEmpty {
            report("'\(attribute.qualifiedName)' of <\(element.qualifiedName)> names no state", at: location(attribute, of: element))
        }
        return list
    }

    /// An expression written in the ECMAScript subset, translated into smcheck's language with the place of each
    /// scalar inside the attribute, so the resolver's errors point into what the author wrote.
    mutating func expression(_ attribute: XMLSourceAttribute, of element: XMLSourceElement) -> Spec.Expression? {
        let at = location(attribute, of: element)
        let translation: ECMAScriptSubset.Translation
        do {
            translation = try ECMAScriptSubset.specExpression(from: attribute.value)
        } catch {
            report(
                "in \(JSONWriter.quoted(attribute.value)): \(error.message)", at: location(attribute, of: element, scalar: error.offset),
                suggestion: error.suggestion)
            return nil
        }
        guard let offsets = attribute.scalarOffsets, let quoteLine = at.line, let quoteColumn = at.column else {
            return Spec.Expression(
                translation.text, location: at, columnOffsets: translation.sourceOffsets.map { $0 + 1 }, writtenText: attribute.value)
        }
        let positions = lines.positions(ofIncreasing: offsets)
        var columnOffsets: [Int] = []
        var lineOffsets: [Int] = []
        for source in translation.sourceOffsets {
            let position = positions[min(source, positions.count - 1)]
            lineOffsets.append(position.line - quoteLine)
            columnOffsets.append(position.line == quoteLine ? position.column - quoteColumn : position.column - 1)
        }
        return Spec.Expression(
            translation.text, location: at, columnOffsets: columnOffsets,
            lineOffsets: lineOffsets.contains { $0 != 0 } ? lineOffsets : nil, writtenText: attribute.value)
    }
}
