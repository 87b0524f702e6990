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

/// Sizes such as `512M` or `2G` (`--max-memory`, `maxMemory`): bytes.
enum ByteCount {
    static func parse(_ text: String) throws -> Int {
        let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40]
        var digits = text.uppercased()
        if digits.hasSuffix("B") { digits.removeLast() }
        var multiplier = 1
        if let last = digits.last, let unit = units[last] {
            multiplier = unit
            digits.removeLast()
        }
        guard let value = Double(digits), value > 0 else {
            throw ValidationError("'\(text)' is not a size; write a number with an optional K, M or G, like 512M")
        }
        return Int(value * Double(multiplier))
    }
}
