import Foundation
import SMSpec
import SMTestSupport
import Testing

/// Randomized damage to the valid specs: the loader must answer every input with a spec or with diagnostics that
/// point into the file, and never crash or hang.
@Suite("Mutated specs never crash the loader")
struct MutationTests {
    static let mutationsPerSeed = 2_500
    static let seeds: [UInt64] = [1, 2, 3, 4]

    enum Mutation: CaseIterable {
        case flipByte, truncate, duplicateKey, deepNesting, deleteRange, insertToken
    }

    static func mutate(_ text: [UInt8], _ random: inout SeededRandom) -> [UInt8] {
        var bytes = text
        switch Mutation.allCases.randomElement(using: &random)! {
        case .flipByte:
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
        case .truncate:
            bytes = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &random)))
        case .duplicateKey:
            // Copy one `"key": value,` member right after itself.
            let keyStarts = bytes.indices.filter {
                bytes[$0] == UInt8(ascii: "\"") && $0 > 0 && (bytes[$0 - 1] == UInt8(ascii: " ") || bytes[$0 - 1] == UInt8(ascii: "{"))
            }
            guard let start = keyStarts.randomElement(using: &random),
                let comma = bytes[start...].firstIndex(of: UInt8(ascii: ","))
            else { break }
            bytes.insert(contentsOf: bytes[start...comma] + [UInt8(ascii: " ")], at: comma + 1)
        case .deepNesting:
            let depth = Int.random(in: 100...3_000, using: &random)
            let at = bytes.indices.filter { bytes[$0] == UInt8(ascii: ":") }.randomElement(using: &random) ?? 0
            let open = Bool.random(using: &random) ? UInt8(ascii: "[") : UInt8(ascii: "{")
            bytes.insert(contentsOf: [UInt8](repeating: open, count: depth), at: min(at + 1, bytes.count))
        case .deleteRange:
            let start = Int.random(in: 0..<bytes.count, using: &random)
            let end = min(bytes.count, start + Int.random(in: 1...40, using: &random))
            bytes.removeSubrange(start..<end)
        case .insertToken:
            let tokens = ["{", "}", "[", "]", ",", ":", "\"", "null", "-", "1e999", "\\u0000", "\"states\": {}", "\"x\": 1,"]
            let token = Array(tokens.randomElement(using: &random)!.utf8)
            bytes.insert(contentsOf: token, at: Int.random(in: 0...bytes.count, using: &random))
        }
        return bytes
    }

    @Test("10,000 mutations of the valid specs load or fail cleanly", arguments: seeds)
    func mutations(seed: UInt64) throws {
        let originals = try Fixtures.allSpecPaths.map { try [UInt8](Data(contentsOf: URL(fileURLWithPath: $0))) }
        var random = SeededRandom(seed: seed)
        var rejected = 0
        for _ in 0..<Self.mutationsPerSeed {
            let original = originals.randomElement(using: &random)!
            let input = Self.mutate(original, &random)
            let lineCount = input.count { $0 == UInt8(ascii: "\n") } + 1
            let (spec, diagnostics) = Spec.decode(json: input, file: "m.json")
            if diagnostics.isEmpty {
                let loaded = try #require(spec, "no diagnostics must mean a spec")
                // A mutation that still loads must still mean something consistent: it resolves and round-trips.
                let resolved = try loaded.resolve()
                #expect(resolved.states.count >= 2)
                #expect(try Spec.load(json: try loaded.jsonText) == loaded)
            } else {
                rejected += 1
                for diagnostic in diagnostics {
                    #expect(!diagnostic.message.isEmpty)
                    let line = try #require(diagnostic.location.line)
                    #expect((1...lineCount).contains(line), "line \(line) of \(lineCount): \(diagnostic)")
                    #expect(try #require(diagnostic.location.column) >= 1)
                }
            }
        }
        #expect(rejected > Self.mutationsPerSeed / 2, "most mutations break the spec; otherwise the mutator is not doing its job")
    }
}
