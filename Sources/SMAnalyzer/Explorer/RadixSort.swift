/// Sorts the ids of a layer for the dense store, whose ids are keys of one word: least significant digit first, at
/// most 11 bits a pass (as few passes as that allows, their digits as even as can be: 42 bits in four passes of 11,
/// not five of 10), into a scratch buffer the caller keeps. Linear, and no allocation per layer (the standard sort's
/// merge buffers are freed back to the system each time, which on a big layer costs every core a TLB flush).
enum RadixSort {
    private static let maximumDigitBits = 11

    /// Sorts `keys`, whose values are below `1 << bits`; `scratch` is resized as needed and kept.
    static func sort(_ keys: inout [UInt64], bits: Int, scratch: inout [UInt64]) {
        let count = keys.count
        // Small arrays: a few passes over up to 2,048 buckets would cost more than the standard sort.
        guard count >= 1 << 9 else { return keys.sort() }
        sortRecords(&keys, width: Single(), count: count, bits: 0..<UInt64(max(bits, 1)), scratch: &scratch)
    }

    /// The passes: `count` records of `width` words laid out flat, sorted stably by their word `keyWord` over
    /// `bits`, a digit a pass, through `scratch` (resized as needed and kept). With `parts` > 1, each pass is split in
    /// that many runs of records, which `run` runs at once (`run` calls its argument with 0 ..< `parts`, as
    /// `HelperThreads.run` does): each counts its run's digits, then, after the counts are summed in order, moves
    /// them. A part's records go after those of the parts before it, so the sort stays stable.
    @inline(__always)
    private static func sortRecords<Width: RecordWidth>(
        _ records: inout [UInt64], width recordWidth: Width, keyWord: Int = 0, count: Int, bits: Range<UInt64>,
        scratch: inout [UInt64], parts: Int = 1, run: ((Int) -> Void) -> Void = { $0(0) }
    ) {
        let width = recordWidth.words
        if scratch.count < width * count { scratch = [UInt64](repeating: 0, count: width * count) }
        // As few passes as digits of `maximumDigitBits` allow, the bits shared out evenly between them.
        let span = Int(bits.upperBound - bits.lowerBound)
        let passes = (span + maximumDigitBits - 1) / maximumDigitBits
        let digitBits = (span + passes - 1) / passes
        let buckets = 1 << digitBits
        // Per part, per bucket: the count, then where the part's next record of that bucket goes.
        let counts = UnsafeMutablePointer<Int>.allocate(capacity: parts * buckets)
        defer { counts.deallocate() }
        var inScratch = false
        records.withUnsafeMutableBufferPointer { records in
            scratch.withUnsafeMutableBufferPointer { scratch in
                let records = records.baseAddress!
                let scratch = scratch.baseAddress!
                for shift in stride(from: bits.lowerBound, to: bits.upperBound, by: digitBits) {
                    let (from, to) = inScratch ? (scratch, records) : (records, scratch)
                    let pass = Pass(
                        from: from, to: to, recordWidth: recordWidth, keyWord: keyWord, count: count, parts: parts, shift: shift,
                        digitMask: UInt64(buckets - 1), counts: counts)
                    if parts == 1 { pass.countDigits(0) } else { run(pass.countDigits) }
                    var total = 0
                    for b in 0..<buckets {
                        for part in 0..<parts {
                            let c = counts[part * buckets + b]
                            counts[part * buckets + b] = total
                            total += c
                        }
                    }
                    if parts == 1 { pass.move(0) } else { run(pass.move) }
                    inScratch.toggle()
                }
                if inScratch { records.update(from: scratch, count: width * count) }
            }
        }
    }
}

extension RadixSort {
    /// One pass over one digit, as values: what each part runs.
    private struct Pass<Width: RecordWidth> {
        let from: UnsafeMutablePointer<UInt64>
        let to: UnsafeMutablePointer<UInt64>
        let recordWidth: Width
        var width: Int { recordWidth.words }
        /// The word of a record the digits are read from.
        let keyWord: Int
        let count: Int
        let parts: Int
        let shift: UInt64
        /// The bits of a digit, from bit 0: the buckets are `digitMask + 1`.
        let digitMask: UInt64
        private var buckets: Int { Int(digitMask) &+ 1 }
        /// Per part, `buckets` counts, then where the part's next record of each bucket goes.
        let counts: UnsafeMutablePointer<Int>

        @inline(__always)
        private func range(_ part: Int) -> Range<Int> { count * part / parts..<count * (part + 1) / parts }

        @inline(__always)
        private func digit(_ i: Int) -> Int { Int(truncatingIfNeeded: (from[width * i + keyWord] &>> shift) & digitMask) }

        @inline(__always)
        func countDigits(_ part: Int) {
            let partCounts = counts + part &* buckets
            for b in 0..<buckets { partCounts[b] = 0 }
            for i in range(part) { partCounts[digit(i)] += 1 }
        }

        @inline(__always)
        func move(_ part: Int) {
            let next = counts + part &* buckets
            for i in range(part) {
                let b = digit(i)
                for w in 0..<width { to[width * next[b] + w] = from[width * i + w] }
                next[b] += 1
            }
        }
    }

    /// Sorts pairs laid out flat (`pairs[2 * i]` the key, `pairs[2 * i + 1]` its companion) by key, stably, passing
    /// only over the bits in which the keys differ; `scratch` is resized as needed and kept. `parts` and `run`
    /// split each pass between threads (see `sortRecords`).
    static func sortPairs(
        _ pairs: inout [UInt64], scratch: inout [UInt64], parts: Int = 1, run: ((Int) -> Void) -> Void = { $0(0) }
    ) {
        sortEntries(&pairs, width: Pair(), keyWords: 1, scratch: &scratch, parts: parts, run: run)
    }

    /// Sorts entries laid out flat, each a key of `keyWords` words and a companion, by key (its last word the most
    /// significant), stably; as `sortPairs`.
    static func sortEntries(
        _ entries: inout [UInt64], keyWords: Int, scratch: inout [UInt64], parts: Int = 1, run: ((Int) -> Void) -> Void = { $0(0) }
    ) {
        if keyWords == 1 { return sortPairs(&entries, scratch: &scratch, parts: parts, run: run) }
        sortEntries(&entries, width: Entry(words: keyWords + 1), keyWords: keyWords, scratch: &scratch, parts: parts, run: run)
    }

    /// A pass per digit of each key word, from the first (least significant), over the bits in which the keys
    /// differ.
    @inline(__always)
    private static func sortEntries<Width: RecordWidth>(
        _ entries: inout [UInt64], width: Width, keyWords: Int, scratch: inout [UInt64], parts: Int, run: ((Int) -> Void) -> Void
    ) {
        let stride = width.words
        let count = entries.count / stride
        guard count > 1 else { return }
        for w in 0..<keyWords {
            var differing: UInt64 = 0
            let first = entries[w]
            for i in 0..<count { differing |= entries[stride * i + w] ^ first }
            guard differing != 0 else { continue }
            let low = UInt64(differing.trailingZeroBitCount)
            let high = UInt64(64 - differing.leadingZeroBitCount)
            sortRecords(&entries, width: width, keyWord: w, count: count, bits: low..<high, scratch: &scratch, parts: parts, run: run)
        }
    }
}

/// The words of a record: a type per width whose count is a constant gets a copy of the passes in which it is one.
private protocol RecordWidth {
    var words: Int { get }
}

private struct Single: RecordWidth {
    var words: Int { 1 }
}

private struct Pair: RecordWidth {
    var words: Int { 2 }
}

/// Any other width, known when the sort runs.
private struct Entry: RecordWidth {
    let words: Int
}
