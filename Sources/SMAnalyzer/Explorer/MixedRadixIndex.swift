/// Numbers the keys of one word without gaps: a key's fields are the digits of a number in a mixed radix, each
/// counting only the values its field takes. A counter of 150 values takes 8 bits of the key (256 values) but 150 of
/// the number, so three such counters need 3.4 million slots of the dense store, not 16.8 million; and a region of
/// three states 1.6 bits of the compact store's slots, not 2.
///
/// Neighbouring fields share a digit: the bits of a run of fields whose value counts are powers of two, up to and
/// including the next field whose count is not, run through every number below that count times the power of two
/// under it. So a key whose fields all count powers of two is one digit, and its own index (rings of eight states).
/// A greater index is a greater key: a layer in key order is in index order.
///
/// An index is a sum over the key's bits, each weighted by its place in its digit times the digit's stride, so it is
/// computed a byte of the key at a time from tables (`byteWeights`): four loads from 2 KB tables for keys up to 32
/// bits, where a digit at a time multiplied, and the player's search (four digits) lost a quarter of its speed.
///
/// Immutable after `init` (hence `@unchecked Sendable`): the tables are raw memory, so a lookup is a plain load.
final class MixedRadixIndex: @unchecked Sendable {
    struct Digit: Sendable {
        let shift: UInt64
        let mask: UInt64
        /// The values of the digit's bits, from 0.
        let values: Int
        /// The product of the values of the digits below.
        let stride: Int
    }

    let digits: [Digit]
    /// How many indices: the product of the digits' values.
    let count: Int
    /// Whether a key is its own index (one digit from bit 0).
    let isIdentity: Bool
    /// The bits an index takes.
    var bits: Int { Int.bitWidth - (count - 1).leadingZeroBitCount }
    /// Per byte of the key from the lowest, what each of its 256 values adds to the index; none for an identity.
    private let byteWeights: UnsafeMutablePointer<UInt64>
    private let tableBytes: Int

    /// Every key of `bits` bits, each its own index.
    init(bits: Int) {
        precondition((0..<UInt64.bitWidth - 1).contains(bits))
        let count = 1 << bits
        digits = [Digit(shift: 0, mask: UInt64(count - 1), values: count, stride: 1)]
        self.count = count
        isIdentity = true
        tableBytes = 0
        byteWeights = .allocate(capacity: 0)
    }

    /// The index of keys with these fields (from the lowest bits up, each right above the one before, all in one
    /// word); nil when there would be more than `limit` indices.
    init?(fields: [(shift: Int, values: Int)], limit: Int) {
        var digits: [Digit] = []
        var stride = 1
        var start = 0
        var end = 0
        var values = 1
        for (position, field) in fields.enumerated() {
            precondition(field.shift == end && field.values > 1, "fields must follow each other from bit 0")
            end += Int.bitWidth - (field.values - 1).leadingZeroBitCount
            let (product, overflow) = values.multipliedReportingOverflow(by: field.values)
            guard !overflow, product <= limit / stride else { return nil }
            values = product
            if field.values.nonzeroBitCount > 1 || position == fields.count - 1 {
                digits.append(
                    Digit(
                        shift: UInt64(start), mask: end - start == 64 ? ~0 : (1 << UInt64(end - start)) - 1, values: values, stride: stride)
                )
                stride *= values
                start = end
                values = 1
            }
        }
        if digits.isEmpty { digits = [Digit(shift: 0, mask: 0, values: 1, stride: 1)] }
        self.digits = digits
        count = stride
        isIdentity = digits.count == 1
        // The first four bytes always (their loads need no loop, and weigh 0 past the fields), then the rest.
        tableBytes = isIdentity ? 0 : max(4, (end + 7) / 8)
        byteWeights = .allocate(capacity: tableBytes * 256)
        for byte in 0..<tableBytes {
            for value in 0..<256 {
                // Wrapping: a byte of values beyond its digit's (no key has it) may weigh more than a word holds; the
                // bytes of a key that has a number add up to it.
                var weight: UInt64 = 0
                for bit in 0..<8 where (value >> bit) & 1 != 0 {
                    let place = UInt64(byte * 8 + bit)
                    guard let digit = digits.first(where: { $0.shift <= place && (place - $0.shift) < 64 - $0.mask.leadingZeroBitCount })
                    else { continue }
                    weight &+= (1 &<< (place - digit.shift)) &* UInt64(digit.stride)
                }
                byteWeights[byte * 256 + value] = weight
            }
        }
    }

    deinit { byteWeights.deallocate() }

    /// The index of a key the machine's codec wrote (every field within its values).
    @inline(__always)
    func index(of key: UInt64) -> Int {
        if isIdentity { return Int(truncatingIfNeeded: key) }
        let table = byteWeights
        @inline(__always) func weight(_ byte: Int) -> Int {
            Int(truncatingIfNeeded: table[byte &<< 8 | Int(truncatingIfNeeded: (key &>> UInt64(byte &* 8)) & 0xFF)])
        }
        // Four loads at once; a loop only for keys past 32 bits (17 fields of three values).
        var index = (weight(0) &+ weight(1)) &+ (weight(2) &+ weight(3))
        var byte = 4
        while byte < tableBytes {
            index &+= weight(byte)
            byte &+= 1
        }
        return index
    }

    /// The index of any key, or nil when a field of it is beyond its values (no key the codec writes).
    func validIndex(of key: UInt64) -> Int? {
        var rest = key
        for digit in digits {
            guard Int(truncatingIfNeeded: (rest &>> digit.shift) & digit.mask) < digit.values else { return nil }
            rest &= ~(digit.mask &<< digit.shift)
        }
        return rest == 0 ? index(of: key) : nil
    }

    /// The key of an index below `count`.
    func key(at index: Int) -> UInt64 {
        var rest = index
        var key: UInt64 = 0
        for digit in digits {
            key |= UInt64(rest % digit.values) << digit.shift
            rest /= digit.values
        }
        return key
    }
}
