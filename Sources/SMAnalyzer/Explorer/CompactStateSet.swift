import CPlatform
import Foundation

/// An exact set of packed keys that keeps each in a few bytes: the compact store's memory (`--compact`).
///
/// Quotienting: a key comes with its first word through a permutation of its used bits (`spread`, which the compact
/// stores apply once, to choose a key's slice too), whose top bits choose the key's home slot and are therefore not
/// stored; a slot keeps the rest of the permuted word, the other key words as they are, and how far the slot is from
/// its home (linear probing, so the home is known without the key). On the dining philosophers (a 42-bit key) a
/// slot is about 30 bits, and the table is at most 90% full: 4–8 bytes a state, where a table of whole keys with
/// parents takes 12–32.
///
/// Robin Hood order: the keys of a run of full slots lie in the order of their homes (a new key goes in front of the
/// first key nearer its home, and the rest of the run moves up one slot). A probe for an absent key therefore stops
/// at the first key nearer its home than it would be, not at the next empty slot: at 90% full that is most of an
/// insert's probes (the explorer's inserts are mostly of keys it already has, and its new keys are the misses), and
/// no key lies far from its home, so distances take few bits.
///
/// The permutation of the first word is keyed by a hash of the other words, so keys that differ only there still
/// spread out; it is a bijection for each value of the other words, so a home, a remainder and the other words
/// identify one key. Homes are as many as the first word's values: keys of several words need a first word of
/// many bits, which `StateCodec` gives them (it starts a word only when a field of at most 32 bits does not fit in
/// the last). Nothing is ever removed. One thread.
final class CompactStateSet: @unchecked Sendable {
    let keyWords: Int
    /// Used bits of each key word.
    private let wordBits: [Int]
    /// Bits of the first word.
    private let firstBits: Int

    /// Slots, as a power of two.
    private(set) var tableBits: Int
    /// Bits of a slot's distance from its home + 1 (0: empty slot).
    private(set) var distanceBits: Int
    /// Bits of the permuted first word a slot keeps (those its home does not give), and a mask of them.
    private var remainderBits: Int
    private var remainderMask: UInt64
    /// A home is the permuted first word shifted right by `homeShift`, then left by `homeLeftShift` (when the table
    /// has more slots than first words have values).
    private var homeShift: UInt64
    private var homeLeftShift: Int
    /// Bits of the other key words.
    private let restBits: Int
    private var slotBits: Int
    /// Whether a slot fits in 57 bits, so one unaligned load of a word reads it whatever its first bit (the fast path).
    private var isNarrow: Bool
    private var slotMask: UInt64
    private var capacityMask: Int
    /// The farthest a slot may lie from its home.
    private var maximumDistance: Int
    /// Enough for tables of up to millions of keys 90% full, in Robin Hood order; one that needs more gets it
    /// (`rebuild`).
    static let initialDistanceBits = 6
    /// Longer distances than this are not tried: a table that would need them is full (it could not grow).
    private static let maximumDistanceBits = 24
    /// The slots, bit-packed, with a spare word at the end so a slot's last bits can be read as a whole word.
    private var slots: UnsafeMutablePointer<UInt64>
    private var slotWords: Int

    private(set) var stored = 0
    /// Grows (doubles) past this share of its slots: linear probing still finds a key in a few slots on average.
    static let maximumLoad = 0.9
    private var growAt: Int
    /// Why the set cannot take more keys, once it could not grow: the search must stop.
    private(set) var failure: String?

    var bytes: Int { slotWords * 8 }

    /// An empty set for keys of `wordBits.count` words, each using its low `wordBits[w]` bits (the others zero, as
    /// `StateCodec` packs them), of `2^tableBits` slots whose distances take `distanceBits` (tests make both small).
    /// Keys come with their first word spread (`spread`).
    init(wordBits: [Int], tableBits: Int = 12, distanceBits: Int = initialDistanceBits) {
        precondition(!wordBits.isEmpty && wordBits.allSatisfy { (0...64).contains($0) })
        self.wordBits = wordBits
        keyWords = wordBits.count
        firstBits = wordBits[0]
        restBits = wordBits.dropFirst().reduce(0, +)
        (self.tableBits, self.distanceBits, remainderBits, slotBits, capacityMask, maximumDistance, growAt) = (0, 0, 0, 0, 0, 0, 0)
        (isNarrow, slotMask, remainderMask, homeShift, homeLeftShift) = (false, 0, 0, 0, 0)
        (slots, slotWords) = (UnsafeMutablePointer(bitPattern: 8)!, 0)
        shape(tableBits: tableBits, distanceBits: distanceBits)
        (slots, slotWords) = Self.allocateSlots(tableBits: tableBits, slotBits: slotBits)!
    }

    deinit { free(slots) }

    /// Sets the table's shape and what follows from it.
    private func shape(tableBits: Int, distanceBits: Int) {
        self.tableBits = tableBits
        self.distanceBits = distanceBits
        remainderBits = max(0, firstBits - tableBits)
        remainderMask = (1 << UInt64(remainderBits)) &- 1
        homeShift = UInt64(remainderBits)
        homeLeftShift = max(0, tableBits - firstBits)
        slotBits = distanceBits + remainderBits + restBits
        isNarrow = slotBits <= 57
        slotMask = isNarrow ? (1 << UInt64(slotBits)) - 1 : 0
        capacityMask = (1 << tableBits) - 1
        maximumDistance = (1 << distanceBits) - 2
        growAt = Int(Self.maximumLoad * Double(1 << tableBits))
    }

    /// Zeroed room for a table's slots; nil when it cannot be had.
    private static func allocateSlots(tableBits: Int, slotBits: Int) -> (UnsafeMutablePointer<UInt64>, Int)? {
        let words = ((1 << tableBits) * slotBits + 63) / 64 + 1
        // calloc: zero pages cost nothing until touched.
        guard let memory = calloc(words, 8) else { return nil }
        return (memory.bindMemory(to: UInt64.self, capacity: words), words)
    }

    // MARK: Keys as homes and remainders

    /// The low `bits` bits.
    static func mask(bits: Int) -> UInt64 { bits == 64 ? ~0 : (1 << UInt64(bits)) - 1 }

    /// The shift of `permute` for words of `bits` bits: about half of them.
    static func permutationShift(bits: Int) -> UInt64 { UInt64(max(1, (bits + 1) / 2)) }

    /// A bijection of the words of `mask`'s bits that spreads keys close together over all of them: products by odd
    /// constants and right shifts within the mask, each invertible.
    @inline(__always)
    static func permute(_ word: UInt64, mask: UInt64, shift: UInt64) -> UInt64 {
        var p = (word &* 0x9E37_79B9_7F4A_7C15) & mask
        p ^= p &>> shift
        p = (p &* 0xBF58_476D_1CE4_E5B9) & mask
        p ^= p &>> shift
        return (p &* 0x94D0_49BB_1331_11EB) & mask
    }

    /// The word `permute` took to `permuted`: each step undone in reverse order (a shift by at least half the bits
    /// undoes itself, and an odd constant's product is undone by its inverse's).
    static func unpermute(_ permuted: UInt64, mask: UInt64, shift: UInt64) -> UInt64 {
        precondition(2 * shift >= UInt64(mask.nonzeroBitCount), "a shift of less than half the bits does not undo itself")
        var p = (permuted &* inverse(0x94D0_49BB_1331_11EB)) & mask
        p ^= p &>> shift
        p = (p &* inverse(0xBF58_476D_1CE4_E5B9)) & mask
        p ^= p &>> shift
        return (p &* inverse(0x9E37_79B9_7F4A_7C15)) & mask
    }

    /// The inverse of an odd number modulo 2^64 (Newton's iteration: each doubles the bits that are right).
    private static func inverse(_ odd: UInt64) -> UInt64 {
        var x = odd
        for _ in 0..<5 { x = x &* (2 &- odd &* x) }
        return x
    }

    /// A bijection of the used bits (`mask`) of a key's first word, keyed by its other words: for each value of
    /// those, one first word gives one result.
    @inline(__always)
    static func spread(_ key: UnsafePointer<UInt64>, words: Int, mask: UInt64, shift: UInt64) -> UInt64 {
        var p = key[0]
        if words > 1 { p ^= PackedKey.mix(key + 1, words - 1, from: PackedKey.golden) & mask }
        return permute(p, mask: mask, shift: shift)
    }

    @inline(__always)
    private func home(_ permuted: UInt64) -> Int { Int(truncatingIfNeeded: permuted &>> homeShift) &<< homeLeftShift }

    @inline(__always)
    private func remainder(_ permuted: UInt64) -> UInt64 { permuted & remainderMask }

    /// The permuted first word of the key with this home and remainder in a table of `2^tableBits` slots.
    private func permuted(home: Int, remainder: UInt64, tableBits: Int) -> UInt64 {
        firstBits >= tableBits
            ? UInt64(home) << UInt64(firstBits - tableBits) | remainder
            : UInt64(home) >> UInt64(tableBits - firstBits)
    }

    // MARK: Bit fields

    /// `width` (1...64) bits from `bit` on.
    @inline(__always)
    private static func read(_ words: UnsafeMutablePointer<UInt64>, _ bit: Int, _ width: Int) -> UInt64 {
        let word = bit >> 6
        let offset = UInt64(bit & 63)
        var value = words[word] >> offset
        if offset != 0 && Int(offset) + width > 64 { value |= words[word + 1] << (64 - offset) }
        return width == 64 ? value : value & ((1 << UInt64(width)) - 1)
    }

    @inline(__always)
    private func read(_ bit: Int, _ width: Int) -> UInt64 { Self.read(slots, bit, width) }

    @inline(__always)
    private func write(_ bit: Int, _ width: Int, _ value: UInt64) {
        let word = bit >> 6
        let offset = UInt64(bit & 63)
        let mask: UInt64 = width == 64 ? ~0 : (1 << UInt64(width)) - 1
        slots[word] = slots[word] & ~(mask << offset) | value << offset
        if offset != 0 && Int(offset) + width > 64 {
            let high = 64 - offset
            slots[word + 1] = slots[word + 1] & ~(mask >> high) | value >> high
        }
    }

    /// A narrow slot. (The slots are a little-endian bit stream, so a byte's view and a word's view agree.)
    @inline(__always)
    private func loadSlot(_ slot: Int) -> UInt64 {
        let bit = slot &* slotBits
        let word = UnsafeRawPointer(slots).loadUnaligned(fromByteOffset: bit &>> 3, as: UInt64.self)
        return (word &>> UInt64(bit & 7)) & slotMask
    }

    @inline(__always)
    private func storeSlot(_ slot: Int, _ value: UInt64) {
        let bit = slot &* slotBits
        let byte = UnsafeMutableRawPointer(slots) + (bit &>> 3)
        let shift = UInt64(bit & 7)
        let word = byte.loadUnaligned(as: UInt64.self)
        byte.storeBytes(of: word & ~(slotMask &<< shift) | value &<< shift, as: UInt64.self)
    }

    /// What a narrow slot holds above its distance: the remainder, then the other key words.
    @inline(__always)
    private func narrowContent(_ remainder: UInt64, _ key: UnsafePointer<UInt64>) -> UInt64 {
        var content = remainder
        guard keyWords > 1 else { return content }
        var at = UInt64(remainderBits)
        for w in 1..<keyWords {
            content |= key[w] &<< at
            at &+= UInt64(wordBits[w])
        }
        return content
    }

    /// Whether the slot at `bit` holds this remainder and these other key words.
    @inline(__always)
    private func holds(_ bit: Int, _ remainder: UInt64, _ key: UnsafePointer<UInt64>) -> Bool {
        var at = bit + distanceBits
        let bits = remainderBits
        if bits > 0 {
            if read(at, bits) != remainder { return false }
            at += bits
        }
        for w in 1..<max(1, keyWords) where wordBits[w] > 0 {
            if read(at, wordBits[w]) != key[w] { return false }
            at += wordBits[w]
        }
        return true
    }

    /// Fills an empty slot.
    @inline(__always)
    private func fill(_ slot: Int, distance: Int, _ remainder: UInt64, _ key: UnsafePointer<UInt64>) {
        if isNarrow {
            storeSlot(slot, narrowContent(remainder, key) << UInt64(distanceBits) | UInt64(distance + 1))
            return
        }
        let bit = slot * slotBits
        write(bit, distanceBits, UInt64(distance + 1))
        var at = bit + distanceBits
        let bits = remainderBits
        if bits > 0 {
            write(at, bits, remainder)
            at += bits
        }
        for w in 1..<max(1, keyWords) where wordBits[w] > 0 {
            write(at, wordBits[w], key[w])
            at += wordBits[w]
        }
    }

    // MARK: Inserting and finding

    /// Where a probe for a key ended: on its slot, on the slot where it goes (empty, or holding the first key nearer
    /// its home, which moves up with the rest of its run), or past the farthest a slot may lie from its home (the key
    /// is not there, and the table needs longer distances before it can take it).
    private enum Probe {
        case found
        case place(slot: Int, distance: Int)
        case tooFar
    }

    @inline(__always)
    private func probe(_ key: UnsafePointer<UInt64>) -> (Probe, UInt64) {
        let permuted = key[0]
        let home = home(permuted)
        let remainder = remainder(permuted)
        let limit = maximumDistance
        var slot = home
        var distance = 0
        if isNarrow {
            // The slot this key would fill at each distance: one comparison finds it.
            var expected = narrowContent(remainder, key) &<< UInt64(distanceBits) | 1
            let mask = capacityMask
            let distanceMask: UInt64 = (1 << UInt64(distanceBits)) &- 1
            while distance <= limit {
                let value = loadSlot(slot)
                if value == expected { return (.found, remainder) }
                // Empty (0), or a key nearer its home than this one would be here (its distance + 1 at most this
                // one's distance): in Robin Hood order, the key is not further on.
                if value & distanceMask <= UInt64(distance) { return (.place(slot: slot, distance: distance), remainder) }
                slot = (slot &+ 1) & mask
                distance &+= 1
                expected &+= 1
            }
            return (.tooFar, remainder)
        }
        let width = slotBits
        while distance <= limit {
            let bit = slot * width
            let tag = Int(truncatingIfNeeded: read(bit, distanceBits))
            if tag <= distance { return (.place(slot: slot, distance: distance), remainder) }
            // A slot is this key's when it has the same home (the same distance from it) and holds the same rest.
            if tag - 1 == distance && holds(bit, remainder, key) { return (.found, remainder) }
            slot = (slot + 1) & capacityMask
            distance += 1
        }
        return (.tooFar, remainder)
    }

    /// A slot's distance from its home + 1; 0 when it is empty.
    @inline(__always)
    private func tag(_ slot: Int) -> Int {
        Int(truncatingIfNeeded: isNarrow ? loadSlot(slot) & ((1 << UInt64(distanceBits)) &- 1) : read(slot * slotBits, distanceBits))
    }

    /// Empties `slot` for a key that goes there, moving the keys from it to the end of its run up one slot (each one
    /// slot farther from its home); false, with nothing moved, when one would lie farther than the distances allow.
    private func makeRoom(at slot: Int) -> Bool {
        guard isNarrow else { return makeRoomWide(at: slot) }
        let (slots, slotBits, slotMask, capacityMask) = (self.slots, self.slotBits, self.slotMask, self.capacityMask)
        let distanceMask: UInt64 = (1 << UInt64(distanceBits)) &- 1
        // Distance + 1 becomes distance + 2, which must stay at most `maximumDistance` + 1.
        let limit = UInt64(maximumDistance)
        @inline(__always) func load(_ slot: Int) -> UInt64 {
            let bit = slot &* slotBits
            return (UnsafeRawPointer(slots).loadUnaligned(fromByteOffset: bit &>> 3, as: UInt64.self) &>> UInt64(bit & 7)) & slotMask
        }
        @inline(__always) func store(_ slot: Int, _ value: UInt64) {
            let bit = slot &* slotBits
            let byte = UnsafeMutableRawPointer(slots) + (bit &>> 3)
            let shift = UInt64(bit & 7)
            byte.storeBytes(of: byte.loadUnaligned(as: UInt64.self) & ~(slotMask &<< shift) | value &<< shift, as: UInt64.self)
        }
        // One pass from `slot`: each key moves up one slot, one farther from its home, until one lands on the run's
        // empty end (a table at most 90% full has one).
        var carry = load(slot)
        var at = slot
        while carry != 0 {
            guard carry & distanceMask <= limit else {
                // Too far once moved: the keys moved so far go back, and the table needs longer distances.
                var back = slot
                while back != at {
                    let next = (back &+ 1) & capacityMask
                    store(back, load(next) &- 1)
                    back = next
                }
                store(at, carry)
                return false
            }
            at = (at &+ 1) & capacityMask
            let next = load(at)
            store(at, carry &+ 1)
            carry = next
        }
        return true
    }

    /// `makeRoom` for slots wider than narrow ones: the run's end first, then each slot from there back takes the one
    /// before it.
    private func makeRoomWide(at slot: Int) -> Bool {
        // The run's end, the first empty slot (a table at most 90% full has one).
        var end = slot
        while true {
            let t = tag(end)
            if t == 0 { break }
            // Distance + 1 becomes distance + 2, which must stay at most `maximumDistance` + 1.
            if t > maximumDistance { return false }
            end = (end &+ 1) & capacityMask
        }
        // From the end back, each slot takes the one before it, one farther from its home.
        while end != slot {
            let from = (end &- 1) & capacityMask
            moveWide(from, to: end)
            end = from
        }
        return true
    }

    /// Copies a slot wider than a narrow one to `target`, one farther from its home.
    private func moveWide(_ source: Int, to target: Int) {
        let width = slotBits
        var from = source * width
        var to = target * width
        write(to, distanceBits, read(from, distanceBits) + 1)
        from += distanceBits
        to += distanceBits
        var left = width - distanceBits
        while left > 0 {
            let chunk = min(64, left)
            write(to, chunk, read(from, chunk))
            from += chunk
            to += chunk
            left -= chunk
        }
    }

    /// Adds the key; whether it was new. False also when the set could not grow (see `failure`).
    func insert(_ key: UnsafePointer<UInt64>) -> Bool {
        guard failure == nil else { return false }
        while true {
            let (probe, remainder) = probe(key)
            switch probe {
            case .found: return false
            case .tooFar:
                guard rebuild(tableBits: tableBits, distanceBits: distanceBits + 1) else { return false }
            case .place(let slot, let distance):
                guard makeRoom(at: slot) else {
                    guard rebuild(tableBits: tableBits, distanceBits: distanceBits + 1) else { return false }
                    continue
                }
                fill(slot, distance: distance, remainder, key)
                stored += 1
                // Distances as long as before: in Robin Hood order the farthest key of a table 90% full lies a little
                // farther from its home the more slots it has, so a table that needed longer ones will again.
                if stored > growAt { _ = rebuild(tableBits: tableBits + 1, distanceBits: distanceBits) }
                return true
            }
        }
    }

    func contains(_ key: UnsafePointer<UInt64>) -> Bool {
        if case .found = probe(key).0 { return true }
        return false
    }

    /// How far ahead of the key being inserted `insert(batch:)` starts loading a key's home slot.
    private static let batchPrefetch = 8

    /// Inserts `count` keys of one word, `stride` words apart, each the bits under `mask` of a word spread as for
    /// `insert` (bits above them, a caller's slice, are dropped), in order; writes the position of each new one to
    /// `new` and returns how many were new, and how many were taken: all of them, unless the set could not grow
    /// (`failure`), which ends the batch. Meanwhile the home slots of the keys a few ahead load into the cache. A
    /// set in narrow slots runs with its table's shape in registers (the compact store's inserts, most of an
    /// exploration's time on parallel regions); wider ones take each key through `insert`.
    func insert(batch keys: UnsafePointer<UInt64>, stride: Int, count: Int, mask: UInt64, new: UnsafeMutablePointer<Int32>)
        -> (new: Int, taken: Int)
    {
        precondition(keyWords == 1, "a batch takes keys of one word")
        var added = 0
        var i = 0
        let ahead = Self.batchPrefetch
        for j in 0..<min(count, ahead) { touch(spreadFirst: keys[j &* stride] & mask) }
        while i < count {
            guard failure == nil else { return (added, i) }
            guard isNarrow else {
                while i < count {
                    var key = keys[i &* stride] & mask
                    if insert(&key) {
                        new[added] = Int32(i)
                        added += 1
                    } else if failure != nil {
                        return (added, i)
                    }
                    i += 1
                }
                return (added, i)
            }
            // The table's shape until it changes: a growth, or longer distances, after which it is read again.
            let (slots, slotBits, slotMask, capacityMask) = (self.slots, self.slotBits, self.slotMask, self.capacityMask)
            let (homeShift, homeLeftShift, remainderMask) = (self.homeShift, self.homeLeftShift, self.remainderMask)
            let distanceBits = UInt64(self.distanceBits)
            let distanceMask: UInt64 = (1 << distanceBits) &- 1
            let limit = maximumDistance
            @inline(__always) func home(_ permuted: UInt64) -> Int { Int(truncatingIfNeeded: permuted &>> homeShift) &<< homeLeftShift }
            @inline(__always) func load(_ slot: Int) -> UInt64 {
                let bit = slot &* slotBits
                return (UnsafeRawPointer(slots).loadUnaligned(fromByteOffset: bit &>> 3, as: UInt64.self) &>> UInt64(bit & 7)) & slotMask
            }
            reshaped: while i < count {
                if i &+ ahead < count {
                    smcheck_prefetch_for_write(slots + (home(keys[(i &+ ahead) &* stride] & mask) &* slotBits) &>> 6)
                }
                let permuted = keys[i &* stride] & mask
                var slot = home(permuted)
                var expected = (permuted & remainderMask) &<< distanceBits | 1
                var distance = 0
                while true {
                    guard distance <= limit else {
                        // Too far from its home for the distances: longer ones, and this key again (or, when the table
                        // cannot be rebuilt, `insert` from here on, which answers false).
                        _ = rebuild(tableBits: tableBits, distanceBits: self.distanceBits + 1)
                        break reshaped
                    }
                    let value = load(slot)
                    if value == expected { break }
                    // Empty, or the first key nearer its home (`probe`): this key goes here.
                    if value & distanceMask <= UInt64(distance) {
                        guard makeRoom(at: slot) else {
                            _ = rebuild(tableBits: tableBits, distanceBits: self.distanceBits + 1)
                            break reshaped
                        }
                        storeSlot(slot, expected)
                        stored += 1
                        new[added] = Int32(i)
                        added += 1
                        i += 1
                        // Grown as `insert` grows it.
                        if stored > growAt {
                            _ = rebuild(tableBits: tableBits + 1, distanceBits: self.distanceBits)
                            break reshaped
                        }
                        continue reshaped
                    }
                    slot = (slot &+ 1) & capacityMask
                    distance &+= 1
                    expected &+= 1
                }
                i += 1
            }
        }
        return (added, i)
    }

    /// Starts loading the home slot of a key whose first word, spread, is `first` into the cache.
    @inline(__always)
    func touch(spreadFirst first: UInt64) {
        smcheck_prefetch_for_write(slots + (home(first) * slotBits) >> 6)
    }

    /// Moves every key into a table of the given shape (more slots, or longer distances when some key could not be
    /// placed near enough its home); the distances grow further while a key still cannot. False, with `failure`
    /// set, when the memory cannot be had.
    private func rebuild(tableBits newTableBits: Int, distanceBits newDistanceBits: Int) -> Bool {
        let old = (
            slots: slots, words: slotWords, tableBits: tableBits, distanceBits: distanceBits, remainderBits: remainderBits,
            width: slotBits
        )
        let key = UnsafeMutablePointer<UInt64>.allocate(capacity: keyWords)
        defer { key.deallocate() }
        var distanceBits = newDistanceBits
        rebuilding: while true {
            shape(tableBits: newTableBits, distanceBits: distanceBits)
            guard distanceBits <= Self.maximumDistanceBits,
                let (fresh, words) = Self.allocateSlots(tableBits: newTableBits, slotBits: slotBits)
            else {
                shape(tableBits: old.tableBits, distanceBits: old.distanceBits)
                (slots, slotWords) = (old.slots, old.words)
                failure =
                    "the compact store could not grow its table of \(old.words * 8) bytes (\(LimitMonitor.configurations(stored))) any further"
                return false
            }
            (slots, slotWords) = (fresh, words)
            for slot in 0..<(1 << old.tableBits) {
                let bit = slot * old.width
                let tag: UInt64
                let remainder: UInt64
                if old.width <= 57 {
                    // A narrow slot in one load, then its fields by shifts; an empty one is all zero.
                    var value = UnsafeRawPointer(old.slots).loadUnaligned(fromByteOffset: bit >> 3, as: UInt64.self) >> UInt64(bit & 7)
                    value &= (1 << UInt64(old.width)) - 1
                    guard value != 0 else { continue }
                    tag = value & ((1 << UInt64(old.distanceBits)) - 1)
                    value >>= UInt64(old.distanceBits)
                    remainder = value & ((1 << UInt64(old.remainderBits)) - 1)
                    value >>= UInt64(old.remainderBits)
                    for w in 1..<max(1, keyWords) {
                        key[w] = value & ((1 << UInt64(wordBits[w])) - 1)
                        value >>= UInt64(wordBits[w])
                    }
                } else {
                    tag = Self.read(old.slots, bit, old.distanceBits)
                    guard tag != 0 else { continue }
                    var at = bit + old.distanceBits
                    remainder = old.remainderBits == 0 ? 0 : Self.read(old.slots, at, old.remainderBits)
                    at += old.remainderBits
                    for w in 1..<max(1, keyWords) {
                        key[w] = wordBits[w] == 0 ? 0 : Self.read(old.slots, at, wordBits[w])
                        at += wordBits[w]
                    }
                }
                let oldHome = (slot - Int(tag - 1)) & ((1 << old.tableBits) - 1)
                if !place(permuted(home: oldHome, remainder: remainder, tableBits: old.tableBits), key) {
                    free(fresh)
                    distanceBits += 1
                    continue rebuilding
                }
            }
            free(old.slots)
            return true
        }
    }

    /// Puts a key known to be absent into the current table, in Robin Hood order; false when its slot, or a key it
    /// moves up, would lie farther from its home than the distances allow.
    private func place(_ permuted: UInt64, _ key: UnsafePointer<UInt64>) -> Bool {
        let home = home(permuted)
        var slot = home
        for distance in 0...maximumDistance {
            if tag(slot) <= distance {
                guard makeRoom(at: slot) else { return false }
                fill(slot, distance: distance, remainder(permuted), key)
                return true
            }
            slot = (slot + 1) & capacityMask
        }
        return false
    }

    /// Whether every run of full slots is in Robin Hood order: each slot's key at most one slot farther from its home
    /// than the key before it (after an empty slot, at its home). For tests.
    var isInRobinHoodOrder: Bool {
        let capacity = 1 << tableBits
        for slot in 0..<capacity where tag((slot + 1) & capacityMask) > tag(slot) + 1 { return false }
        return true
    }
}
