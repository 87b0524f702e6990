/// Builds spec JSON text from parts, so a test states only what it is about.
///
/// Each part is written on its own line, so a test can locate what it inserted by searching the text.
public struct SpecText: CustomStringConvertible, Sendable {
    public var format: String? = #""smcheck/1""#
    public var name: String? = #""T""#
    public var variables: String? =
        #"{ "n": { "type": "int", "min": 0, "max": 3, "initial": 0 }, "mode": { "type": "enum", "values": ["slow", "fast"] }, "ready": { "type": "bool" } }"#
    public var events: String? = #"{ "go": {}, "stop": {}, "set": { "params": { "to": { "type": "int", "min": 0, "max": 3 } } } }"#
    public var initial: String?
    public var states: String? = #"{ "a": { "on": { "go": "b" } }, "b": { "on": { "stop": "a" } } }"#
    public var extra: [(key: String, value: String)] = []

    public init() {}

    public init(states: String) { self.states = states }

    /// A default spec with some parts changed.
    public static func with(_ change: (inout SpecText) -> Void) -> String {
        var text = SpecText()
        change(&text)
        return text.description
    }

    public var description: String {
        var members: [String] = []
        if let format { members.append(#"  "format": \#(format)"#) }
        if let name { members.append(#"  "name": \#(name)"#) }
        if let variables { members.append(#"  "variables": \#(variables)"#) }
        if let events { members.append(#"  "events": \#(events)"#) }
        if let initial { members.append(#"  "initial": \#(initial)"#) }
        for (key, value) in extra { members.append(#"  "\#(key)": \#(value)"#) }
        if let states { members.append(#"  "states": \#(states)"#) }
        return "{\n" + members.joined(separator: ",\n") + "\n}"
    }
}

extension String {
    /// The 1-based line and column (in Unicode scalars) where the `occurrence`-th (1-based) match of `needle` starts.
    public func lineAndColumn(of needle: String, occurrence: Int = 1) -> (line: Int, column: Int)? {
        var searchStart = startIndex
        var found: Range<String.Index>?
        for _ in 0..<occurrence {
            guard let range = self[searchStart...].range(of: needle) else { return nil }
            found = range
            searchStart = index(after: range.lowerBound)
        }
        guard let match = found else { return nil }
        var line = 1
        var column = 1
        for scalar in self[..<match.lowerBound].unicodeScalars {
            if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
        }
        return (line, column)
    }
}

extension Substring {
    func range(of needle: String) -> Range<String.Index>? {
        var start = startIndex
        while start < endIndex {
            if self[start...].hasPrefix(needle) { return start..<index(start, offsetBy: needle.count) }
            start = index(after: start)
        }
        return nil
    }
}
