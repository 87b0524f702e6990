import Foundation

/// Records of a fixed number of words, appended in order and read back by index, in a file under the temporary
/// directory (`TMPDIR`): the states the searches with their layers on disk stored, with their parents (`LayeredStore`,
/// `CompactVisitedStore`, a file per slice of `WideCompactVisitedStore`). The last records appended stay in memory until a chunk of them is due: a deep, narrow
/// space appends a record or two at a time, millions of times, and a small search never touches the disk.
///
/// The file is made when the first chunk is due, in a directory of its own, and both are unlinked at once: only the
/// open descriptor holds them, so nothing is left behind however the process ends.
final class RecordFile {
    let recordWords: Int
    /// Records appended.
    private(set) var count: UInt64 = 0
    /// Records appended and not on disk yet, the first with index `writeStart`.
    // One thread appends and never holds two accesses at once, so the run-time exclusivity checks are left out.
    @exclusivity(unchecked) private var writeBuffer: [UInt64] = []
    @exclusivity(unchecked) private var writeStart: UInt64 = 0
    /// Records written at a time, unless a file is made with another count.
    static let chunkRecords = 1 << 14
    private let chunkWords: Int

    private let kind: String
    private let parent: URL
    /// -1 until it is open.
    private var file: Int32 = -1
    /// Why the records cannot be trusted: the directory or the file could not be made, or a write or read failed.
    private(set) var failure: String?

    /// Bytes the records waiting to be written take.
    var bufferedBytes: Int { writeBuffer.capacity * 8 }

    /// Nothing is made on disk until the first chunk is due; `failure` says at once when `parent` (by default
    /// `TMPDIR`) is not a writable directory. `kind` names the search in messages.
    init(kind: String, recordWords: Int, in parent: URL? = nil, chunkRecords: Int = chunkRecords) {
        self.kind = kind
        self.recordWords = recordWords
        chunkWords = chunkRecords * recordWords
        writeBuffer.reserveCapacity(chunkWords)
        let parent = parent ?? Self.temporaryDirectory
        self.parent = parent
        // Said at once, not when the first chunk is due: a big search should not run for minutes and then stop.
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: parent.path, isDirectory: &isDirectory) || !isDirectory.boolValue
            || access(parent.path, W_OK | X_OK) != 0
        {
            failure =
                "the \(kind) search cannot make a directory for its layers in \(parent.path) (not a writable directory); set TMPDIR to a writable directory with room"
        }
    }

    deinit {
        if file >= 0 { close(file) }
    }

    /// Where the files go unless a search is told otherwise.
    static var temporaryDirectory: URL { FileManager.default.temporaryDirectory }

    /// Opens the file, in a directory of its own (mode 700: the layers are the spec's states), and unlinks both.
    private func open() -> Bool {
        let directory = parent.appendingPathComponent("smcheck-\(kind)-\(UUID().uuidString)")
        guard mkdir(directory.path, 0o700) == 0 else {
            failure =
                "the \(kind) search cannot make a directory for its layers in \(parent.path) (\(String(cString: strerror(errno)))); set TMPDIR to a writable directory with room"
            return false
        }
        defer { rmdir(directory.path) }
        let path = directory.appendingPathComponent("states").path
        file = Foundation.open(path, O_RDWR | O_CREAT | O_TRUNC, 0o600)
        guard file >= 0 else {
            failure = "the \(kind) search cannot create \(path): \(String(cString: strerror(errno)))"
            return false
        }
        unlink(path)
        return true
    }

    // MARK: Appending

    /// Appends a record of `recordWords - 1` words from `words`, then `last`.
    @inline(__always)
    func append(_ words: UnsafePointer<UInt64>, _ last: UInt64) {
        for w in 0..<recordWords - 1 { writeBuffer.append(words[w]) }
        writeBuffer.append(last)
        count += 1
        if writeBuffer.count >= chunkWords { flush() }
    }

    /// Appends whole records, one after the other, a chunk at a time: the buffer stays a chunk. After a failed write
    /// the rest stays in memory, so the traces through it can be read while the search stops.
    func append(records: UnsafeBufferPointer<UInt64>) {
        var start = 0
        while start < records.count {
            let room = failure == nil ? chunkWords - writeBuffer.count : records.count - start
            let end = min(records.count, start + room)
            writeBuffer.append(contentsOf: records[start..<end])
            start = end
            if writeBuffer.count >= chunkWords { flush() }
        }
        count += UInt64(records.count / recordWords)
    }

    /// Writes the records waiting; after a failed write they stay in memory, so what they hold can still be read.
    func flush() {
        guard !writeBuffer.isEmpty, failure == nil, file >= 0 || open() else { return }
        let written = writeBuffer.withUnsafeBytes { raw in
            file >= 0
                && Self.transfersAll(raw.count) {
                    pwrite(file, raw.baseAddress! + $0, raw.count - $0, off_t(Int(writeStart) * recordWords * 8 + $0))
                }
        }
        guard written else {
            failure =
                "the \(kind) search could not write its layers to \(parent.path) (\(String(cString: strerror(errno)))); give TMPDIR a disk with room"
            return
        }
        writeStart += UInt64(writeBuffer.count / recordWords)
        writeBuffer.removeAll(keepingCapacity: true)
    }

    // MARK: Reading

    /// Replaces `records` with the `count` records from index `first` on.
    func read(from first: UInt64, count: Int, into records: inout [UInt64]) {
        records.removeAll(keepingCapacity: true)
        if first >= writeStart {
            let start = Int(first - writeStart) * recordWords
            records.append(contentsOf: writeBuffer[start..<(start + count * recordWords)])
            return
        }
        // Partly written: the rest goes to disk first, so the records are read in one piece.
        if first + UInt64(count) > writeStart { flush() }
        records.append(contentsOf: repeatElement(0, count: count * recordWords))
        readFromDisk(into: &records, at: first)
    }

    /// The record at `index`, from memory when it is still there; nil when it could not be read (`failure` says why).
    func withRecord<Result>(_ index: UInt64, _ body: (UnsafePointer<UInt64>) -> Result) -> Result? {
        if index >= writeStart && index < writeStart + UInt64(writeBuffer.count / recordWords) {
            return writeBuffer.withUnsafeBufferPointer { body($0.baseAddress! + Int(index - writeStart) * recordWords) }
        }
        var words = [UInt64](repeating: 0, count: recordWords)
        guard readFromDisk(into: &words, at: index) else { return nil }
        return words.withUnsafeBufferPointer { body($0.baseAddress!) }
    }

    @discardableResult
    private func readFromDisk(into words: inout [UInt64], at index: UInt64) -> Bool {
        let read = words.withUnsafeMutableBytes { raw in
            file >= 0
                && Self.transfersAll(raw.count) {
                    pread(file, raw.baseAddress! + $0, raw.count - $0, off_t(Int(index) * recordWords * 8 + $0))
                }
        }
        if !read && failure == nil { failure = "the \(kind) search could not read its layers back from \(parent.path)" }
        return read
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
}
