import Foundation
import SMSpec

/// A word of a command printed for copy and paste (`smcheck replay 'my fails/cart.json'`): as it is when a POSIX
/// shell reads it as one word unchanged, else in single quotes, or, when it holds control characters (which must
/// not reach a terminal raw), in the `$'...'` quotes of bash, zsh and POSIX.1-2024 shells with those escaped.
enum ShellWord {
    static func quoted(_ word: String) -> String {
        let plain =
            !word.isEmpty
            && word.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII
                    && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "@%_+=:,./-".unicodeScalars.contains(scalar))
            }
        if plain { return word }
        guard word.unicodeScalars.contains(where: \.isRefusedInSpecs) else {
            return "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
        }
        var quoted = "$'"
        for scalar in word.unicodeScalars {
            switch scalar {
            case "\\", "'": quoted += "\\" + String(scalar)
            case _ where scalar.value < 0x80 && scalar.isRefusedInSpecs: quoted += String(format: "\\x%02x", scalar.value)
            case _ where scalar.isRefusedInSpecs: quoted += String(format: "\\u%04x", scalar.value)
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "'"
    }
}
