import ArgumentParser

/// Whole-number options. They are parsed `.unconditional`ly, so `--runs -3` reaches the check and gets a message
/// about the value instead of "missing value" (a leading '-' otherwise looks like an option).
enum PositiveInteger {
    /// At least `minimum` (1 by default).
    static func parse(_ option: String, minimum: Int = 1) -> @Sendable (String) throws -> Int {
        { text in
            guard let value = Int(text) else { throw ValidationError("'\(text)' is not a whole number") }
            guard value >= minimum else { throw ValidationError("\(option) must be at least \(minimum), not \(value)") }
            return value
        }
    }
}
