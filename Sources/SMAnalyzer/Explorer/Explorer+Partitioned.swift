import Foundation
@_spi(Stepping) import SMEngine
import Synchronization

extension Explorer {
    /// A narrow stretch expanded without looking at the limits lasts at most this long.
    static let narrowStretchNanoseconds: UInt64 = 50_000_000
    /// States of a chunk, the unit the threads take; fixed, so the order of inserts does not depend on the threads.
    static let partitionChunk = 64

    /// How many of a layer's `remaining` states the next round expands: at most `perRound`; and when the last
    /// round's `growth` (new states per state) says that many would add more than the `room` the state limit
    /// leaves, only as many as fill it (at least a chunk). Never more than remain.
    package static func roundStates(remaining: Int, perRound: Int, room: Int, growth: Double?) -> Int {
        let states = min(perRound, remaining)
        guard let growth, growth > 0 else { return states }
        // In floating point: with no limit (Int.max) the room is beyond any Int.
        let filling = Double(max(0, room)) / growth
        guard filling < Double(states) else { return states }
        return min(states, max(partitionChunk, Int(filling) + 1))
    }

    /// Why a search stopped when the store could not grow.
    private func cannotGrowReason(_ store: some PartitionedStore) -> String {
        store.failure ?? "stopped after \(LimitMonitor.configurations(store.count)): the visited store cannot grow further"
    }

    /// `searchPartitioned` with helper threads of its own, for `workers` made for the store (whose type the caller
    /// knows, so the search is compiled for it).
    func searchPartitioned<Partitioned: PartitionedStore, Store: VisitedStore>(
        from root: UInt64, store: Partitioned, workers: Workers<Store>, threads: Int, monitor: LimitMonitor, exploration: Exploration
    ) -> Int {
        let helpers = HelperThreads(count: threads - 1)
        defer { helpers.stop() }
        return searchPartitioned(
            from: root, store: store, workers: workers as! Workers<Partitioned>, helpers: helpers, monitor: monitor,
            exploration: exploration)
    }

    /// Layer by layer for a partitioned store (the hashed one, the compact ones), in rounds of two phases. Expanding: the threads take chunks of the
    /// round and keep each successor with its parent's handle, by slice (`SuccessorArena`). Inserting: each thread
    /// takes whole slices and inserts their successors chunk by chunk, in the order of the layer, so the first
    /// parent to reach a key is its parent; with the layer in key order (a store whose ids are keys), that is the
    /// smallest parent, as the dense store keeps. No insert is atomic or waits, and the result is the same with any
    /// number of threads.
    ///
    /// The frontier holds entries of a key and what its insert answered (`PartitionedStore`): a state is expanded
    /// without looking its key up.
    func searchPartitioned<Store: PartitionedStore>(
        from root: UInt64, store: Store, workers: Workers<Store>, helpers: HelperThreads, monitor: LimitMonitor,
        exploration: Exploration
    ) -> Int {
        let all = workers.all
        let slices = StoreSlices.count
        let words = store.keyWords
        /// Words of a layer's entry: the key's, then what its insert answered.
        let entryWords = words + 1
        var frontier = [UInt64](repeating: 0, count: entryWords)
        frontier.withUnsafeMutableBufferPointer { store.key(of: root, into: $0.baseAddress!) }
        frontier[words] = store.handle(of: root)
        var next: [UInt64] = []
        var scratch: [UInt64] = []
        /// Per slice: the states it added in this layer, as entries; each filled by one thread at a time.
        let added = UnsafeMutablePointer<[UInt64]>.allocate(capacity: slices)
        added.initialize(repeating: [], count: slices)
        let statesPerRound = max(Self.partitionChunk, options.statesPerRound)
        let chunksPerRound = (statesPerRound + Self.partitionChunk - 1) / Self.partitionChunk
        /// Per chunk of the round: the thread that expanded it, and the range of its successors in each slice of
        /// that thread's arena (`slices` starts, then `slices` ends).
        let chunkWorker = UnsafeMutablePointer<Int32>.allocate(capacity: chunksPerRound)
        let chunkBounds = UnsafeMutablePointer<Int32>.allocate(capacity: chunksPerRound * 2 * slices)
        /// Per slice, while inserting: the chunk and the entry it goes on from (after the table grew).
        let resume = UnsafeMutablePointer<(chunk: Int, entry: Int)>.allocate(capacity: slices)
        defer {
            added.deinitialize(count: slices)
            added.deallocate()
            chunkWorker.deallocate()
            chunkBounds.deallocate()
            resume.deallocate()
        }
        var depth = 0
        /// What rounds cost alone and shared, which decides whether the next is shared.
        var sharing = LayerSharing(sharesEveryLayer: options.sharesEveryLayer)
        let narrow = Self.narrowLayer(options)
        /// New states per state expanded in the last round: a round is cut so that it cannot add many more states
        /// than the limit leaves room for (its inserts come after all its expansions).
        var growth: Double?
        /// The depth of the deepest states stored, when the search stops in the middle of a layer.
        func deepestStored(_ depth: Int) -> Int { (0..<slices).contains { !added[$0].isEmpty } ? depth + 1 : depth }
        if let failure = store.failure {
            exploration.stop(failure)
            return depth
        }
        layers: while !frontier.isEmpty {
            // A deep, narrow stretch: one thread, layer after layer, without rounds, until it widens or the limits
            // are due (a chain of millions of layers must not pay a round's setup for each).
            if frontier.count / entryWords < narrow
                && (all.count == 1 || sharing.isNarrow(frontier.count / entryWords))
            {
                let started = DispatchTime.now().uptimeNanoseconds
                var expanded = 0
                // Until about `checkInterval` states or `narrowStretchNanoseconds`: states may be costly (thousands
                // of event instances, choices), and the limits are looked at after the stretch. The clock is read
                // every 64 states or so (a chain has a layer per state).
                var clockAt = 64
                while !frontier.isEmpty && frontier.count / entryWords < narrow && expanded < Self.checkInterval
                    && store.count < options.maximumStates
                {
                    if expanded >= clockAt {
                        clockAt = expanded + 64
                        if DispatchTime.now().uptimeNanoseconds - started >= Self.narrowStretchNanoseconds { break }
                    }
                    expanded += frontier.count / entryWords
                    guard all[0].expandDirectly(&frontier, into: &next, scratch: &scratch, depth: depth, store: store) else {
                        if !next.isEmpty { depth += 1 }
                        exploration.stop(cannotGrowReason(store))
                        break layers
                    }
                    if all[0].tally.pointee.choiceLimitHit { exploration.stop(choiceLimitReason) }
                    swap(&frontier, &next)
                    if !frontier.isEmpty { depth += 1 }
                }
                if expanded >= Self.timedLayer {
                    sharing.record(since: started, states: expanded, shared: false)
                }
                if let failure = store.failure {
                    exploration.stop(failure)
                    break
                }
                if frontier.isEmpty { break }
            }
            monitor.reportProgress(depth: depth, frontier: frontier.count / entryWords)
            if let reason = monitor.limitReached() {
                exploration.stop(reason)
                break
            }
            let states = frontier.count / entryWords
            var roundStart = 0
            while roundStart < states {
                let roundStates = Self.roundStates(
                    remaining: states - roundStart, perRound: statesPerRound, room: options.maximumStates - store.count, growth: growth)
                let chunks = (roundStates + Self.partitionChunk - 1) / Self.partitionChunk
                let busy = all.count > 1 && chunks > 1 && sharing.shares(roundStates) ? all.count : 1
                if busy > 1 { exploration.sharedLayers += 1 }
                // A round is timed from its expanding to the end of its inserting, alone as shared.
                let timed = roundStates >= Self.timedLayer
                let started = timed ? DispatchTime.now().uptimeNanoseconds : 0
                // Expanding.
                let taken = ChunkCounter(chunks: chunks, threads: busy)
                let base = roundStart
                frontier.withUnsafeBufferPointer { frontier in
                    let expand: (Int) -> Void = { index in
                        // The arenas are empty: each round's inserts empty them.
                        let worker = all[index]
                        while let c = taken.take(index) {
                            if index == 0 {
                                if monitor.limitReached() != nil { break }
                                monitor.reportProgress(depth: depth, frontier: states)
                            } else if monitor.isStopped {
                                break
                            }
                            chunkWorker[c] = Int32(index)
                            worker.tally.pointee.arena.openChunk(starts: chunkBounds + c * 2 * slices)
                            let first = base + c * Self.partitionChunk
                            for position in first..<min(base + roundStates, first + Self.partitionChunk) {
                                worker.expandBuffered(
                                    key: frontier.baseAddress! + entryWords * position, entry: frontier[entryWords * position + words],
                                    depth: depth, store: store)
                            }
                            worker.tally.pointee.arena.closeChunk(ends: chunkBounds + c * 2 * slices + slices)
                        }
                    }
                    if busy > 1 { helpers.run(expand) } else { expand(0) }
                }
                if let reason = monitor.stopReason {
                    depth = deepestStored(depth)
                    exploration.stop(reason)
                    break layers
                }
                // Inserting, slice by slice; when a slice is full, the table grows and its slices go on.
                let before = store.count
                /// Whether the store grew in this round: its time then says little of what a round costs.
                var grew = false
                for s in 0..<slices { resume[s] = (0, -1) }
                while true {
                    let full = Atomic<Int>(0)
                    let nextSlice = Atomic<Int>(0)
                    let insert: (Int) -> Void = { index in
                        let worker = all[index]
                        while true {
                            let s = nextSlice.add(1, ordering: .relaxed).oldValue
                            guard s < slices else { break }
                            guard resume[s].entry != Int.max else { continue }
                            if let stopped = worker.insertSlice(
                                s, chunks: chunks, workers: all, chunkWorker: chunkWorker, chunkBounds: chunkBounds, from: resume[s],
                                store: store, depth: depth, into: &added[s])
                            {
                                resume[s] = stopped
                                full.add(1, ordering: .relaxed)
                            } else {
                                resume[s] = (0, Int.max)
                            }
                        }
                    }
                    if busy > 1 { helpers.run(insert) } else { insert(0) }
                    guard full.load(ordering: .relaxed) > 0 else { break }
                    // One doubling: the entries left are mostly states already known, so they say little of the
                    // room needed, and a slice that fills up again doubles again.
                    guard store.grow(toHold: 1) else {
                        depth = deepestStored(depth)
                        exploration.stop(cannotGrowReason(store))
                        break layers
                    }
                    grew = true
                    renumberHandles(
                        store: store, workers: all, frontier: &frontier, states: states, added: added, parts: busy, helpers: helpers)
                }
                if timed && !grew {
                    sharing.record(since: started, states: roundStates, shared: busy > 1)
                }
                // Inserted: emptied now, so that no arena holds handles a later growth (of this search's either
                // path) would leave stale.
                for worker in all { worker.tally.pointee.arena.removeAll() }
                roundStart += roundStates
                growth = Double(store.count - before) / Double(roundStates)
                // The limits between the rounds of a layer (the next layer's start checks them after the last).
                if roundStart < states, let reason = monitor.limitReached() {
                    depth = deepestStored(depth)
                    exploration.stop(reason)
                    break layers
                }
            }
            if all.contains(where: { $0.tally.pointee.choiceLimitHit }) { exploration.stop(choiceLimitReason) }
            // The next layer, in key order.
            next.removeAll(keepingCapacity: true)
            for s in 0..<slices {
                next += added[s]
                added[s].removeAll(keepingCapacity: true)
            }
            seal(&next, scratch: &scratch, store: store, threads: all.count, helpers: helpers)
            if let failure = store.failure {
                exploration.stop(failure)
                if !next.isEmpty { depth += 1 }
                break
            }
            swap(&frontier, &next)
            if !frontier.isEmpty { depth += 1 }
        }
        // Stopped in the middle of a layer: what it stored is sealed too, so its states' traces can be read.
        if (0..<slices).contains(where: { !added[$0].isEmpty }) {
            next.removeAll(keepingCapacity: true)
            for s in 0..<slices { next += added[s] }
            seal(&next, scratch: &scratch, store: store, threads: all.count, helpers: helpers)
        }
        return depth
    }

    /// Seals a layer (`PartitionedStore.seal`). Every thread sorts a part of each pass when the layer is big: else
    /// the sort is what the helpers wait for.
    private func seal(
        _ layer: inout [UInt64], scratch: inout [UInt64], store: some PartitionedStore, threads: Int, helpers: HelperThreads
    ) {
        if threads > 1 && layer.count / (store.keyWords + 1) >= Self.parallelClose {
            store.seal(&layer, scratch: &scratch, parts: threads, run: helpers.run)
        } else {
            store.seal(&layer, scratch: &scratch)
        }
    }
}

extension Explorer {
    /// After the store grew in the middle of a layer, renumbers every handle held: the arenas' parents, the
    /// frontier's and the slices' additions. `parts` threads (1, or every worker with `helpers`) share the work,
    /// each the arenas, a share of the frontier and the slices of its own part. Out of line: the search's loop is
    /// compiled better without it.
    @inline(never)
    private func renumberHandles<Store: PartitionedStore>(
        store: Store, workers: [ExplorationWorker<Store>], frontier: inout [UInt64], states: Int,
        added: UnsafeMutablePointer<[UInt64]>, parts: Int, helpers: HelperThreads
    ) {
        let moved = { (handle: UInt64) in store.movedHandle(handle) }
        let slices = StoreSlices.count
        let words = store.keyWords
        let entryWords = words + 1
        frontier.withUnsafeMutableBufferPointer { frontier in
            let frontier = frontier.baseAddress!
            let renumber: (Int) -> Void = { part in
                for w in stride(from: part, to: workers.count, by: parts) { workers[w].tally.pointee.arena.remapParents(moved) }
                for i in states * part / parts..<states * (part + 1) / parts {
                    frontier[entryWords * i + words] = moved(frontier[entryWords * i + words])
                }
                for s in stride(from: part, to: slices, by: parts) {
                    added[s].withUnsafeMutableBufferPointer { added in
                        for i in 0..<added.count / entryWords { added[entryWords * i + words] = moved(added[entryWords * i + words]) }
                    }
                }
            }
            if parts > 1 { helpers.run(renumber) } else { renumber(0) }
        }
    }
}

extension ExplorationWorker where Store: PartitionedStore {
    /// Expands `layer` (its entries, in the store's order) alone, inserting each state's successors as they are
    /// found: in the layer's order, so each new state gets the parent the rounds would give it. Leaves the next
    /// layer, sealed, in `next`. False when the store is full and cannot grow (what the next layer got is sealed
    /// then too).
    func expandDirectly(
        _ layer: inout [UInt64], into next: inout [UInt64], scratch: inout [UInt64], depth: Int, store: Store
    ) -> Bool {
        next.removeAll(keepingCapacity: true)
        // Sealed however this ends: a search stopped because the store cannot grow still reads traces from it.
        defer { store.seal(&next, scratch: &scratch) }
        let words = store.keyWords
        let entryWords = words + 1
        for position in 0..<layer.count / entryWords {
            for w in 0..<words { parentKey[w] = layer[entryWords * position + w] }
            let entry = layer[entryWords * position + words]
            let id = store.id(key: parentKey, entry: entry)
            var progressed = step(from: id, depth: depth)
            let successors = tally.pointee.successors.base
            for i in 0..<tally.pointee.successors.count / words {
                let successor = successors + words * i
                if isParentKey(successor, words: words) { continue }
                progressed = true
                while true {
                    let insertion = store.insert(
                        successor, from: store.touch(successor),
                        parent: store.parentHandle(key: parentKey, entry: layer[entryWords * position + words]))
                    if case .added(let handle) = insertion {
                        for w in 0..<words { next.append(successor[w]) }
                        next.append(handle)
                        checkNew(store.id(key: successor, entry: handle), key: successor, depth: depth + 1)
                    }
                    guard insertion == .full else { break }
                    // Full: grow, and renumber the handles held (the layer's and the next one's).
                    guard store.grow(toHold: 1) else { return false }
                    for j in stride(from: words, to: layer.count, by: entryWords) { layer[j] = store.movedHandle(layer[j]) }
                    for j in stride(from: words, to: next.count, by: entryWords) { next[j] = store.movedHandle(next[j]) }
                }
            }
            if !progressed { checkDeadlock(id, depth: depth) }
        }
        return true
    }

    /// Expands the state of the layer's entry (`key`, `entry`) and keeps its successors, other than itself, for the
    /// inserting phase (`SuccessorArena`).
    func expandBuffered(key: UnsafePointer<UInt64>, entry: UInt64, depth: Int, store: Store) {
        let words = store.keyWords
        for w in 0..<words { parentKey[w] = key[w] }
        let id = store.id(key: parentKey, entry: entry)
        var progressed = step(from: id, depth: depth)
        let successors = tally.pointee.successors.base
        let handle = store.parentHandle(key: parentKey, entry: entry)
        for i in 0..<tally.pointee.successors.count / words {
            let successor = successors + words * i
            if isParentKey(successor, words: words) { continue }
            progressed = true
            let s = store.arenaForm(of: successor, into: storeKey)
            tally.pointee.arena.append(storeKey, words: words, parent: handle, slice: s)
        }
        if !progressed { checkDeadlock(id, depth: depth) }
    }

    /// Inserts slice `s`'s successors of a round, chunk by chunk from `start` (`entry` -1: the chunk's first), and
    /// appends the states it adds to `added`; where it stopped when the slice is full, nil when done.
    func insertSlice(
        _ s: Int, chunks: Int, workers: [ExplorationWorker<Store>], chunkWorker: UnsafeMutablePointer<Int32>,
        chunkBounds: UnsafeMutablePointer<Int32>, from start: (chunk: Int, entry: Int), store: Store, depth: Int,
        into added: inout [UInt64]
    ) -> (chunk: Int, entry: Int)? {
        let slices = StoreSlices.count
        let words = store.keyWords
        let entryWords = words + 1
        for c in start.chunk..<chunks {
            let entries = workers[Int(chunkWorker[c])].tally.pointee.arena.entries(of: s)
            let first = c == start.chunk && start.entry >= 0 ? start.entry : Int(chunkBounds[c * 2 * slices + s])
            let end = Int(chunkBounds[c * 2 * slices + slices + s])
            // Each new key's position and entry.
            let new = tally.pointee.newInSlice.room(for: 2 * max(0, end - first))
            let (count, full) = store.insert(arena: entries, from: first, to: end, slice: s, added: new)
            for n in 0..<count {
                store.key(ofArenaForm: entries + entryWords * Int(new[2 * n]), into: storeKey)
                let entry = new[2 * n + 1]
                for w in 0..<words { added.append(storeKey[w]) }
                added.append(entry)
                checkNew(store.id(key: storeKey, entry: entry), key: storeKey, depth: depth + 1)
            }
            if let full { return (c, full) }
        }
        return nil
    }
}
