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
        if scratch.count < count { scratch = [UInt64](repeating: 0, count: count) }
        let buckets = 1 << digitBits
        var counts = [Int](repeating: 0, count: buckets)
        var shift: UInt64 = 0
        var inScratch = false
        while shift < UInt64(max(bits, 1)) {
            keys.withUnsafeMutableBufferPointer { keys in
                scratch.withUnsafeMutableBufferPointer { scratch in
                    counts.withUnsafeMutableBufferPointer { counts in
                        let (from, to) = inScratch ? (scratch, keys) : (keys, scratch)
                        for b in 0..<buckets { counts[b] = 0 }
                        let mask = UInt64(buckets - 1)
                        for i in 0..<count { counts[Int((from[i] >> shift) & mask)] += 1 }
                        var total = 0
                        for b in 0..<buckets {
                            let c = counts[b]
                            counts[b] = total
                            total += c
                        }
                        for i in 0..<count {
                            let key = from[i]
                            let b = Int((key >> shift) & mask)
                            to[counts[b]] = key
                            counts[b] += 1
                        }
                    }
                }
            }
            inScratch.toggle()
            shift += UInt64(digitBits)
        }
        if inScratch {
            keys.withUnsafeMutableBufferPointer { keys in
                scratch.withUnsafeBufferPointer { scratch in
                    _ = keys.update(fromContentsOf: scratch[0..<count])
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
        if scratch.count < pairs.count { scratch = [UInt64](repeating: 0, count: pairs.count) }
        var differing: UInt64 = 0
        let first = pairs[0]
        for i in 0..<count { differing |= pairs[2 * i] ^ first }
        guard differing != 0 else { return }
        let low = UInt64(differing.trailingZeroBitCount)
        let high = UInt64(64 - differing.leadingZeroBitCount)
        let buckets = 1 << digitBits
        var counts = [Int](repeating: 0, count: buckets)
        var shift = low
        var inScratch = false
        while shift < high {
            pairs.withUnsafeMutableBufferPointer { pairs in
                scratch.withUnsafeMutableBufferPointer { scratch in
                    counts.withUnsafeMutableBufferPointer { counts in
                        let (from, to) = inScratch ? (scratch, pairs) : (pairs, scratch)
                        for b in 0..<buckets { counts[b] = 0 }
                        let mask = UInt64(buckets - 1)
                        for i in 0..<count { counts[Int((from[2 * i] >> shift) & mask)] += 1 }
                        var total = 0
                        for b in 0..<buckets {
                            let c = counts[b]
                            counts[b] = total
                            total += c
                        }
                        for i in 0..<count {
                            let key = from[2 * i]
                            let b = Int((key >> shift) & mask)
                            to[2 * counts[b]] = key
                            to[2 * counts[b] + 1] = from[2 * i + 1]
                            counts[b] += 1
                        }
                    }
                }
            }
            inScratch.toggle()
            shift += UInt64(digitBits)
        }
        if inScratch {
            pairs.withUnsafeMutableBufferPointer { pairs in
                scratch.withUnsafeBufferPointer { scratch in
                    _ = pairs.update(fromContentsOf: scratch[0..<2 * count])
                }
            }
        }
    }
}
