extension Unicode.Scalar {
    /// A control character (C0, DEL, C1), a bidirectional override or isolate, a line or paragraph separator (U+2028,
    /// U+2029) or a byte order mark (U+FEFF): characters that change what a terminal or an editor shows rather than
    /// showing themselves, so names may not hold them and JSON escapes them.
    package var isControlCharacter: Bool {
        properties.generalCategory == .control || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
            || value == 0x2028 || value == 0x2029 || value == 0xFEFF
    }

    /// U+FFFE or U+FFFF: Unicode's noncharacters that XML cannot hold, so a spec with one could be neither exported
    /// as SCXML nor drawn as SVG.
    package var isXMLNoncharacter: Bool { value == 0xFFFE || value == 0xFFFF }

    /// What no string of a spec may hold, tabs and line breaks aside: a control character or an XML noncharacter.
    package var isRefusedInSpecs: Bool { isControlCharacter || isXMLNoncharacter }

    /// The character as messages name one that is refused: "the control character U+001B".
    package var refusalText: String {
        isXMLNoncharacter ? "the noncharacter \(codePointText), which XML cannot hold" : "the control character \(codePointText)"
    }

    /// A tab or a line break: the control characters a description or an expression may hold, and a name may not.
    package var isTabOrLineBreak: Bool { self == "\t" || self == "\n" || self == "\r" }

    /// `U+001B`.
    package var codePointText: String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}

extension String {
    /// The text with each control character written as JSON writes it (`\u001b`), for messages shown on a terminal.
    package var controlCharactersEscaped: String { escaping { $0.isRefusedInSpecs } }

    /// `controlCharactersEscaped`, keeping tabs and line breaks: for whole messages and reports of several lines.
    package var controlCharactersEscapedKeepingLines: String { escaping { $0.isRefusedInSpecs && !$0.isTabOrLineBreak } }

    /// The text with each scalar `escapes` holds for written `\u001b`.
    private func escaping(_ escapes: (Unicode.Scalar) -> Bool) -> String {
        guard unicodeScalars.contains(where: escapes) else { return self }
        var out = ""
        for scalar in unicodeScalars {
            if escapes(scalar) {
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
