import Foundation
import SMSpec

/// The resolver words its messages for JSON specs: it names JSON keys, and quotes expression fragments in smcheck's
/// notation (`'.fast'`, `'event.to'`, `'in(idle)'`). An SCXML author wrote elements and ECMAScript (`'fast'`,
/// `_event.data.to`, `In('idle')`), so the messages and suggestions on SCXML files are put in those words.
enum SCXMLNotation {
    /// JSON's words in the resolver's messages, and SCXML's.
    static let phrases: [(json: String, scxml: String)] = [
        ("declare it under \"events\"", "declare it with <smcheck:event name=\"...\">"),
        ("(add them under \"events\")", "(declare them with <smcheck:event>)"),
        ("\"always\" transitions", "transitions without an event"),
    ]

    static func rewrite(_ diagnostic: Diagnostic) -> Diagnostic {
        var copy = diagnostic
        for (json, scxml) in phrases { copy.message = copy.message.replacingOccurrences(of: json, with: scxml) }
        // Expression errors read `in "<expression as written>": <message>`; only the message is smcheck's.
        guard copy.message.hasPrefix("in \""), let split = endOfQuote(copy.message) else { return copy }
        copy.message = String(copy.message[..<split]) + rewriteFragments(String(copy.message[split...]))
        copy.suggestion = diagnostic.suggestion.map { isSpecNotation($0) ? ECMAScriptSubset.script(from: $0) : $0 }
        return copy
    }

    /// The index after the closing quote of the JSON-quoted expression that starts at offset 3.
    private static func endOfQuote(_ message: String) -> String.Index? {
        var index = message.index(message.startIndex, offsetBy: 4)
        var escaped = false
        while index < message.endIndex {
            let c = message[index]
            if c == "\"" && !escaped { return message.index(after: index) }
            escaped = c == "\\" && !escaped
            index = message.index(after: index)
        }
        return nil
    }

    /// `'<fragment>'` in smcheck's notation becomes the fragment in ECMAScript (a string stays one quoted string).
    private static func rewriteFragments(_ text: String) -> String {
        let parts = text.split(separator: "'", omittingEmptySubsequences: false)
        guard parts.count >= 3 else { return text }
        var result = String(parts[0])
        var i = 1
        while i < parts.count {
            if i + 1 < parts.count, isSpecNotation(String(parts[i])) {
                let script = ECMAScriptSubset.script(from: String(parts[i]))
                result += script.hasPrefix("'") ? script : "'" + script + "'"
                result += parts[i + 1]
                i += 2
            } else {
                result += "'" + parts[i]
                i += 1
            }
        }
        return result
    }

    private static func isSpecNotation(_ fragment: String) -> Bool {
        fragment.hasPrefix(".") || fragment.hasPrefix("event.") || fragment.hasPrefix("in(")
    }
}
