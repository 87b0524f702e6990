import CPlatform
import Foundation
import Synchronization

/// One 32-bit slot per possible key: 0 = not visited, otherwise the parent's key + 1, with the top bit set while
/// the slot's layer is being built. Lookups are direct, slots are claimed with atomics so every thread inserts at
/// once, and the memory is paged in only where states are (4 bytes per state when the reachable keys are dense, as
/// in product state spaces).
final class DenseVisitedStore: VisitedStore, @unchecked Sendable {
    static let maximumBits = 28
    /// Arrays up to this size ask for huge pages.
    private static let hugePagedBytes = 256 << 20
    private static let building: UInt32 = 1 << 31

    let keyWords = 1
    let isConcurrent = true
    let kind = "dense"
    private let slots: UnsafeMutablePointer<Atomic<UInt32>>
    private let capacity: Int
    /// New states, counted by each thread apart (`StripedCounter`).
    private let counter: StripedCounter

    var count: Int { counter.value }
    var bytes: Int { count * MemoryLayout<UInt32>.size }

    /// Nil when the array cannot be mapped. `threads`: how many insert at once.
    init?(bits: Int, threads: Int = 1) {
        counter = StripedCounter(threads: threads)
        capacity = 1 << max(bits, 0)
        // An anonymous mapping: the pages of slots no state lands in are never touched. An all-zero atomic is a zero.
        let raw = mmap(nil, capacity * MemoryLayout<Atomic<UInt32>>.stride, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        guard let raw, raw != MAP_FAILED else { return nil }
        slots = raw.bindMemory(to: Atomic<UInt32>.self, capacity: capacity)
    }

    /// Whether the array asked for huge pages yet (layers are closed by several threads at once).
    private let hugePaged = Atomic<Bool>(false)

    /// Asks for huge pages once the keys stored show that they pay. A 4 KB page is first mapped to the shared zero
    /// page when a lookup reads it, and the insert that then writes it copies it, which makes the kernel flush the
    /// TLB of every core running the exploration (an interrupt each); a 2 MB page does it once for 512 of them. But
    /// a 2 MB page is zeroed and held for each state where the reachable keys are sparse (a model of a thousand
    /// states in a 2^24 key space then took 88 MB and up to 200 ms). So: when a slot in 1,024 is taken, by when
    /// small pages would be most of the array anyway; and never for arrays beyond 256 MB.
    private func askForHugePagesWhenDense() {
        #if os(Linux)
            let bytes = capacity * MemoryLayout<Atomic<UInt32>>.stride
            // The count (a sum over the threads' stripes) last: a deep chain closes a layer per state.
            guard bytes <= Self.hugePagedBytes, !hugePaged.load(ordering: .relaxed), count >= capacity >> 10,
                !hugePaged.exchange(true, ordering: .relaxed)
            else { return }
            _ = madvise(UnsafeMutableRawPointer(slots), bytes, MADV_HUGEPAGE)
        #endif
    }

    deinit { munmap(slots, capacity * MemoryLayout<Atomic<UInt32>>.stride) }

    func insertRoot(_ key: UnsafePointer<UInt64>) -> UInt64 {
        slots[Int(key[0])].store(UInt32(key[0]) + 1, ordering: .relaxed)
        counter.add(1)
        return key[0]
    }

    func handle(of id: UInt64) -> UInt64 { id }

    func insert(_ key: UnsafePointer<UInt64>, parent: UInt64) -> Insertion {
        let slot = slots + Int(key[0])
        let candidate = Self.building | (UInt32(parent) + 1)
        var current = slot.pointee.load(ordering: .relaxed)
        while true {
            if current == 0 {
                let (exchanged, original) = slot.pointee.compareExchange(expected: 0, desired: candidate, ordering: .relaxed)
                if exchanged {
                    counter.add(1)
                    return .added(key[0])
                }
                current = original
            } else if current & Self.building != 0 && candidate < current {
                let (exchanged, original) = slot.pointee.compareExchange(expected: current, desired: candidate, ordering: .relaxed)
                if exchanged { return .known }
                current = original
            } else {
                return .known
            }
        }
    }

    func touch(_ keys: UnsafePointer<UInt64>, count: Int) {
        for i in 0..<count where keys[i] < UInt64(capacity) { smcheck_prefetch_for_write(slots + Int(keys[i])) }
    }

    func lookup(_ key: UnsafePointer<UInt64>) -> UInt64? {
        guard key[0] < UInt64(capacity) else { return nil }
        return slots[Int(key[0])].load(ordering: .relaxed) == 0 ? nil : key[0]
    }

    func closeLayer(_ added: UnsafeBufferPointer<UInt64>) {
        // No other thread writes between layers: a plain load and store, not a locked read-modify-write.
        for key in added { slots[Int(key)].store(slots[Int(key)].load(ordering: .relaxed) & ~Self.building, ordering: .relaxed) }
        askForHugePagesWhenDense()
    }

    func parent(of id: UInt64, depth: Int) -> UInt64? {
        let value = UInt64(slots[Int(id)].load(ordering: .relaxed) & ~Self.building) - 1
        return value == id ? nil : value
    }

    func key(of id: UInt64, into key: UnsafeMutablePointer<UInt64>) { key[0] = id }
}
