import Foundation
import SMEngine
import SMFuzz
import SMSpec
import SMTestSupport
import Testing

@Suite("Coverage-guided generation reaches bugs behind a precise prefix")
struct GuidedFuzzingTests {
    /// The planted deep bugs and the length of their one minimal failing trace.
    static let deepBugs: [(name: String, minimalEvents: Int)] = [
        ("elevator", 13), ("handshake", 13), ("parallel-locks", 10), ("traffic-light", 13), ("vault", 9),
    ]
    /// The same budget for both modes: 3,000 runs of at most 30 events.
    static func campaign(_ name: String, guided: Bool) throws -> FuzzResult {
        let machine = try Machine(try Fixtures.fixture("fuzz/deep/" + name))
        return Fuzzer(machine: machine, configuration: FuzzConfiguration(runs: 3000, length: 30, seed: 1, guided: guided)).run()
    }

    @Test("the fixtures are the benchmark set: every file in Tests/Fixtures/fuzz/deep is listed")
    func fixturesListed() throws {
        let files = try Fixtures.jsonFiles(in: Fixtures.fixturesDirectory.appendingPathComponent("fuzz/deep"))
        #expect(files.map { ($0 as NSString).lastPathComponent } == Self.deepBugs.map { $0.name + ".json" })
    }

    @Test("guided, each deep bug is found and shrunk to its minimal trace", arguments: deepBugs.map(\.name))
    func guidedFindsEach(name: String) throws {
        let result = try Self.campaign(name, guided: true)
        let failure = try #require(result.failure, "\(name): not found in \(result.runs) runs, \(result.events) events")
        #expect(failure.trace.count == Self.deepBugs.first { $0.name == name }?.minimalEvents)
    }

    @Test("unguided, the same budget finds fewer of them")
    func unguidedFindsFewer() throws {
        let found = try Self.deepBugs.filter { try Self.campaign($0.name, guided: false).failure != nil }
        #expect(found.count < Self.deepBugs.count, "unguided found all: \(found.map(\.name))")
    }
}
