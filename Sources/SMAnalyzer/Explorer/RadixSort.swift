/// Sorts the ids of a layer for the dense store, whose ids are keys of at most `DenseVisitedStore.maximumBits`
/// bits: least significant digit first, 10 bits a pass, into a scratch buffer the caller keeps. Linear, and no
/// allocation per layer (the standard sort's merge buffers are freed back to the system each time, which on a
/// big layer costs every core a TLB flush).
enum RadixSort {
    private static let digitBits = 10

    /// Sorts `keys`, whose values are below `1 << bits`; `scratch` is resized as needed and kept.
    static func sort(_ keys: inout [UInt64], bits: Int, scratch: inout [UInt64]) {
        let count = keys.count
        // Small arrays: three passes over 1,024 buckets would cost more than the standard sort.
        guard count >= 1 << 9 else { return keys.sort() }
        sortRecords(&keys, width: 1, count: count, bits: 0..<UInt64(max(bits, 1)), scratch: &scratch)
    }

    /// The passes: `count` records of `width` words laid out flat, sorted stably by their first word over `bits`,
    /// `digitBits` a pass, through `scratch` (resized as needed and kept).
    @inline(__always)
    private static func sortRecords(
        _ records: inout [UInt64], width: Int, count: Int, bits: Range<UInt64>, scratch: inout [UInt64]
    ) {
        if scratch.count < width * count { scratch = [UInt64](repeating: 0, count: width * count) }
        let buckets = 1 << digitBits
        var counts = [Int](repeating: 0, count: buckets)
        var shift = bits.lowerBound
        var inScratch = false
        while shift < bits.upperBound {
            records.withUnsafeMutableBufferPointer { records in
                scratch.withUnsafeMutableBufferPointer { scratch in
                    counts.withUnsafeMutableBufferPointer { counts in
                        let (from, to) = inScratch ? (scratch, records) : (records, scratch)
                        for b in 0..<buckets { counts[b] = 0 }
                        let mask = UInt64(buckets - 1)
                        for i in 0..<count { counts[Int((from[width * i] >> shift) & mask)] += 1 }
                        var total = 0
                        for b in 0..<buckets {
                            let c = counts[b]
                            counts[b] = total
                            total += c
                        }
                        for i in 0..<count {
                            let b = Int((from[width * i] >> shift) & mask)
                            for w in 0..<width { to[width * counts[b] + w] = from[width * i + w] }
                            counts[b] += 1
                        }
                    }
                }
            }
            inScratch.toggle()
            shift += UInt64(digitBits)
        }
        if inScratch {
            records.withUnsafeMutableBufferPointer { records in
                scratch.withUnsafeBufferPointer { scratch in
                    _ = records.update(fromContentsOf: scratch[0..<width * count])
                }
            }
        }
    }
}

extension RadixSort {
    /// Sorts pairs laid out flat (`pairs[2 * i]` the key, `pairs[2 * i + 1]` its companion) by key, stably, passing
    /// only over the bits in which the keys differ; `scratch` is resized as needed and kept.
    static func sortPairs(_ pairs: inout [UInt64], scratch: inout [UInt64]) {
        let count = pairs.count / 2
        guard count > 1 else { return }
        var differing: UInt64 = 0
        let first = pairs[0]
        for i in 0..<count { differing |= pairs[2 * i] ^ first }
        guard differing != 0 else { return }
        let low = UInt64(differing.trailingZeroBitCount)
        let high = UInt64(64 - differing.leadingZeroBitCount)
        sortRecords(&pairs, width: 2, count: count, bits: low..<high, scratch: &scratch)
    }
}
