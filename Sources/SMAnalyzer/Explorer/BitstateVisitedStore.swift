import CPlatform
import Foundation

/// The depth-first bitstate search's visited set: a `BitstateFilter` for the states seen, and for traces, which
/// the bits cannot give, a trail: an entry per state whose path may still be needed (key, parent, children still
/// open). The search holds the trail to the states on its path and their open siblings; an entry is freed when its
/// subtree is done, unless a finding's witness needs it (`pin`). Ids are trail entries.
final class BitstateVisitedStore: VisitedStore, @unchecked Sendable {
    private static let noParent = UInt32.max

    let keyWords: Int
    let isConcurrent = false
    let kind = "bitstate"
    let filter: BitstateFilter
    var count: Int { filter.stored }

    private var trailKeys: [UInt64] = []
    private var trailParents: [UInt32] = []
    private var openChildren: [UInt32] = []
    private var pinned: [Bool] = []
    private var freeEntries: [UInt32] = []
    private(set) var peakTrail = 0

    var bytes: Int { filter.bitCount / 8 + peakTrail * (keyWords * 8 + 9) }

    init?(bytes: Int, keyWords: Int, seed: UInt64) {
        guard let filter = BitstateFilter(bytes: bytes, keyWords: keyWords, seed: seed) else { return nil }
        self.filter = filter
        self.keyWords = keyWords
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
        _ = filter.insert(key)
        return allocate(key, parent: Self.noParent)
    }

    func handle(of id: UInt64) -> UInt64 { id }

    func insert(_ key: UnsafePointer<UInt64>, parent: UInt64) -> Insertion {
        guard filter.insert(key) else { return .known }
        return .added(allocate(key, parent: UInt32(parent)))
    }

    func touch(_ keys: UnsafePointer<UInt64>, count: Int) { filter.touch(keys, count: count) }

    /// `UInt64.max` when the key's bits are all set (it was visited, or collides with states that were), else nil.
    func lookup(_ key: UnsafePointer<UInt64>) -> UInt64? { filter.contains(key) ? UInt64.max : nil }

    func closeLayer(_ added: UnsafeBufferPointer<UInt64>) {}

    func parent(of id: UInt64, depth: Int) -> UInt64? {
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
}
