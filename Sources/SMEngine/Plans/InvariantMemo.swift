/// Whether each invariant holds, remembered per the key's bits it reads (`StateCodec.invariantFootprints()`): the
/// variables it names and the child fields that say whether the states it tests are active. An invariant is a
/// function of those bits alone, so once a value of them has been evaluated, every new configuration with the same
/// value is answered by one table read, where the explorer otherwise decodes the whole key and runs the invariant's
/// program. Mutual exclusion over a few regions (`!(in(crit0) && in(crit1))`) reads a dozen bits however many
/// variables the spec has.
///
/// An invariant whose footprint has at most `maximumBits` bits gets a table of its own (a byte per value of those
/// bits, within `maximumBytes` in all, smallest footprints first); the others are not remembered. One per thread:
/// no locks.
package final class InvariantMemo {
    private let invariantCount: Int
    private let index: FootprintIndex
    /// Per invariant, where its table starts in `entries`, or -1 when it has none.
    private let start: UnsafeMutablePointer<Int>
    private let entries: UnsafeMutablePointer<UInt8>
    private static let unknown: UInt8 = 0
    private static let holds: UInt8 = 1
    private static let fails: UInt8 = 2

    /// A footprint of at most this many bits gets a table of its own.
    static let maximumBits = 16
    /// The tables take at most this many bytes in all, per thread.
    static let maximumBytes = 1 << 20

    /// `footprints` per invariant, each the key's words (`StateCodec.invariantFootprints()`).
    package init(footprints: [[UInt64]]) {
        invariantCount = footprints.count
        let count = max(1, footprints.count)
        start = .allocate(capacity: count)
        start.initialize(repeating: -1, count: count)
        var masks = [[UInt64]](repeating: [], count: count)
        var size = 0
        let bySize = footprints.indices.map { i in (i, footprints[i].reduce(0) { $0 + $1.nonzeroBitCount }) }
        for (i, bits) in bySize.sorted(by: { ($0.1, $0.0) < ($1.1, $1.0) })
        where bits <= Self.maximumBits && size + (1 << bits) <= Self.maximumBytes {
            start[i] = size
            size += 1 << bits
            masks[i] = footprints[i]
        }
        index = FootprintIndex(masks: masks)
        entries = .allocate(capacity: max(1, size))
        entries.initialize(repeating: Self.unknown, count: max(1, size))
    }

    deinit {
        start.deallocate()
        index.deallocate()
        entries.deallocate()
    }

    /// Whether invariant `invariant` holds in the configuration of `key`, when that is remembered; else nil.
    @inline(__always)
    package func holds(_ invariant: Int, _ key: UnsafePointer<UInt64>) -> Bool? {
        let first = start[invariant]
        guard first >= 0 else { return nil }
        switch entries[first &+ index.index(invariant, key)] {
        case Self.holds: return true
        case Self.fails: return false
        default: return nil
        }
    }

    /// Remembers whether invariant `invariant` holds in the configuration of `key` (nothing when it has no table).
    @inline(__always)
    package func remember(_ invariant: Int, _ key: UnsafePointer<UInt64>, holds: Bool) {
        let first = start[invariant]
        guard first >= 0 else { return }
        entries[first &+ index.index(invariant, key)] = holds ? Self.holds : Self.fails
    }
}
