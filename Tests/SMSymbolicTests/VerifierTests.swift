import SMEngine
import SMSpec
@testable import SMSymbolic
import SMTestSupport
import Testing

@Suite("Symbolic verification of specs too big to explore")
struct VerifierTests {
    static func verify(_ name: String) throws -> (Machine, SymbolicResult) {
        let machine = try Machine(try Fixtures.fixture("symbolic/" + name))
        var options = SymbolicOptions()
        options.timeLimit = .seconds(60)
        return (machine, SymbolicVerifier.verify(machine, options: options))
    }

    @Test("the even counter: 'odd' is unreachable, proved with an invariant; the guards never overlap; the invariant holds")
    func evenCounter() throws {
        let (machine, result) = try Self.verify("even-counter")
        #expect(result.failure == nil)
        let odd = try #require(machine.state(named: "odd"))
        guard case .never(let method, let invariant) = try #require(result.verdicts[.enters(odd)]) else {
            Issue.record("'odd': \(String(describing: result.verdicts[.enters(odd)]))")
            return
        }
        print("odd:", method, invariant ?? "-")
        for (property, verdict) in result.verdicts { print(property, verdict) }
        print("elapsed", result.elapsed)
    }

    @Test("the vault: the two precise values are found, in two steps")
    func vault() throws {
        let (machine, result) = try Self.verify("vault-combination")
        guard case .happens(let trace, _) = try #require(result.verdicts[.invariant(0)]) else {
            Issue.record("\(String(describing: result.verdicts[.invariant(0)]))")
            return
        }
        #expect(trace.map { machine.describe($0.event) }.sorted() == [#"setA {"to": 123456789}"#, #"setB {"to": 987654321}"#])
    }

    @Test("the bank account: both invariants hold")
    func bank() throws {
        let (_, result) = try Self.verify("bank-account")
        for (property, verdict) in result.verdicts { print(property, verdict) }
        guard case .never = try #require(result.verdicts[.invariant(0)]), case .never = try #require(result.verdicts[.invariant(1)]) else {
            Issue.record("\(result.verdicts)")
            return
        }
    }
}
