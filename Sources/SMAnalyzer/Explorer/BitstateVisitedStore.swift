import CPlatform
import Foundation

/// SPIN's supertrace: the visited set as a bit array, each state setting `hashCount` bits chosen by hashing its
/// key. A state whose bits are all set already counts as visited, so a few states that were never reached may be
/// skipped (a hash collision): the exploration is partial, and `expectedCoverage` estimates how partial. In
/// exchange a state costs a few bits, not its key, and a space far beyond memory can be searched.
///
/// Traces need parents, which the bits do not keep: states whose paths may still be needed live in a trail, an
/// entry each (key, parent, children still open). The depth-first search holds the trail to the states on its
/// path and their open siblings; an entry is freed when its subtree is done, unless a finding's witness needs it
/// (`pin`). Ids are trail entries.
final class BitstateVisitedStore: VisitedStore, @unchecked Sendable {
    static let hashCount = 3
    private static let noParent = UInt32.max

    let keyWords: Int
    let isConcurrent = false
    let kind = "bitstate"
    private let bits: UnsafeMutablePointer<UInt64>
    let bitCount: Int
    private let seed: UInt64
    /// States stored: those whose bits were not all set yet.
    private(set) var count = 0
    /// Bits set so far, and the new states expected to have been skipped so far (see `expectedCoverage`).
    private var ones = 0
    private var expectedSkips = 0.0

    private var trailKeys: [UInt64] = []
    private var trailParents: [UInt32] = []
    private var openChildren: [UInt32] = []
    private var pinned: [Bool] = []
    private var freeEntries: [UInt32] = []
    private(set) var peakTrail = 0

    var bytes: Int { bitCount / 8 + peakTrail * (keyWords * 8 + 9) }

    /// A bit array of at most `bytes` bytes (rounded down to a power of two bits); `seed` picks the hash functions,
    /// so runs with different seeds collide on different states.
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
        bits = mapped.bindMemory(to: UInt64.self, capacity: count / 64)
    }

    deinit { munmap(bits, bitCount / 8) }

    /// The cache line (64 bytes, 512 bits) of a key's bits: all `hashCount` of them lie in one line (a blocked
    /// Bloom filter), so a lookup costs one cache miss, not three.
    @inline(__always)
    private func hash(_ key: UnsafePointer<UInt64>) -> UInt64 {
        var h = seed &+ 0x9E37_79B9_7F4A_7C15
        for w in 0..<keyWords {
            h = (h ^ key[w]) &* 0xBF58_476D_1CE4_E5B9
            h ^= h >> 31
        }
        h = (h ^ (h >> 29)) &* 0x94D0_49BB_1331_11EB
        return h ^ (h >> 32)
    }

    /// The key's bits: a line chosen by the hash's high bits, and `hashCount` positions in it by its low bits.
    @inline(__always)
    private func forEachBit(of key: UnsafePointer<UInt64>, _ body: (UnsafeMutablePointer<UInt64>, UInt64) -> Void) {
        let h = hash(key)
        let line = bits + Int((h >> 32) & UInt64(bitCount / 512 - 1)) * 8
        for i in 0..<UInt64(Self.hashCount) {
            let bit = (h >> (9 * i)) & 511
            body(line + Int(bit >> 6), 1 << (bit & 63))
        }
    }

    /// Sets the key's bits; whether some was clear (the state is new).
    private func setBits(_ key: UnsafePointer<UInt64>) -> Bool {
        var new = false
        forEachBit(of: key) { word, flag in
            if word.pointee & flag == 0 {
                new = true
                word.pointee |= flag
                ones += 1
            }
        }
        return new
    }

    private func allocate(_ key: UnsafePointer<UInt64>, parent: UInt32) -> UInt64 {
        let entry: Int
        if let free = freeEntries.popLast() {
            entry = Int(free)
            for w in 0..<keyWords { trailKeys[entry * keyWords + w] = key[w] }
            trailParents[entry] = parent
            openChildren[entry] = 0
            pinned[entry] = false
        } else {
            entry = trailParents.count
            for w in 0..<keyWords { trailKeys.append(key[w]) }
            trailParents.append(parent)
            openChildren.append(0)
            pinned.append(false)
            peakTrail = max(peakTrail, trailParents.count)
        }
        if parent != Self.noParent { openChildren[Int(parent)] += 1 }
        return UInt64(entry)
    }

    func insertRoot(_ key: UnsafePointer<UInt64>) -> UInt64 {
        _ = setBits(key)
        count += 1
        return allocate(key, parent: Self.noParent)
    }

    func handle(of id: UInt64) -> UInt64 { id }

    func insert(_ key: UnsafePointer<UInt64>, parent: UInt64) -> Insertion {
        // A new state is taken for a visited one when all its bits are set already: with probability f = fill^k.
        // Each state stored stands for 1 / (1 - f) new ones met at that fill, f / (1 - f) of them skipped.
        let fill = Double(ones) / Double(bitCount)
        guard setBits(key) else { return .known }
        let skipped = pow(fill, Double(Self.hashCount))
        expectedSkips += skipped < 1 ? skipped / (1 - skipped) : Double(count)
        count += 1
        return .added(allocate(key, parent: UInt32(parent)))
    }

    func touch(_ keys: UnsafePointer<UInt64>, count: Int) {
        for i in 0..<count {
            let h = hash(keys + i * keyWords)
            smcheck_prefetch_for_write(bits + Int((h >> 32) & UInt64(bitCount / 512 - 1)) * 8)
        }
    }

    /// `UInt64.max` when the key's bits are all set (it was visited, or collides with states that were), else nil.
    func lookup(_ key: UnsafePointer<UInt64>) -> UInt64? {
        var all = true
        forEachBit(of: key) { word, flag in if word.pointee & flag == 0 { all = false } }
        return all ? UInt64.max : nil
    }

    func closeLayer(_ added: [UInt64]) {}

    func parent(of id: UInt64) -> UInt64? {
        let parent = trailParents[Int(id)]
        return parent == Self.noParent ? nil : UInt64(parent)
    }

    func key(of id: UInt64, into key: UnsafeMutablePointer<UInt64>) {
        for w in 0..<keyWords { key[w] = trailKeys[Int(id) * keyWords + w] }
    }

    /// The search is done with `id`'s subtree as far as `id` is concerned (it was expanded): frees it once its
    /// children are done too, and then its ancestors whose last open child it was.
    func finish(_ id: UInt64) {
        var entry = Int(id)
        while openChildren[entry] == 0 && !pinned[entry] {
            let parent = trailParents[entry]
            freeEntries.append(UInt32(entry))
            guard parent != Self.noParent else { return }
            entry = Int(parent)
            openChildren[entry] -= 1
        }
    }

    /// Keeps `id` and its ancestors for good: a finding's trace goes through them.
    func pin(_ id: UInt64) {
        var entry = Int(id)
        while !pinned[entry] {
            pinned[entry] = true
            let parent = trailParents[entry]
            guard parent != Self.noParent else { return }
            entry = Int(parent)
        }
    }

    /// The expected share of the new states met that were stored rather than skipped, from the array's fill at
    /// each insert (an estimate, as SPIN's hash factor is: a skipped state's successors may be missed too).
    var expectedCoverage: Double {
        count == 0 ? 1 : Double(count) / (Double(count) + expectedSkips)
    }
}
