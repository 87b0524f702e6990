/// The packed keys of one state's successors, reused for every state: appending is a copy and a count, with no
/// uniqueness check, and reading needs no closure (an array's `withUnsafeBufferPointer` retains what it captures).
package struct KeyBuffer {
    package private(set) var base: UnsafeMutablePointer<UInt64>
    /// Words held (keys times words per key).
    package private(set) var count = 0
    private var capacity: Int

    package init(capacity: Int = 256) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    @inline(__always)
    package mutating func append(_ key: UnsafePointer<UInt64>, words: Int) {
        if count &+ words > capacity { grow(toHold: count &+ words) }
        let end = base + count
        for w in 0..<words { end[w] = key[w] }
        count &+= words
    }

    /// Makes room for `words` more words, so that the `appendReserved` calls that fill them need not check.
    @inline(__always)
    package mutating func reserve(_ words: Int) {
        if count &+ words > capacity { grow(toHold: count &+ words) }
    }

    /// `append`, into room made by `reserve`.
    @inline(__always)
    package mutating func appendReserved(_ key: UnsafePointer<UInt64>, words: Int) {
        assert(count + words <= capacity, "appendReserved past the room reserved")
        let end = base + count
        for w in 0..<words { end[w] = key[w] }
        count &+= words
    }

    /// Appends `key` with its bits under `mask` replaced by `bits` (which are 0 outside it), into room made by
    /// `reserve`.
    @inline(__always)
    package mutating func appendReserved(
        _ key: UnsafePointer<UInt64>, replacing mask: UnsafePointer<UInt64>, with bits: UnsafePointer<UInt64>, words: Int
    ) {
        assert(count + words <= capacity, "appendReserved past the room reserved")
        let end = base + count
        for w in 0..<words { end[w] = key[w] & ~mask[w] | bits[w] }
        count &+= words
    }

    @inline(__always)
    package mutating func removeAll() { count = 0 }

    /// Room for `words` words after those held, for the caller's own use until the buffer next changes (the words
    /// are not held, and start undefined).
    @inline(__always)
    package mutating func room(for words: Int) -> UnsafeMutablePointer<UInt64> {
        reserve(words)
        return base + count
    }

    private mutating func grow(toHold needed: Int) {
        let bigger = Swift.max(needed, capacity * 2)
        let moved = UnsafeMutablePointer<UInt64>.allocate(capacity: bigger)
        moved.update(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = bigger
    }

    /// Frees the storage; the buffer is not used after this.
    package func deallocate() { base.deallocate() }
}
