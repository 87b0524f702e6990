/// "Did you mean" candidates by edit distance.
public enum Suggestions {
    /// The candidate closest to `word`, when it is close enough to be a likely typo: at most a third of the
    /// word's length in edits (at least one), or a case-insensitive match. Ties go to the first in `candidates`.
    public static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        let lowered = word.lowercased()
        let length = word.count
        let loweredLength = lowered.count
        let allowed = max(1, length / 3)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates.sorted() where candidate != word {
            if candidate.lowercased() == lowered { return candidate }
            // A prefix of three or more letters ("one" for "oneOf") is as likely a slip as a single typo, and so is a
            // short name with extra letters at most doubling it ("gooo" for "go").
            let other = candidate.lowercased()
            let isPrefix =
                (loweredLength >= 3 && other.hasPrefix(lowered))
                || (other.count >= 2 && lowered.hasPrefix(other) && loweredLength <= 2 * other.count)
            // The distance is at least the difference in length: a word of megabytes is not compared letter by letter.
            let distance = isPrefix ? 1 : abs(length - other.count) > allowed ? Int.max : editDistance(lowered, other)
            if distance <= allowed, distance < best?.distance ?? .max {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// Levenshtein distance with transpositions counted as one edit (optimal string alignment).
    ///
    /// Complexity: O(m·n) time, O(n) space.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
