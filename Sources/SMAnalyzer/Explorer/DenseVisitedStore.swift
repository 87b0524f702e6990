import CPlatform
import Foundation
import Synchronization

/// One 32-bit slot per possible key, numbered without gaps (`MixedRadixIndex`): 0 = not visited, otherwise the
/// parent's index + 1, with a building bit set until the slot's layer is closed. Lookups are direct, slots are
/// claimed with atomics so every thread inserts at once, and the memory is paged in only where states are (4 bytes
/// per state when the reachable keys are dense, as in product state spaces).
final class DenseVisitedStore: VisitedStore, @unchecked Sendable {
    /// Keys of at most 28 bits: the array takes at most 1 GB however sparse the reachable keys are in it, and a
    /// parent's index + 1 and the building bits fit in a slot. A wider key whose fields take fewer values together
    /// could be numbered into as few slots, but its reachable keys would be as sparse as its bits allow: the dining
    /// philosophers of 10 (30 bits, 60 million slots) took 1,545 bytes a state in the dense store, 13.6 in the compact
    /// one, and ran at half its speed (a page fault a state).
    static let maximumBits = 28
    /// Arrays up to `hugePagedBytes` ask for huge pages, and up to `collapsedBytes` are collapsed into them
    /// (`askForHugePagesWhenDense`).
    private static let hugePagedBytes = 256 << 20
    private static let collapsedBytes = 64 << 20
    /// A huge page on x86-64 and on ARM64 with 4 KB pages (with larger pages the collapse is not tried).
    private static let hugePageBytes = 2 << 20
    /// The two building bits (above any parent's index + 1: `maximumBits`). A slot has one while its layer is open,
    /// and while it is, the parent it holds gives way to a smaller one. Layers take them in turn when a layer is
    /// opened before the last is closed (`openLayerBeforeClosingLast`): a slot with the other one is settled.
    private static let buildingBits: UInt32 = 0b11 << 30
    /// The building bit of the layer being expanded.
    private let building = Atomic<UInt32>(1 << 31)

    let keyWords = 1
    let isConcurrent = true
    let kind = "dense"
    private let slots: UnsafeMutablePointer<Atomic<UInt32>>
    /// Which slot holds which key.
    private let index: MixedRadixIndex
    private let capacity: Int
    /// The array's size: `capacity` slots, rounded up to whole huge pages from 2 MB on.
    private let arrayBytes: Int
    /// New states, counted by each thread apart (`StripedCounter`).
    private let counter: StripedCounter
    /// Whether a shared insert's first access to its slot is a load, not the exchange that claims it: once the whole
    /// array is in memory (collapsed into huge pages); a lone insert always loads first (`isShared`). A page first
    /// read is mapped to the zero page, and the write that follows copies it and flushes the TLB of every core in the
    /// search (an interrupt each: a third of the time of `ProfileDriver model vending 2` was in the kernel), so
    /// several threads write first while pages may still be unmapped: that maps the page once, with nothing to
    /// flush. But on a slot already taken, most slots an insert meets, the exchange costs more than a load (rings and
    /// chain about 5% slower on one thread; the player's two threads no faster than one).
    private let readsFirst: Atomic<Bool>
    /// Whether several threads insert now (`insertingThreads`). While one does, no other writes a slot, so a claim
    /// is a plain store, not a locked exchange (one per new state and per parent replaced), and so is the count.
    private let isShared: Atomic<Bool>

    var count: Int { counter.value }
    /// The array's pages in memory: 4 bytes a state where the reachable keys are dense, more where they are not
    /// (a 4 KB page holds 1,024 slots, a huge page 524,288). Four bytes a state where that cannot be told.
    var bytes: Int {
        let mapped = smcheck_mapped_bytes(UnsafeRawPointer(slots), arrayBytes)
        return mapped >= 0 ? Int(mapped) : count * MemoryLayout<UInt32>.size
    }

    /// Nil when the array cannot be mapped. `threads`: how many insert at once.
    init?(index: MixedRadixIndex, threads: Int = 1) {
        precondition(index.count <= 1 << Self.maximumBits)
        counter = StripedCounter(threads: threads)
        readsFirst = Atomic(false)
        isShared = Atomic(threads > 1)
        self.index = index
        capacity = index.count
        let bytes = capacity * MemoryLayout<Atomic<UInt32>>.stride
        arrayBytes = bytes < Self.hugePageBytes ? bytes : (bytes + Self.hugePageBytes - 1) / Self.hugePageBytes * Self.hugePageBytes
        // An anonymous mapping: the pages of slots no state lands in are never touched. An all-zero atomic is a zero.
        guard let raw = Self.mapZeroed(bytes: arrayBytes) else { return nil }
        slots = raw.bindMemory(to: Atomic<UInt32>.self, capacity: capacity)
    }

    /// A store for every key of `bits` bits, each its own index.
    convenience init?(bits: Int, threads: Int = 1) { self.init(index: MixedRadixIndex(bits: bits), threads: threads) }

    /// Zeroed pages of their own; from 2 MB on, starting where a huge page would (the rest of a larger mapping is
    /// unmapped again), so none of the array lies in a 2 MB stretch it shares with other memory.
    private static func mapZeroed(bytes: Int) -> UnsafeMutableRawPointer? {
        let spare = bytes >= hugePageBytes ? hugePageBytes : 0
        guard let raw = mmap(nil, bytes + spare, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), raw != MAP_FAILED
        else { return nil }
        guard spare > 0 else { return raw }
        // Sizes from 2 MB on are whole huge pages, so both ends are page boundaries.
        let head = (hugePageBytes - Int(bitPattern: raw) % hugePageBytes) % hugePageBytes
        if head > 0 { munmap(raw, head) }
        munmap(raw + head + bytes, spare - head)
        return raw + head
    }

    /// How far the array went to huge pages (`askForHugePagesWhenDense`): 0 not at all, 1 asked for them, 2 collapsed
    /// into them. Layers are closed by several threads at once.
    private let hugePageStage = Atomic<Int>(0)

    /// Backs the array with huge pages once the keys stored show that they pay. A 4 KB page is first mapped to the
    /// shared zero page when a lookup reads it, and the insert that then writes it copies it, which makes the kernel
    /// flush the TLB of every core running the exploration (an interrupt each); a 2 MB page does it once for 512 of
    /// them, and a lookup needs no page walk of its own (a slow one in a VM). But a 2 MB page is zeroed and held for
    /// each state where the reachable keys are sparse (a model of a thousand states in a 2^24 key space then took
    /// 88 MB and up to 200 ms). So, for arrays up to 256 MB:
    /// - when a slot in 1,024 is taken, by when small pages would be most of the array anyway if the keys were
    ///   spread evenly, and the pages in memory show that they are where they are (`holdsStatesDensely`), huge pages
    ///   are asked for. Only the 2 MB stretches no state has touched yet get them: one where a 4 KB page is mapped
    ///   stays small until the kernel's background collapse gets to it;
    /// - when a slot in 64 is taken (the array then costs at most 256 bytes per state stored), an array up to 64 MB
    ///   is collapsed into huge pages. Asking alone left a third to two thirds of the player's 32 MB array in small
    ///   pages (`AnonHugePages` 12–20 MB in `/proc/PID/smaps_rollup` near the end of `ProfileDriver model player 1`;
    ///   32 MB collapsed); `ProfileDriver model player 2` went from 17.0–17.5 to 18.9–23.1 M/s, the other dense
    ///   models within the noise. The collapse took 9–15 ms for 128 MB here, but up to 300 ms when
    ///   the host had to hand the memory back first, hence the bound.
    private func askForHugePagesWhenDense() {
        let lastStage = arrayBytes > Self.hugePagedBytes ? 0 : arrayBytes > Self.collapsedBytes ? 1 : 2
        let stage = hugePageStage.load(ordering: .relaxed)
        guard stage < lastStage else { return }
        // The count (a sum over the threads' stripes) last: a deep chain closes a layer per state.
        let count = count
        guard count >= capacity >> 10 else { return }
        // The pages are looked at when the count has doubled since the last look, by one thread.
        let next = nextPageLook.load(ordering: .relaxed)
        guard count >= next, nextPageLook.compareExchange(expected: next, desired: 2 * count, ordering: .relaxed).exchanged,
            holdsStatesDensely(count)
        else { return }
        let start = UnsafeMutableRawPointer(slots)
        if stage == 0, hugePageStage.compareExchange(expected: 0, desired: 1, ordering: .relaxed).exchanged {
            _ = smcheck_ask_for_huge_pages(start, arrayBytes)
        }
        // Whole 2 MB stretches: an array this large is a multiple of 2 MB, mapped on a 2 MB boundary.
        if lastStage == 2, count >= capacity >> 6, arrayBytes >= Self.hugePageBytes,
            hugePageStage.compareExchange(expected: 1, desired: 2, ordering: .relaxed).exchanged
        {
            // Every page is in memory now: a load maps none to the zero page.
            if smcheck_collapse_into_huge_pages(start, arrayBytes) != 0 { readsFirst.store(true, ordering: .relaxed) }
        }
    }

    /// The count at which the pages are looked at next (`holdsStatesDensely`).
    private let nextPageLook = Atomic<Int>(0)

    /// Whether the pages in memory hold the states densely: at most 16 bytes of them a state, a 4 KB page a quarter
    /// full. Keys can be as sparse where they are as their count says they are not: a producer and a consumer counting
    /// what they made and used in a space of 59 million slots reached 1 million states at one slot in 55, but in 4 KB
    /// pages an eighth full, and in huge pages took 55 bytes a state where small ones held 33 (and were faster).
    private func holdsStatesDensely(_ count: Int) -> Bool {
        let mapped = smcheck_mapped_bytes(UnsafeRawPointer(slots), arrayBytes)
        return mapped < 0 || Int(mapped) <= 16 * count
    }

    deinit { munmap(slots, arrayBytes) }

    func insertRoot(_ key: UnsafePointer<UInt64>) -> UInt64 {
        let slot = index.index(of: key[0])
        slots[slot].store(UInt32(slot) + 1, ordering: .relaxed)
        counter.add(1)
        return key[0]
    }

    /// The parent's index, which its slot holds.
    func handle(of id: UInt64) -> UInt64 { UInt64(index.index(of: id)) }

    func insert(_ key: UnsafePointer<UInt64>, parent: UInt64) -> Insertion {
        insert(key, at: UInt64(index.index(of: key[0])), parent: parent)
    }

    func insert(_ key: UnsafePointer<UInt64>, at slot: UInt64, parent: UInt64) -> Insertion {
        let slot = slots + Int(slot)
        let building = self.building.load(ordering: .relaxed)
        // Beside a slot of this layer, whose building bit is the same, the smaller parent is the smaller value.
        let candidate = building | (UInt32(parent) + 1)
        if !isShared.load(ordering: .relaxed) {
            let current = slot.pointee.load(ordering: .relaxed)
            if current == 0 {
                slot.pointee.store(candidate, ordering: .relaxed)
                counter.addAlone(1)
                return .added(key[0])
            }
            if current & building != 0 && candidate < current { slot.pointee.store(candidate, ordering: .relaxed) }
            return .known
        }
        var current: UInt32 = 0
        if readsFirst.load(ordering: .relaxed) { current = slot.pointee.load(ordering: .relaxed) }
        while true {
            if current == 0 {
                let (exchanged, original) = slot.pointee.compareExchange(expected: 0, desired: candidate, ordering: .relaxed)
                if exchanged {
                    counter.add(1)
                    return .added(key[0])
                }
                current = original
            } else if current & building != 0 && candidate < current {
                let (exchanged, original) = slot.pointee.compareExchange(expected: current, desired: candidate, ordering: .relaxed)
                if exchanged { return .known }
                current = original
            } else {
                return .known
            }
        }
    }

    func insertingThreads(_ threads: Int) { isShared.store(threads > 1, ordering: .relaxed) }

    func touch(_ keys: UnsafePointer<UInt64>, count: Int) {
        for i in 0..<count { smcheck_prefetch_for_write(slots + index.index(of: keys[i])) }
    }

    func touch(_ keys: UnsafePointer<UInt64>, count: Int, slots found: UnsafeMutablePointer<UInt64>) {
        for i in 0..<count {
            let slot = index.index(of: keys[i])
            found[i] = UInt64(slot)
            smcheck_prefetch_for_write(slots + slot)
        }
    }

    func lookup(_ key: UnsafePointer<UInt64>) -> UInt64? {
        guard let slot = index.validIndex(of: key[0]) else { return nil }
        return slots[slot].load(ordering: .relaxed) == 0 ? nil : key[0]
    }

    func closeLayer(_ added: UnsafeBufferPointer<UInt64>) {
        // No other thread writes these slots meanwhile (an insert changes a slot of its own layer only): a plain
        // load and store, not a locked read-modify-write.
        for key in added {
            let slot = slots + index.index(of: key)
            slot.pointee.store(slot.pointee.load(ordering: .relaxed) & ~Self.buildingBits, ordering: .relaxed)
        }
        askForHugePagesWhenDense()
    }

    func openLayerBeforeClosingLast() {
        building.store(building.load(ordering: .relaxed) ^ Self.buildingBits, ordering: .relaxed)
    }

    func parent(of id: UInt64, depth: Int) -> UInt64? {
        let slot = index.index(of: id)
        let parent = Int(slots[slot].load(ordering: .relaxed) & ~Self.buildingBits) - 1
        return parent == slot ? nil : index.key(at: parent)
    }

    func key(of id: UInt64, into key: UnsafeMutablePointer<UInt64>) { key[0] = id }
}
