extension JSONPointer {
    /// The pointer of the innermost value that the byte at `offset` of a JSON text is in or about to start: what a
    /// syntax error at that offset is about (`/variables/n` for a number cut off there). One pass over the text
    /// before it, with the open objects and arrays on a stack of its own, so a broken or cut-off text has one too.
    package init(enclosing offset: Int, in bytes: [UInt8]) {
        /// An open object and the key whose value is being read (nil before its colon), or an open array and the
        /// index of the value being read.
        enum Container {
            case object(key: String?, pendingKey: String?)
            case array(index: Int)
        }
        var open: [Container] = []
        var i = 0
        let end = min(offset, bytes.count)
        while i < end {
            switch bytes[i] {
            case UInt8(ascii: "\""):
                var close = i + 1
                while close < bytes.count && bytes[close] != UInt8(ascii: "\"") {
                    close += bytes[close] == UInt8(ascii: "\\") ? 2 : 1
                }
                // A string before an object's colon is the key of the value that follows it.
                if case .object(nil, _) = open.last, close < end {
                    let quoted = Array(bytes[i...close])
                    let key = (try? JSONParser.parse(quoted))?.stringValue ?? String(decoding: quoted.dropFirst().dropLast(), as: UTF8.self)
                    open[open.count - 1] = .object(key: nil, pendingKey: key)
                }
                i = close
            case UInt8(ascii: ":"):
                if case .object(nil, let pending) = open.last { open[open.count - 1] = .object(key: pending, pendingKey: nil) }
            case UInt8(ascii: ","):
                switch open.last {
                case .object: open[open.count - 1] = .object(key: nil, pendingKey: nil)
                case .array(let index): open[open.count - 1] = .array(index: index + 1)
                case nil: break
                }
            case UInt8(ascii: "{"): open.append(.object(key: nil, pendingKey: nil))
            case UInt8(ascii: "["): open.append(.array(index: 0))
            case UInt8(ascii: "}"), UInt8(ascii: "]"): _ = open.popLast()
            default: break
            }
            i += 1
        }
        // A closing bracket where a value should be (a trailing comma) is about the array, not a value past its end.
        if end < bytes.count, bytes[end] == UInt8(ascii: "]"), case .array = open.last { open.removeLast() }
        var tokens: [String] = []
        // Past 32 levels an ancestor says where well enough: a pointer of 512 levels would fill the message.
        for container in open.prefix(32) {
            switch container {
            case .object(let key?, _): tokens.append(key)
            case .object(nil, _): self.init(tokens); return
            case .array(let index): tokens.append(String(index))
            }
        }
        self.init(tokens)
    }
}
