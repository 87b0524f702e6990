import ArgumentParser
import SMReport

/// Whole-number options. They are parsed `.unconditional`ly, so `--runs -3` reaches the check and gets a message
/// about the value instead of "missing value" (a leading '-' otherwise looks like an option).
enum PositiveInteger {
    /// At least `minimum` (1 by default) and at most `maximum`.
    static func parse(_ option: String, minimum: Int = 1, maximum: Int = .max) -> @Sendable (String) throws -> Int {
        { text in
            guard let value = Int(text) else {
                // Digits that do not fit an Int: far past one limit or the other.
                let digits = text.hasPrefix("-") || text.hasPrefix("+") ? text.dropFirst() : Substring(text)
                guard !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit) else { throw ValidationError("'\(text)' is not a whole number") }
                throw ValidationError(
                    text.hasPrefix("-")
                        ? "\(option) must be at least \(minimum), not \(text)" : "\(option) must be at most \(maximum), not \(text)")
            }
            guard value >= minimum else { throw ValidationError("\(option) must be at least \(minimum), not \(value)") }
            guard value <= maximum else { throw ValidationError("\(option) must be at most \(maximum), not \(value)") }
            return value
        }
    }
}

/// `--seed`: any unsigned 64-bit integer, parsed `.unconditional`ly as `PositiveInteger` is, so `--seed -5` is told
/// what a seed is rather than "missing value".
enum SeedArgument {
    static func parse(_ text: String) throws -> UInt64 {
        guard let seed = UInt64(text) else {
            throw ValidationError("'\(text)' is not a seed; give a whole number from 0 to \(UInt64.max)")
        }
        return seed
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

/// Sizes such as `512M` or `2G` (`--max-memory`, `maxMemory`): bytes.
enum ByteCount {
    /// 1024T: more than any machine has, and far from where the arithmetic on sizes overflows.
    static let maximum = 1 << 50

    static func parse(_ text: String) throws -> Int {
        let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40]
        var digits = text.uppercased()
        if digits.hasSuffix("B") { digits.removeLast() }
        var multiplier = 1
        if let last = digits.last, let unit = units[last] {
            multiplier = unit
            digits.removeLast()
        }
        guard let value = Double(digits), value.isFinite else {
            throw ValidationError("'\(text)' is not a size; write a number with an optional K, M or G, like 512M")
        }
        guard value >= 0 else { throw ValidationError("'\(text)' is negative; give a positive size, like 512M") }
        guard value > 0 else { throw ValidationError("'\(text)' is no size at all; give a positive size, like 512M") }
        let bytes = value * Double(multiplier)
        guard bytes <= Double(maximum) else { throw ValidationError("'\(text)' is too large; the most is 1024T") }
        return Int(bytes)
    }
}

/// `--shard k/n`: this job is part k (1...n) of n independent jobs of a swarm (a CI matrix, indexed jobs), each
/// taking a different, deterministic part of the work.
struct Shard: Equatable {
    let index: Int
    let count: Int

    static func parse(_ text: String) throws -> Shard {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            throw ValidationError("'\(text)' is not a shard; write k/n, like 3/8 for the third of eight jobs")
        }
        guard count <= ShardRoster.maximumShards else {
            throw ValidationError("shard \(text): n must be at most \(ShardRoster.maximumShards)")
        }
        guard count >= 1, (1...count).contains(index) else {
            throw ValidationError("shard \(text): k must be between 1 and n (\(count >= 1 ? "1...\(count)" : "n must be at least 1"))")
        }
        return Shard(index: index, count: count)
    }

    /// Different for every shard of a swarm and never 0 (0 means "no seed" to the search): the shard's number.
    var searchSeed: UInt64 { UInt64(index) }
}
