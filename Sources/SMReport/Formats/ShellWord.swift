import Foundation

/// A word of a command printed for copy and paste (`smcheck replay 'my fails/cart.json'`): as it is when a POSIX
/// shell reads it as one word unchanged, else in single quotes.
enum ShellWord {
    static func quoted(_ word: String) -> String {
        let plain =
            !word.isEmpty
            && word.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII
                    && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "@%_+=:,./-".unicodeScalars.contains(scalar))
            }
        return plain ? word : "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
