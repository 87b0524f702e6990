/// A set of states as a fixed-width bitset over dense state ids (document order, root = 0).
///
/// One word covers 64 states; membership, union and intersection are a few word operations. Used for
/// configurations, masks precomputed at compile time, and anything else that is a set of states.
public struct StateSet: Hashable, Sendable, Sequence, CustomStringConvertible {
    @usableFromInline package private(set) var words: [UInt64]

    /// An empty set able to hold states `0..<capacity`.
    package init(capacity: Int) { words = Array(repeating: 0, count: Swift.max(1, (capacity + 63) / 64)) }

    package init(words: [UInt64]) { self.words = words }

    package init(capacity: Int, _ members: some Sequence<Int>) {
        self.init(capacity: capacity)
        for member in members { insert(member) }
    }

    /// O(1).
    @inlinable public func contains(_ state: Int) -> Bool {
        words[state >> 6] & (1 << UInt64(state & 63)) != 0
    }

    package mutating func insert(_ state: Int) { words[state >> 6] |= 1 << UInt64(state & 63) }
    package mutating func remove(_ state: Int) { words[state >> 6] &= ~(1 << UInt64(state & 63)) }

    /// Replaces the members with the bits of `source` (same width), in place.
    mutating func overwrite(with source: UnsafeMutableBufferPointer<UInt64>) {
        for i in words.indices where words[i] != source[i] { words[i] = source[i] }
    }

    /// Replaces the members with `mask`'s members among the bits of `source` (same width), in place: no
    /// allocation when the storage is not shared.
    mutating func overwrite(with mask: StateSet, in source: UnsafeMutablePointer<UInt64>) {
        for i in words.indices { words[i] = mask.words[i] & source[i] }
    }

    /// The smallest member.
    public var first: Int? {
        var iterator = makeIterator()
        return iterator.next()
    }

    public var isEmpty: Bool { words.allSatisfy { $0 == 0 } }
    public var count: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }

    package func union(_ other: StateSet) -> StateSet { StateSet(words: zip(words, other.words).map { $0 | $1 }) }
    package func intersection(_ other: StateSet) -> StateSet { StateSet(words: zip(words, other.words).map { $0 & $1 }) }
    package func subtracting(_ other: StateSet) -> StateSet { StateSet(words: zip(words, other.words).map { $0 & ~$1 }) }
    package func intersects(_ other: StateSet) -> Bool { zip(words, other.words).contains { $0 & $1 != 0 } }
    package mutating func formUnion(_ other: StateSet) { for i in words.indices { words[i] |= other.words[i] } }

    /// Members in increasing order (document order).
    public func makeIterator() -> Iterator { Iterator(words: words) }

    public struct Iterator: IteratorProtocol {
        let words: [UInt64]
        var wordIndex = 0
        var current: UInt64

        init(words: [UInt64]) {
            self.words = words
            self.current = words.first ?? 0
        }

        public mutating func next() -> Int? {
            while current == 0 {
                wordIndex += 1
                guard wordIndex < words.count else { return nil }
                current = words[wordIndex]
            }
            let bit = current.trailingZeroBitCount
            current &= current - 1
            return wordIndex << 6 | bit
        }
    }

    public var description: String { "{" + map(String.init).joined(separator: ", ") + "}" }
}
