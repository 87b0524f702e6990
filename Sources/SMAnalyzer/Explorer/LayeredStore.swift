import Foundation

/// What a layered search remembers of the states it has seen, in memory: a bit array that may take a new state for
/// a seen one (`BitstateFilter`), or an exact set of keys in a few bytes each (`CompactStateSet`).
protocol SeenStates: AnyObject {
    /// Which search this makes, for statistics and messages: "bitstate" or "compact".
    static var kind: String { get }
    /// States taken as new so far.
    var stored: Int { get }
    var bytes: Int { get }
    /// Adds the key; whether it was taken as new.
    func insert(_ key: UnsafePointer<UInt64>) -> Bool
    /// Whether the key counts as seen.
    func contains(_ key: UnsafePointer<UInt64>) -> Bool
    /// Starts loading the memory of `count` keys into the cache.
    func touch(_ keys: UnsafePointer<UInt64>, count: Int)
    /// Why no more states can be taken, when that happened.
    var failure: String? { get }
}

extension BitstateFilter: SeenStates {
    static let kind = "bitstate"
    var bytes: Int { bitCount / 8 }
    var failure: String? { nil }
}

extension CompactStateSet: SeenStates {
    static let kind = "compact"
}

/// The store of a breadth-first search with its layers on disk: the states seen in memory (`SeenStates`), and every
/// stored state's key and parent in a file on disk, in discovery order. Memory holds the seen states and two chunks
/// of records; the disk holds `(key words + 1) × 8` bytes a state, so a bitstate search of 10^9 configurations needs
/// its bit array in memory and ~16 GB of disk. The records give every finding its path (the shortest through the
/// states stored) with no depth limit. Ids are discovery numbers, so a state's record is at `id × record size` in
/// the one file (a deep model has millions of layers: a file each would run out of descriptors), and layer `d`
/// holds the ids `layerStart[d] ..< layerStart[d + 1]`.
///
/// The file lives in a directory of its own under the temporary directory (`TMPDIR`) and goes with the store.
final class LayeredStore<Seen: SeenStates>: VisitedStore, @unchecked Sendable {
    let keyWords: Int
    let isConcurrent = false
    var kind: String { Seen.kind }
    let seen: Seen
    var count: Int { seen.stored }
    var bytes: Int { seen.bytes + (readBuffer.capacity + writeBuffer.capacity) * 8 }
    /// Records read or written at a time.
    static var chunkRecords: Int { 1 << 14 }

    private let directory: URL
    private let recordWords: Int
    /// The first id of each layer; the last entry is the first id of the layer being written.
    private var layerStart: [UInt64] = [0]
    /// The records, by id; -1 until it is open.
    private var file: Int32 = -1
    // The search's one thread appends a record per state stored and never holds two accesses at once, so the
    // run-time exclusivity checks (two calls a state) are left out.
    @exclusivity(unchecked) private var nextId: UInt64 = 0
    /// Records of the layer being written not yet on disk, the first with id `writeStart`.
    @exclusivity(unchecked) private var writeBuffer: [UInt64] = []
    private var writeStart: UInt64 = 0
    /// A chunk of the layer being searched, the first with id `readStart`.
    private var readBuffer: [UInt64] = []
    private var readStart: UInt64 = 0
    /// Why the search must stop: the disk refused a write, or the seen states cannot take more.
    var failure: String? { storeFailure ?? seen.failure }
    private var storeFailure: String?

    /// A store whose directory cannot be made says so in `failure`.
    init(seen: Seen, keyWords: Int, in parent: URL? = nil) {
        self.seen = seen
        self.keyWords = keyWords
        recordWords = keyWords + 1
        let parent = parent ?? FileManager.default.temporaryDirectory
        directory = parent.appendingPathComponent("smcheck-\(Seen.kind)-\(UUID().uuidString)")
        guard mkdir(directory.path, 0o700) == 0 else {
            storeFailure =
                "the \(Seen.kind) search cannot make a directory for its layers in \(parent.path) (\(String(cString: strerror(errno)))); set TMPDIR to a writable directory with room"
            return
        }
        let path = directory.appendingPathComponent("states").path
        file = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o600)
        if file < 0 { storeFailure = "the \(Seen.kind) search cannot create \(path): \(String(cString: strerror(errno)))" }
    }

    deinit {
        if file >= 0 { close(file) }
        try? FileManager.default.removeItem(at: directory)
    }

    // MARK: Writing the next layer

    func insertRoot(_ key: UnsafePointer<UInt64>) -> UInt64 {
        _ = seen.insert(key)
        return append(key, parent: UInt64.max)
    }

    func handle(of id: UInt64) -> UInt64 { id }

    func insert(_ key: UnsafePointer<UInt64>, parent: UInt64) -> Insertion {
        guard seen.insert(key) else { return .known }
        return .added(append(key, parent: parent))
    }

    private func append(_ key: UnsafePointer<UInt64>, parent: UInt64) -> UInt64 {
        for w in 0..<keyWords { writeBuffer.append(key[w]) }
        writeBuffer.append(parent)
        let id = nextId
        nextId += 1
        if writeBuffer.count >= Self.chunkRecords * recordWords && storeFailure == nil { flush() }
        return id
    }

    private func flush() {
        guard !writeBuffer.isEmpty else { return }
        guard writeAll(writeBuffer, at: Int(writeStart) * recordWords * 8) else {
            // Kept in memory, so the traces through them can still be read; the search stops after this chunk.
            if storeFailure == nil {
                storeFailure =
                    "the \(Seen.kind) search could not write its layers to \(directory.path) (\(String(cString: strerror(errno)))); give TMPDIR a disk with room"
            }
            return
        }
        writeStart += UInt64(writeBuffer.count / recordWords)
        writeBuffer.removeAll(keepingCapacity: true)
    }

    private func writeAll(_ words: [UInt64], at offset: Int) -> Bool {
        guard file >= 0 else { return false }
        return words.withUnsafeBytes { raw in
            Self.transfersAll(raw.count) { pwrite(file, raw.baseAddress! + $0, raw.count - $0, off_t(offset + $0)) }
        }
    }

    /// Repeats a `pread` or `pwrite` (given the bytes done so far, it returns how many more it moved) until
    /// `count` bytes are moved; false when one moves nothing or fails.
    private static func transfersAll(_ count: Int, _ step: (Int) -> Int) -> Bool {
        var done = 0
        while done < count {
            let moved = step(done)
            if moved <= 0 { return false }
            done += moved
        }
        return true
    }

    /// States written to the layer being written (not sealed yet).
    var unsealedCount: Int { Int(nextId - layerStart[layerStart.count - 1]) }

    /// Ends the layer being written and starts the next; the number of states the ended layer holds. Its records stay
    /// in memory until a chunk of them is due: a deep, narrow space has a layer per state, and a write and a read
    /// per layer cost more than searching it.
    func sealLayer() -> Int {
        layerStart.append(nextId)
        guard failure == nil else { return 0 }
        let layer = layerStart.count - 2
        return Int(layerStart[layer + 1] - layerStart[layer])
    }

    // MARK: Reading a layer

    /// Reads up to `chunkRecords` states of `layer` from its `offset`-th; their ids.
    func readChunk(of layer: Int, from offset: Int) -> Range<UInt64> {
        let first = layerStart[layer] + UInt64(offset)
        let count = min(Self.chunkRecords, Int(layerStart[layer + 1] - first))
        readBuffer.removeAll(keepingCapacity: true)
        readStart = first
        if first >= writeStart {
            // Not written yet.
            let start = Int(first - writeStart) * recordWords
            readBuffer.append(contentsOf: writeBuffer[start..<(start + count * recordWords)])
        } else {
            // Partly written: the rest goes to disk first, so the chunk is read in one piece.
            if first + UInt64(count) > writeStart { flush() }
            readBuffer.append(contentsOf: repeatElement(0, count: count * recordWords))
            if !readAll(into: &readBuffer, at: Int(first) * recordWords * 8) { readFailed() }
        }
        return first..<(first + UInt64(count))
    }

    private func readFailed() {
        if storeFailure == nil { storeFailure = "the \(Seen.kind) search could not read its layers back from \(directory.path)" }
    }

    private func readAll(into words: inout [UInt64], at offset: Int) -> Bool {
        guard file >= 0 else { return false }
        return words.withUnsafeMutableBytes { raw in
            Self.transfersAll(raw.count) { pread(file, raw.baseAddress! + $0, raw.count - $0, off_t(offset + $0)) }
        }
    }

    /// A state's record: from the chunk being searched or the layer being written when it is there, else from disk.
    private func record(of id: UInt64, _ body: (UnsafePointer<UInt64>) -> Void) {
        if id >= readStart && id < readStart + UInt64(readBuffer.count / recordWords) {
            readBuffer.withUnsafeBufferPointer { body($0.baseAddress! + Int(id - readStart) * recordWords) }
            return
        }
        if id >= writeStart && id < writeStart + UInt64(writeBuffer.count / recordWords) {
            writeBuffer.withUnsafeBufferPointer { body($0.baseAddress! + Int(id - writeStart) * recordWords) }
            return
        }
        var words = [UInt64](repeating: 0, count: recordWords)
        if !readAll(into: &words, at: Int(id) * recordWords * 8) { readFailed() }
        words.withUnsafeBufferPointer { body($0.baseAddress!) }
    }

    func key(of id: UInt64, into key: UnsafeMutablePointer<UInt64>) {
        record(of: id) { record in for w in 0..<keyWords { key[w] = record[w] } }
    }

    func parent(of id: UInt64) -> UInt64? {
        var parent = UInt64.max
        record(of: id) { parent = $0[keyWords] }
        return parent == UInt64.max ? nil : parent
    }

    func touch(_ keys: UnsafePointer<UInt64>, count: Int) { seen.touch(keys, count: count) }

    /// `UInt64.max` when the key counts as seen (for a bitstate search: its bits are all set, so it was visited or
    /// collides with states that were), else nil.
    func lookup(_ key: UnsafePointer<UInt64>) -> UInt64? { seen.contains(key) ? UInt64.max : nil }

    func closeLayer(_ added: UnsafeBufferPointer<UInt64>) {}
}
