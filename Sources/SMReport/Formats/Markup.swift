/// What the XML and HTML writers share.
enum Markup {
    /// Escapes text for XML and HTML attributes and content, dropping the control characters XML 1.0 cannot hold.
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            default:
                if scalar.value >= 0x20 && scalar.value != 0xFFFE && scalar.value != 0xFFFF { result.unicodeScalars.append(scalar) }
            }
        }
        return result
    }

    /// A relative file path as a link's address: every byte but letters, digits, `-._~` and `/` percent-encoded, so
    /// that `#`, `?`, `%`, `:`, spaces, pipes, brackets and quotes in a file's name stay part of the path (a
    /// browser reads `v1#2?.html` as the file `v1`) and the address needs no further escaping in Markdown.
    static func linkAddress(_ path: String) -> String {
        let digits = Array("0123456789ABCDEF")
        var result = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                result += ["%", digits[Int(byte >> 4)], digits[Int(byte & 15)]]
            }
        }
        return result
    }
}
