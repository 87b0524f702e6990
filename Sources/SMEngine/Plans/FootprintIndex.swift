/// Numbers the values of a few bits of a packed key: per event instance, the bits of its footprint gathered into
/// one small integer, the index of a table of its own (`StepMemo`). The footprint is split into runs of adjacent
/// bits (a region's field, a flag, a neighbour's flag), each shifted into place: a handful of shifts and masks, so
/// portable, where a bit-gather instruction is not.
struct FootprintIndex {
    /// A run of adjacent footprint bits: where it is in the key, and where it goes in the index.
    private struct Run {
        var word: Int32
        var shift: UInt8
        var offset: UInt8
        var mask: UInt64
    }

    /// Per instance: its runs, `runs[runStart[i] ..< runStart[i + 1]]`.
    private let runStart: UnsafeMutablePointer<Int32>
    private let runs: UnsafeMutablePointer<Run>

    /// `masks` per instance (`words` words each, or empty for an instance without an index); each at most 63 bits.
    init(masks: [[UInt64]]) {
        var start: [Int32] = [0]
        var all: [Run] = []
        for mask in masks {
            var offset = 0
            for (w, word) in mask.enumerated() {
                var rest = word
                while rest != 0 {
                    let shift = rest.trailingZeroBitCount
                    let width = (~(rest >> UInt64(shift))).trailingZeroBitCount
                    let bits: UInt64 = width == 64 ? ~0 : (1 << UInt64(width)) - 1
                    all.append(Run(word: Int32(w), shift: UInt8(shift), offset: UInt8(offset), mask: bits))
                    offset += width
                    rest &= ~(bits << UInt64(shift))
                }
            }
            precondition(offset < 64, "a footprint index takes at most 63 bits")
            start.append(Int32(all.count))
        }
        runStart = HotTables.copy(start)
        runs = HotTables.copy(all.isEmpty ? [Run(word: 0, shift: 0, offset: 0, mask: 0)] : all)
    }

    func deallocate() {
        runStart.deallocate()
        runs.deallocate()
    }

    /// The index of `key`'s bits under the footprint of `instance`: below 2^(its bits).
    @inline(__always)
    func index(_ instance: Int, _ key: UnsafePointer<UInt64>) -> Int {
        var index: UInt64 = 0
        // A while loop: a range would check its bounds for every instance.
        var r = Int(runStart[instance])
        let end = Int(runStart[instance &+ 1])
        while r < end {
            let run = runs[r]
            index |= (key[Int(run.word)] &>> UInt64(run.shift) & run.mask) &<< UInt64(run.offset)
            r &+= 1
        }
        return Int(truncatingIfNeeded: index)
    }
}
