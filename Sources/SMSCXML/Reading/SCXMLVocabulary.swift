/// The namespaces of an SCXML document smcheck reads and writes.
public enum SCXMLNamespace {
    /// The W3C SCXML namespace.
    public static let scxml = "http://www.w3.org/2005/07/scxml"
    /// smcheck's annotations: domains, event declarations, invariants, and what SCXML has no words for. Other SCXML
    /// interpreters ignore attributes of foreign namespaces.
    public static let smcheck = "https://smcheck.dev/scxml"
}

/// What each element may carry: its SCXML attributes, smcheck's annotations on it, the attributes smcheck refuses
/// (with the reason), and the ones it must have. Read from here by the reader and listed in Docs/SCXML.md.
struct ElementRule {
    var attributes: [String] = []
    var annotations: [String] = []
    var refused: [String: String] = [:]
    var required: [String] = []
}

enum SCXMLVocabulary {
    /// Names a <data> cannot have: ECMAScript's reserved words, and the globals a condition would otherwise read
    /// (`In`, SCXML's predicate; `NaN`, `Infinity`, `undefined`, which cannot be assigned).
    static let ecmaScriptWords: Set<String> = [
        "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do", "else", "enum", "export",
        "extends", "false", "finally", "for", "function", "if", "import", "in", "instanceof", "new", "null", "return", "super",
        "switch", "this", "throw", "true", "try", "typeof", "var", "void", "while", "with", "yield", "let", "static", "implements",
        "interface", "package", "private", "protected", "public", "await", "In", "NaN", "Infinity", "undefined",
    ]

    /// Why `element` has no place under datamodel="null".
    static func nullDatamodelHasNo(_ element: String) -> String {
        "the null datamodel has no data, so no \(element): smcheck reads variables with datamodel=\"ecmascript\""
    }

    /// Rules of the SCXML elements smcheck reads, by local name.
    static let elements: [String: ElementRule] = [
        "scxml": ElementRule(
            attributes: ["initial", "name", "version", "datamodel", "binding"],
            annotations: ["name", "description", "reachable", "maxMicrosteps", "queueBound", "unhandled"]),
        "state": ElementRule(attributes: ["id", "initial"], annotations: ["type", "description"], required: ["id"]),
        "parallel": ElementRule(attributes: ["id"], annotations: ["description"], required: ["id"]),
        "final": ElementRule(attributes: ["id"], annotations: ["description"], required: ["id"]),
        "history": ElementRule(attributes: ["id", "type"], annotations: ["description"], required: ["id"]),
        "initial": ElementRule(),
        "transition": ElementRule(attributes: ["event", "cond", "target", "type"], annotations: ["cond", "oneOf", "description"]),
        "onentry": ElementRule(),
        "onexit": ElementRule(),
        "datamodel": ElementRule(),
        "data": ElementRule(
            attributes: ["id", "expr"], annotations: ["type", "min", "max", "values", "description"],
            refused: ["src": "<data src> is not supported: give the initial value in expr"], required: ["id"]),
        "raise": ElementRule(attributes: ["event"], required: ["event"]),
        "send": ElementRule(
            attributes: ["event", "target", "type", "namelist"],
            refused: [
                "delay": "a delayed <send> is not supported: smcheck has no clock; leave out delay",
                "delayexpr": "a delayed <send> is not supported: smcheck has no clock; leave out delayexpr",
                "eventexpr": "a computed event name is not supported: name the event with event=\"...\"",
                "targetexpr": "a computed target is not supported: smcheck sends only to the machine itself",
                "typeexpr": "a computed event processor is not supported: smcheck sends only to the machine itself",
                "id": "a <send> id is not supported: it serves only <cancel>, which smcheck does not have",
                "idlocation": "a <send> id is not supported: it serves only <cancel>, which smcheck does not have",
            ],
            required: ["event"]),
        "param": ElementRule(attributes: ["name", "expr", "location"], required: ["name"]),
        "assign": ElementRule(attributes: ["location", "expr"], annotations: ["together"], required: ["location", "expr"]),
        "if": ElementRule(attributes: ["cond"], required: ["cond"]),
        "elseif": ElementRule(attributes: ["cond"], required: ["cond"]),
        "else": ElementRule(),
        "log": ElementRule(attributes: ["label", "expr"]),
    ]

    /// Rules of smcheck's own elements (their attributes have no namespace), by local name.
    static let annotations: [String: ElementRule] = [
        "event": ElementRule(attributes: ["name", "description"], required: ["name"]),
        "param": ElementRule(attributes: ["name", "type", "min", "max", "values", "description"], required: ["name", "type"]),
        "invariant": ElementRule(attributes: ["name", "expr", "description"], required: ["name", "expr"]),
        "call": ElementRule(attributes: ["name"], required: ["name"]),
    ]

    /// SCXML elements smcheck cannot express, with the reason it gives.
    static let refusedElements: [String: String] = [
        "script": "<script> is not supported: smcheck evaluates conditions and values in its expression subset, not scripts",
        "invoke": "<invoke> is not supported: smcheck checks one machine, without the services it would start",
        "foreach": "<foreach> is not supported: the data model holds no arrays to iterate",
        "cancel": "<cancel> is not supported: smcheck has no delayed events to cancel",
        "donedata": "<donedata> is not supported: completion events carry no data in smcheck",
        "content": "<content> is not supported: events carry parameters (<param>), not content",
        "finalize": "<finalize> is not supported: it belongs to <invoke>, which smcheck does not have",
    ]

    /// Executable content smcheck reads: SCXML's, then smcheck's.
    static let executableContent = ["raise", "send", "assign", "if", "log"]
    static let executableAnnotations = ["call"]

    /// Elements of other namespaces known to hold only an editor's layout, ignored even among executable content
    /// (Qt Creator writes its `<qt:editorinfo>` inside transitions), as (namespace, local name).
    static let editorMetadata: Set<[String]> = [["http://www.qt.io/2015/02/scxml-ext", "editorinfo"]]

    /// SCXML's event processor types that mean "this machine".
    static let scxmlProcessors: Set<String> = ["http://www.w3.org/TR/scxml/#SCXMLEventProcessor", "scxml"]
}
