/// Numbers the values of a few bits of a packed key: per event instance, the bits of its footprint gathered into
/// one small integer, the index of a table of its own (`StepMemo`). The footprint is split into runs of adjacent
/// bits (a region's field, a flag, a neighbour's flag), each shifted into place: a handful of shifts and masks, so
/// portable, where a bit-gather instruction is not.
///
/// Most footprints are one or two runs (a region's field, and the flags its guards read): those two sit in the
/// instance's record itself, so gathering them is one record read and no loop; the runs past them are in a list.
struct FootprintIndex {
    /// A run of adjacent footprint bits: where it is in the key, and where it goes in the index.
    private struct Run {
        var word: Int32
        var shift: UInt8
        var offset: UInt8
        var mask: UInt64

        /// Gathers nothing: its mask is empty.
        static let none = Run(word: 0, shift: 0, offset: 0, mask: 0)

        @inline(__always)
        func bits(of key: UnsafePointer<UInt64>) -> UInt64 { (key[Int(word)] &>> UInt64(shift) & mask) &<< UInt64(offset) }
    }

    /// Per instance: its first two runs (`Run.none` where it has fewer), and where its further runs are in `more`:
    /// `moreStart ..< moreEnd`.
    private struct Record {
        var first: Run
        var second: Run
        var moreStart: Int32
        var moreEnd: Int32
    }

    private let records: UnsafeMutablePointer<Record>
    private let more: UnsafeMutablePointer<Run>

    /// `masks` per instance (`words` words each, or empty for an instance without an index); each at most 63 bits.
    init(masks: [[UInt64]]) {
        var records: [Record] = []
        var further: [Run] = []
        for mask in masks {
            var runs: [Run] = []
            var offset = 0
            for (w, word) in mask.enumerated() {
                var rest = word
                while rest != 0 {
                    let shift = rest.trailingZeroBitCount
                    let width = (~(rest >> UInt64(shift))).trailingZeroBitCount
                    let bits: UInt64 = width == 64 ? ~0 : (1 << UInt64(width)) - 1
                    runs.append(Run(word: Int32(w), shift: UInt8(shift), offset: UInt8(offset), mask: bits))
                    offset += width
                    rest &= ~(bits << UInt64(shift))
                }
            }
            precondition(offset < 64, "a footprint index takes at most 63 bits")
            let start = Int32(further.count)
            further += runs.dropFirst(2)
            records.append(
                Record(
                    first: runs.first ?? .none, second: runs.count > 1 ? runs[1] : .none, moreStart: start,
                    moreEnd: Int32(further.count)))
        }
        self.records = HotTables.copy(records.isEmpty ? [Record(first: .none, second: .none, moreStart: 0, moreEnd: 0)] : records)
        more = HotTables.copy(further.isEmpty ? [Run.none] : further)
    }

    func deallocate() {
        records.deallocate()
        more.deallocate()
    }

    /// The index of `key`'s bits under the footprint of `instance`: below 2^(its bits).
    @inline(__always)
    func index(_ instance: Int, _ key: UnsafePointer<UInt64>) -> Int {
        let record = records[instance]
        var index = record.first.bits(of: key) | record.second.bits(of: key)
        // A while loop: a range would check its bounds for every instance.
        var r = Int(record.moreStart)
        while r < Int(record.moreEnd) {
            index |= more[r].bits(of: key)
            r &+= 1
        }
        return Int(truncatingIfNeeded: index)
    }
}
