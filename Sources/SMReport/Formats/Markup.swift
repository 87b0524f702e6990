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
}
