import CPlatform
import Foundation

/// SPIN's supertrace bit array: each state sets `hashCount` bits chosen by hashing its key, and a state whose bits
/// are all set already counts as seen. A state that was never reached may be taken for a seen one (a hash
/// collision), so a search through it is partial, and `expectedCoverage` estimates how partial. In exchange a state
/// costs a few bits, not its key, and a space far beyond memory can be searched.
///
/// The bits of a key lie in one cache line (a blocked Bloom filter), so a lookup costs one cache miss, not three.
final class BitstateFilter: @unchecked Sendable {
    static let hashCount = 3

    let keyWords: Int
    let bitCount: Int
    private let bits: UnsafeMutablePointer<UInt64>
    private let seed: UInt64
    /// States stored: those whose bits were not all set yet.
    private(set) var stored = 0
    /// Bits set so far, and the new states expected to have been skipped so far (see `expectedCoverage`).
    private var ones = 0
    private var expectedSkips = 0.0

    /// A bit array of at most `bytes` bytes (rounded down to a power of two bits); `seed` picks the hash functions,
    /// so runs with different seeds collide on different states. Nil when the memory cannot be reserved.
    init?(bytes: Int, keyWords: Int, seed: UInt64) {
        var count = 512
        while count * 2 <= max(512, bytes * 8) { count *= 2 }
        bitCount = count
        self.keyWords = keyWords
        self.seed = seed
        // An anonymous mapping: page-aligned (so a line is one cache line), zero, and a page costs memory only once
        // a state hashes into it.
        let mapped = mmap(nil, count / 8, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        guard let mapped, mapped != MAP_FAILED else { return nil }
        #if os(Linux)
            // Every lookup lands on a random line of the array: with 4 KB pages nearly each one also misses the TLB,
            // which made a breadth-first search (whose consecutive states share no lines) three times slower.
            _ = madvise(mapped, count / 8, MADV_HUGEPAGE)
        #endif
        bits = mapped.bindMemory(to: UInt64.self, capacity: count / 64)
    }

    deinit { munmap(bits, bitCount / 8) }

    @inline(__always)
    private func hash(_ key: UnsafePointer<UInt64>) -> UInt64 {
        var h = PackedKey.mix(key, keyWords, from: seed &+ PackedKey.golden)
        h = (h ^ (h >> 29)) &* 0x94D0_49BB_1331_11EB
        return h ^ (h >> 32)
    }

    @inline(__always)
    private func line(_ h: UInt64) -> UnsafeMutablePointer<UInt64> {
        bits + Int((h >> 32) & UInt64(bitCount / 512 - 1)) * 8
    }

    /// The key's bits: a line chosen by the hash's high bits, and `hashCount` positions in it by its low bits.
    @inline(__always)
    private func forEachBit(of key: UnsafePointer<UInt64>, _ body: (UnsafeMutablePointer<UInt64>, UInt64) -> Void) {
        let h = hash(key)
        let line = line(h)
        for i in 0..<UInt64(Self.hashCount) {
            let bit = (h >> (9 * i)) & 511
            body(line + Int(bit >> 6), 1 << (bit & 63))
        }
    }

    /// Sets the key's bits; whether some was clear (the state is new, and is counted as stored).
    func insert(_ key: UnsafePointer<UInt64>) -> Bool {
        // A new state is taken for a seen one when all its bits are set already: with probability f = fill^k.
        // Each state stored stands for 1 / (1 - f) new ones met at that fill, f / (1 - f) of them skipped.
        let onesBefore = ones
        var new = false
        forEachBit(of: key) { word, flag in
            if word.pointee & flag == 0 {
                new = true
                word.pointee |= flag
                ones += 1
            }
        }
        guard new else { return false }
        let skipped = skipProbability(ones: onesBefore)
        expectedSkips += skipped < 1 ? skipped / (1 - skipped) : Double(stored)
        stored += 1
        return true
    }

    /// Whether the key's bits are all set (it was seen, or collides with states that were).
    func contains(_ key: UnsafePointer<UInt64>) -> Bool {
        var all = true
        forEachBit(of: key) { word, flag in if word.pointee & flag == 0 { all = false } }
        return all
    }

    /// Starts loading the lines of `count` keys into the cache.
    func touch(_ keys: UnsafePointer<UInt64>, count: Int) {
        for i in 0..<count { smcheck_prefetch_for_write(line(hash(keys + i * keyWords))) }
    }

    /// The chance that a new state met now is skipped: fill^k.
    var skipProbability: Double { skipProbability(ones: ones) }

    /// fill^k with `ones` bits of the array set.
    private func skipProbability(ones: Int) -> Double {
        let fill = Double(ones) / Double(bitCount)
        var skipped = 1.0
        for _ in 0..<Self.hashCount { skipped *= fill }
        return skipped
    }

    /// The expected share of the new states met that were stored rather than skipped, from the array's fill at
    /// each insert (an estimate, as SPIN's hash factor is: a skipped state's successors may be missed too).
    var expectedCoverage: Double {
        stored == 0 ? 1 : Double(stored) / (Double(stored) + expectedSkips)
    }
}
