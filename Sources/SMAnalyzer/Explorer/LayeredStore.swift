import Foundation

/// What a layered search remembers of the states it has seen, in memory: for the breadth-first bitstate search, a
/// bit array that may take a new state for a seen one (`BitstateFilter`). (The compact search of long keys, which
/// once was layered too, fills a `WideCompactVisitedStore` from every thread.)
protocol SeenStates: AnyObject {
    /// Which search this makes, for statistics and messages: "bitstate".
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

/// The store of a breadth-first search with its layers on disk: the states seen in memory (`SeenStates`), and every
/// stored state's key and parent in a file on disk, in discovery order (`RecordFile`). Memory holds the seen states and
/// two chunks of records; the disk holds `(key words + 1) × 8` bytes a state, so a bitstate search of 10^9
/// configurations needs its bit array in memory and ~16 GB of disk. The records give every finding its path (the
/// shortest through the states stored) with no depth limit. Ids are discovery numbers, so a state's record is the
/// id-th, and layer `d` holds the ids `layerStart[d] ..< layerStart[d + 1]`.
final class LayeredStore<Seen: SeenStates>: VisitedStore, @unchecked Sendable {
    let keyWords: Int
    let isConcurrent = false
    var kind: String { Seen.kind }
    let seen: Seen
    var count: Int { seen.stored }
    var bytes: Int { seen.bytes + readBuffer.capacity * 8 + records.bufferedBytes }
    /// Records read at a time.
    static var chunkRecords: Int { RecordFile.chunkRecords }

    private let records: RecordFile
    private let recordWords: Int
    /// The first id of each layer; the last entry is the first id of the layer being written.
    private var layerStart: [UInt64] = [0]
    /// A chunk of the layer being searched, the first with id `readStart`.
    private var readBuffer: [UInt64] = []
    private var readStart: UInt64 = 0
    /// Why the search must stop: the disk refused a write or a read, or the seen states cannot take more.
    var failure: String? { records.failure ?? seen.failure }

    /// A store whose directory cannot be made says so in `failure`.
    init(seen: Seen, keyWords: Int, in parent: URL? = nil) {
        self.seen = seen
        self.keyWords = keyWords
        recordWords = keyWords + 1
        records = RecordFile(kind: Seen.kind, recordWords: keyWords + 1, in: parent)
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
        let id = records.count
        records.append(key, parent)
        return id
    }

    /// States written to the layer being written (not sealed yet).
    var unsealedCount: Int { Int(records.count - layerStart[layerStart.count - 1]) }

    /// Ends the layer being written and starts the next; the number of states the ended layer holds. Its records stay
    /// in memory until a chunk of them is due: a deep, narrow space has a layer per state, and a write and a read
    /// per layer cost more than searching it.
    func sealLayer() -> Int {
        layerStart.append(records.count)
        guard failure == nil else { return 0 }
        let layer = layerStart.count - 2
        return Int(layerStart[layer + 1] - layerStart[layer])
    }

    // MARK: Reading a layer

    /// Reads up to `chunkRecords` states of `layer` from its `offset`-th; their ids.
    func readChunk(of layer: Int, from offset: Int) -> Range<UInt64> {
        let first = layerStart[layer] + UInt64(offset)
        let count = min(Self.chunkRecords, Int(layerStart[layer + 1] - first))
        readStart = first
        records.read(from: first, count: count, into: &readBuffer)
        return first..<(first + UInt64(count))
    }

    /// A state's record: from the chunk being searched when it is there, else from the records; zeros when it cannot
    /// be read (the search stops with `failure`).
    private func record(of id: UInt64, _ body: (UnsafePointer<UInt64>) -> Void) {
        if id >= readStart && id < readStart + UInt64(readBuffer.count / recordWords) {
            readBuffer.withUnsafeBufferPointer { body($0.baseAddress! + Int(id - readStart) * recordWords) }
            return
        }
        if records.withRecord(id, body) == nil { body([UInt64](repeating: 0, count: recordWords)) }
    }

    func key(of id: UInt64, into key: UnsafeMutablePointer<UInt64>) {
        record(of: id) { record in for w in 0..<keyWords { key[w] = record[w] } }
    }

    func parent(of id: UInt64, depth: Int) -> UInt64? {
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
