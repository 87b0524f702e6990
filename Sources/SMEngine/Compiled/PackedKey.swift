/// What the explorer's stores and caches do with packed keys (`StateCodec`'s words): mix them into a hash and
/// compare them, whole or through a mask. One place, so every table hashes and compares alike.
package enum PackedKey {
    /// The key's words mixed into 64 bits, starting from `initial` (which picks the hash function).
    @inlinable @inline(__always)
    package static func mix(_ key: UnsafePointer<UInt64>, _ words: Int, from initial: UInt64) -> UInt64 {
        var hash = initial
        for w in 0..<words {
            hash = (hash ^ key[w]) &* 0xBF58_476D_1CE4_E5B9
            hash ^= hash >> 31
        }
        return hash
    }

    /// The same for the key's bits under `mask`.
    @inlinable @inline(__always)
    package static func mix(_ key: UnsafePointer<UInt64>, under mask: UnsafePointer<UInt64>, _ words: Int, from initial: UInt64) -> UInt64 {
        var hash = initial
        for w in 0..<words {
            hash = (hash ^ (key[w] & mask[w])) &* 0xBF58_476D_1CE4_E5B9
            hash ^= hash >> 31
        }
        return hash
    }

    /// The usual first value of `mix`: computed and inlinable, so a caller in another module reads a constant,
    /// not a global behind its one-time initialisation check.
    @inlinable package static var golden: UInt64 { 0x9E37_79B9_7F4A_7C15 }

    @inlinable @inline(__always)
    package static func equal(_ a: UnsafePointer<UInt64>, _ b: UnsafePointer<UInt64>, _ words: Int) -> Bool {
        for w in 0..<words where a[w] != b[w] { return false }
        return true
    }

    /// Whether `a` and `b` agree on the bits of `mask`.
    @inlinable @inline(__always)
    package static func equal(_ a: UnsafePointer<UInt64>, _ b: UnsafePointer<UInt64>, under mask: UnsafePointer<UInt64>, _ words: Int)
        -> Bool
    {
        for w in 0..<words where (a[w] ^ b[w]) & mask[w] != 0 { return false }
        return true
    }

    /// Whether `projection` is `key`'s bits under `mask` (as a cache stores them).
    @inlinable @inline(__always)
    package static func isProjection(
        _ projection: UnsafePointer<UInt64>, of key: UnsafePointer<UInt64>, under mask: UnsafePointer<UInt64>, _ words: Int
    )
        -> Bool
    {
        for w in 0..<words where projection[w] != key[w] & mask[w] { return false }
        return true
    }
}
