import Foundation
import SMSpec
import SMTestSupport
import Testing

@Suite("Enormous and deeply nested input")
struct LimitsTests {
    @Test("a 50 MB file is rejected before it is parsed")
    func fiftyMegabytes() throws {
        let scratch = try ScratchDirectory()
        let url = scratch.url.appendingPathComponent("50mb.json")
        var text = #"{"format": "smcheck/1", "name": "big", "description": ""#
        text += String(repeating: "x", count: 50 << 20)
        text += #"", "states": {"a": {}}}"#
        try text.write(to: url, atomically: false, encoding: .utf8)
        #expect {
            try Spec.load(path: url.path, displayName: "big.json")
        } throws: { error in
            (error as? SpecError)?.description == "big.json:1:1: error: the file is 50.0 MB, over the 16.0 MB limit for a spec (at /)"
        }
    }

    @Test("a file that gives no size (a device, a pipe) is read only up to the limit")
    func endlessFile() {
        #expect {
            try Spec.load(path: "/dev/zero", displayName: "zero.json", limits: LoadLimits(maximumBytes: 1_000))
        } throws: { error in
            (error as? SpecError)?.description == "zero.json:1:1: error: the file is larger than the 0.0 MB limit for a spec (at /)"
        }
        #expect(throws: BoundedFile.Problem.tooLarge(knownSize: nil, limit: 1_000)) {
            try BoundedFile.read("/dev/zero", maximumBytes: 1_000)
        }
        #expect(throws: BoundedFile.Problem.missing) { try BoundedFile.read("/nonexistent/x.json", maximumBytes: 1_000) }
        #expect(throws: BoundedFile.Problem.directory) { try BoundedFile.read("/tmp", maximumBytes: 1_000) }
    }

    @Test("bytes already in memory are held to the same limit")
    func limitOnBytes() {
        let (spec, diagnostics) = Spec.decode(
            json: [UInt8](repeating: UInt8(ascii: " "), count: 2_000), file: "x.json",
            limits: LoadLimits(maximumBytes: 1_000))
        #expect(spec == nil)
        #expect(diagnostics.map(\.fullMessage) == ["the file is 0.0 MB, over the 0.0 MB limit for a spec"])
    }

    @Test("nesting 10,000 levels deep is rejected with a message, arrays and objects alike", arguments: ["[", #"{"a":"#])
    func deepNesting(open: String) {
        let text = String(repeating: open, count: 10_000)
        let diagnostics = Spec.decode(json: Array(text.utf8), file: "deep.json").1
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.fullMessage == "nesting is deeper than 512 levels; a spec never needs this much")
    }

    @Test("a state tree nested 500 levels deep loads and resolves")
    func deepStateTree() throws {
        // Each state level costs two JSON levels ("states" object and the state object), so 250 state levels.
        var states = #"{"leaf": {}}"#
        for level in (0..<250).reversed() { states = #"{"s\#(level)": {"states": \#(states)}}"# }
        let spec = try Spec.load(json: SpecText(states: states).description)
        let resolved = try spec.resolve()
        #expect(resolved.states.count == 252)
        #expect(resolved.state(named: "leaf")?.depth == 251)
    }

    @Test("if actions nested 200 deep resolve; deeper ones, however the spec was made, are refused where they get too deep")
    func deepIfActions() throws {
        func nested(_ depth: Int) -> [Spec.Action] {
            var actions = [Spec.Action.call("done")]
            for _ in 0..<depth { actions = [Spec.Action(.ifThen(condition: "true", then: [], else: actions))] }
            return actions
        }
        func spec(_ depth: Int) -> Spec {
            Spec(name: "deep", states: [Spec.State("a", entry: nested(depth))])
        }
        #expect(Spec.Action.nesting(of: nested(200)) == 200)
        _ = try spec(Spec.Action.maximumNesting).resolve()
        // Built in code, 2,000 deep: a message, not a stack overflow.
        for depth in [Spec.Action.maximumNesting + 1, 2_000] {
            let error = #expect(throws: SpecError.self) { try spec(depth).resolve() }
            #expect(
                error?.diagnostics.map(\.fullMessage)
                    == [
                        "\"if\" actions nest deeper than 200 levels here; smcheck reads at most that many: choose among the cases with a transition each, or with a choice state"
                    ])
        }
    }

    @Test("a large valid spec (thousands of states) loads")
    func largeSpec() throws {
        let count = 4_000
        let states = (0..<count).map { i in #""s\#(i)": {"on": {"go": "s\#((i + 1) % count)"}}"# }.joined(separator: ", ")
        let spec = try Spec.load(json: SpecText(states: "{" + states + "}").description)
        #expect(try spec.resolve().states.count == count + 1)
    }

    @Test("a chain of 10,000 or 15,000 '+' is refused where it gets too deep, not a stack overflow", arguments: [10_000, 15_000])
    func longSum(terms: Int) throws {
        let sum = Array(repeating: "n", count: terms).joined(separator: " + ")
        let text = SpecText(states: #"{"a": {"on": {"go": {"actions": [{"assign": {"n": "\#(sum)"}}]}}}}"#).description
        let diagnostics = Spec.decode(json: Array(text.utf8), file: "long.json").1
        #expect(diagnostics.count == 1)
        let diagnostic = try #require(diagnostics.first)
        // Long expressions are quoted by their start and end.
        #expect(
            diagnostic.message == #"in "n + n + n + n + n + n + n + n + n + n + … n + n + n + n + n + n + n": "#
                + "the expression is too deep: more than 128 operations nested or chained with '+'; split it, e.g. over several assignments"
        )
        #expect(diagnostic.location.pointer.description == "/states/a/on/go/actions/0/assign/n")
        // The 129th '+' is where the tree would grow past the limit.
        let quote = try #require(text.lineAndColumn(of: "\"n + n"))
        #expect(diagnostic.location.line == quote.line)
        #expect(diagnostic.location.column == quote.column + 1 + 128 * 4 + 2)
    }

    @Test("a chain of 10,000 '&&' or '||' loads: such chains are grouped as balanced trees", arguments: ["&&", "||"])
    func longConjunction(op: String) throws {
        let chain = Array(repeating: "n > 1", count: 10_000).joined(separator: " \(op) ")
        let spec = try Spec.load(json: SpecText(states: #"{"a": {"on": {"go": {"guard": "\#(chain)"}}}}"#).description)
        let resolved = try spec.resolve()
        guard case .expression(let typed, _) = resolved.transitions[0].guardCondition else {
            Issue.record("the guard is not an expression")
            return
        }
        var depth = 0
        func measure(_ e: TypedExpression, _ level: Int) {
            depth = max(depth, level)
            switch e {
            case .and(let l, let r), .or(let l, let r), .comparison(_, let l, let r), .arithmetic(_, let l, let r):
                measure(l, level + 1)
                measure(r, level + 1)
            default: break
            }
        }
        measure(typed, 0)
        #expect(depth <= 16, "log2(10,000) levels of '\(op)' and one comparison")
        #expect(try typed.evaluate(variable: { _ in 2 }, parameter: { _ in 0 }, isActive: { _ in true }) == 1)
    }

    /// The messages of resolving (or loading) `json`, file "x.json".
    static func problems(_ json: String) -> [String] {
        do {
            _ = try Spec.load(json: json, file: "x.json").resolve()
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    @Test("more than 1,000 regions of parallel states in all are refused: the explorer's tables grow with their square")
    func regions() {
        func spec(parallels: Int, regions: Int) -> String {
            let states = (0..<parallels).map { p in
                let children = (0..<regions).map { r in #""r\#(p)_\#(r)": {"states": {"x\#(p)_\#(r)": {}}}"# }.joined(separator: ", ")
                return #""p\#(p)": {"type": "parallel", "states": {\#(children)}}"#
            }
            return #"{"format": "smcheck/1", "name": "regions", "states": {"top": {"type": "parallel", "states": {"#
                + states.joined(separator: ", ") + "}}}}"
        }
        #expect(Self.problems(spec(parallels: 9, regions: 110)) == [])
        #expect(
            Self.problems(spec(parallels: 10, regions: 100))
                == [
                    "x.json:1:94: error: the spec's parallel states have 1010 regions in all (this one 100); smcheck reads at most 1000: model what the regions share as a variable, or as fewer regions (at /states/top/states/p0)"
                ])
    }

    @Test("an event name of more than 256 dot-separated parts is refused: each prefix is a descriptor it answers to")
    func eventTokens() {
        let name = Array(repeating: "a", count: 100_000).joined(separator: ".")
        let problems = Self.problems(#"{"format": "smcheck/1", "name": "n", "events": {"ok.b": {}, "\#(name)": {}}, "states": {"s": {}}}"#)
        #expect(problems.count == 1)
        #expect(
            problems.first?.contains(
                "error: the event name has 100000 parts separated by dots; smcheck reads at most 256: name it more briefly")
                == true, "\(problems)")
        #expect((problems.first?.count ?? .max) < 1_000, "the pointer to the name is cut, not a 200 KB message")
    }

    @Test("100,000 enum values load at once, and a message lists ten of them, not all")
    func manyEnumValues() {
        let values = (0..<100_000).map { #""v\#($0)""# }.joined(separator: ", ")
        let spec =
            #"{"format": "smcheck/1", "name": "e", "variables": {"m": {"type": "enum", "values": [\#(values)], "initial": "zz"}}, "states": {"s": {}}}"#
        let problems = Self.problems(spec)
        #expect(problems.count == 1)
        #expect(
            problems.first?.contains(
                #"the initial value "zz" of variable "m" is not one of its values (v0, v1, v2, v3, v4, v5, v6, v7, v8, v9, … and 99990 more)"#
            )
                == true, "\(problems)")
    }
}
