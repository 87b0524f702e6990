import SMSpec

/// Line and column of byte offsets in UTF-8 text: lines 1-based, columns 1-based and counted in Unicode scalars,
/// as the JSON reader counts them.
///
/// Complexity: O(n) to build; a position costs O(log lines) plus at most `stride` bytes counted, so a file of one
/// long line with many attributes is not quadratic.
struct TextLines: Sendable {
    let bytes: [UInt8]
    /// The offset where each line starts; a line ends at `\n`, `\r\n` or a lone `\r` (XML's line ends).
    let starts: [Int]
    /// The number of scalars before offset `k * stride`, for every k.
    private let scalarCheckpoints: [Int]
    private static let stride = 256

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        var checkpoints: [Int] = []
        var scalars = 0
        var i = 0
        while i < bytes.count {
            if i % Self.stride == 0 { checkpoints.append(scalars) }
            let c = bytes[i]
            if c & 0xC0 != 0x80 { scalars += 1 }
            if c == UInt8(ascii: "\n") || (c == UInt8(ascii: "\r") && (i + 1 == bytes.count || bytes[i + 1] != UInt8(ascii: "\n"))) {
                starts.append(i + 1)
            }
            i += 1
        }
        checkpoints.append(scalars)
        self.starts = starts
        scalarCheckpoints = checkpoints
    }

    func position(_ offset: Int) -> TextPosition {
        let offset = min(max(offset, 0), bytes.count)
        var low = 0, high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        // A byte order mark at the start of the file takes no column.
        let lineStart = low == 0 && bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? min(3, offset) : starts[low]
        return TextPosition(line: low + 1, column: 1 + scalarIndex(offset) - scalarIndex(lineStart), offset: offset)
    }

    /// The positions of increasing offsets, walking the text between them once (the scalars of one attribute).
    func positions(ofIncreasing offsets: [Int]) -> [TextPosition] {
        guard let first = offsets.first else { return [] }
        var current = position(first)
        var result = [current]
        for offset in offsets.dropFirst() {
            var i = current.offset
            while i < offset && i < bytes.count {
                let c = bytes[i]
                if c == UInt8(ascii: "\n") || (c == UInt8(ascii: "\r") && (i + 1 == bytes.count || bytes[i + 1] != UInt8(ascii: "\n"))) {
                    current.line += 1
                    current.column = 1
                } else if c & 0xC0 != 0x80 && c != UInt8(ascii: "\r") {
                    current.column += 1
                }
                i += 1
            }
            current.offset = offset
            result.append(current)
        }
        return result
    }

    /// The number of scalars before `offset`.
    private func scalarIndex(_ offset: Int) -> Int {
        let checkpoint = offset / Self.stride
        var count = scalarCheckpoints[min(checkpoint, scalarCheckpoints.count - 1)]
        var i = min(checkpoint * Self.stride, bytes.count)
        while i < offset {
            if bytes[i] & 0xC0 != 0x80 { count += 1 }
            i += 1
        }
        return count
    }

    /// The offset of a line and column as libxml2 counts them (columns in bytes), clamped to the text.
    func offset(line: Int, column: Int) -> Int {
        guard line >= 1 else { return 0 }
        guard line <= starts.count else { return bytes.count }
        return min(starts[line - 1] + max(column - 1, 0), bytes.count)
    }
}
