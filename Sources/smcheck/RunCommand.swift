import ArgumentParser
import Foundation
@_spi(Stepping) import SMEngine
import SMSpec

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a spec on events read from standard input, one per line.",
        discussion: """
            Each line is an external event: `name`, or `name {"param": value}`, optionally followed by the outcomes \
            of opaque guards and oneOf targets the step meets, in order: `name {"p": 1} [1, 0]` (a guard: 0 false, \
            1 true; a oneOf: the option's index; missing outcomes are 0). Empty lines and lines starting with # are \
            skipped.

            After the start and after every event, smcheck prints one line: the active leaf states' full paths, \
            sorted and joined by `,`, then a space and the variables as `name=value` joined by `,`. Each line is \
            written as soon as it is ready, so another program can drive smcheck through a pipe. An event no state \
            handles is noted on standard error. `call` actions have no host callbacks here: each is noted once and \
            skipped.

            An event that ends in an error prints `error: ` and the message and exits with 1. An invariant the \
            state breaks (at the start or after an event) is noted on standard error, and the run goes on; at the \
            end the exit status is 1. A line that is not an event is reported on standard error and skipped (the \
            state stays as it was); at the end the exit status is 2. With --strict the first such line ends the run.
            """)

    @Argument(help: "The spec file (JSON or SCXML).", completion: .file(extensions: ["json", "scxml"]))
    var file: String

    @Flag(help: "Also print every step like a debugger log, to standard error.")
    var trace = false

    @Flag(help: "Stop at the first line that is not an event (exit 2).")
    var strict = false

    func run() throws {
        let machine = try loadMachine(file)
        var session = Session(machine: machine, trace: trace)
        var state = try session.report { () throws(EngineError) in try machine.initialState(recordingMicrosteps: true) }
        var broken = Self.noteBrokenInvariants(state, machine, at: "\(file): at the start")
        var lineNumber = 0
        var badLines = 0
        while let line = readLine() {
            lineNumber += 1
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let (event, choices): (EventInstance, [Int])
            do {
                (event, choices) = try EventLine.parse(trimmed, for: machine)
            } catch {
                reportError(error.message, at: "<stdin>:\(lineNumber)")
                if strict { throw ExitStatus.unusableInput }
                badLines += 1
                continue
            }
            let before = state
            state = try session.report { () throws(EngineError) in
                try machine.step(before, event, choices: ChoiceSequence(choices), recordingMicrosteps: true)
            }
            if !session.lastHandled {
                printError(
                    "<stdin>:\(lineNumber): note: '\(machine.describe(event))' is not handled in \(describe(before, machine)); it was ignored"
                )
            }
            if Self.noteBrokenInvariants(state, machine, at: "<stdin>:\(lineNumber)") { broken = true }
        }
        if badLines > 0 { throw ExitStatus.unusableInput }
        if broken { throw ExitStatus.findings }
    }

    /// Notes on standard error each invariant `state` breaks; whether there was one.
    private static func noteBrokenInvariants(_ state: MachineState, _ machine: Machine, at place: String) -> Bool {
        guard !machine.spec.invariants.isEmpty else { return false }
        let context = StepContext(machine: machine)
        context.load(state)
        var broken = false
        for (index, invariant) in machine.spec.spec.invariants.enumerated() where !context.invariantHolds(index) {
            broken = true
            printError(
                "\(place): invariant '\(invariant.name)' (\(invariant.expression.text)) does not hold"
                    + StepContext.evaluationNote(ofInvariant: index, in: state, machine: machine))
        }
        return broken
    }

    private func describe(_ state: MachineState, _ machine: Machine) -> String {
        let leaves = machine.activeLeafPaths(state.configuration)
        return leaves.count == 1 ? "state '\(leaves[0])'" : "states " + leaves.map { "'\($0)'" }.joined(separator: ", ")
    }

    /// What a run remembers between steps: which callbacks it already said it skips.
    private struct Session {
        let machine: Machine
        let trace: Bool
        var noted: Set<Int> = []
        var lastHandled = true

        /// Runs one step: prints its trace when asked and the status line after it, or the error, which ends the
        /// run with 1.
        mutating func report(_ step: () throws(EngineError) -> Macrostep) throws -> MachineState {
            do {
                let result = try step()
                if trace { printError(StepLog.format(StepLog.result(result, machine: machine), machine: machine)) }
                for case .call(let id) in result.microsteps.flatMap(\.effects) where !noted.contains(id) {
                    noted.insert(id)
                    printError(
                        "note: 'call \(machine.spec.callbacks[id])' has no host callback in smcheck run; it is skipped (the analyzer assumes it changes no variable)"
                    )
                }
                lastHandled = result.handled
                // Written at once (not through print's buffer), so a program driving smcheck through a pipe sees it.
                FileHandleOutput.standardOutputLine(machine.statusLine(result.state))
                return result.state
            } catch {
                FileHandleOutput.standardOutputLine("error: \(error.message)")
                throw ExitStatus.findings
            }
        }
    }
}

/// One line of `smcheck run`'s input: `name`, `name {"param": value}`, and optional choices `[1, 0]`.
enum EventLine {
    struct ParseError: Error {
        let message: String
    }

    static func parse(_ line: String, for machine: Machine) throws(ParseError) -> (EventInstance, [Int]) {
        let name = String(line.prefix { !$0.isWhitespace })
        var rest = Substring(line.dropFirst(name.count)).drop { $0.isWhitespace }
        var arguments: [String: Value] = [:]
        var choices: [Int] = []
        if rest.hasPrefix("{") {
            let (object, remainder) = try splitValue(rest)
            rest = remainder.drop { $0.isWhitespace }
            guard let declaration = machine.spec.event(named: name), !declaration.isImplicit else {
                do {
                    _ = try machine.eventInstance(name)  // its message has the "did you mean"
                } catch {
                    throw ParseError(message: error.message)
                }
                throw ParseError(message: "unknown event '\(name)'")
            }
            for member in object.objectValue ?? [] {
                guard let parameter = declaration.parameters.first(where: { $0.name == member.key }) else {
                    let names = declaration.parameters.map(\.name)
                    let hint =
                        Suggestions.closest(to: member.key, in: names).map { "; did you mean '\($0)'?" }
                        ?? (names.isEmpty ? "; it takes none" : "; it takes " + names.map { "'\($0)'" }.joined(separator: ", "))
                    throw ParseError(message: "event '\(name)' has no parameter '\(member.key)'\(hint)")
                }
                arguments[member.key] = try value(member.value, for: parameter)
            }
        }
        if rest.hasPrefix("[") {
            let (array, remainder) = try splitValue(rest)
            rest = remainder.drop { $0.isWhitespace }
            for element in array.arrayValue ?? [] {
                if let b = element.boolValue { choices.append(b ? 1 : 0); continue }
                guard let i = element.integerValue else { throw ParseError(message: "choices are integers (or true/false)") }
                choices.append(i)
            }
        }
        guard rest.isEmpty else {
            throw ParseError(message: "unexpected '\(rest)' after the event; write name {\"param\": value} [choices]")
        }
        do {
            return (try machine.eventInstance(name, arguments), choices)
        } catch {
            throw ParseError(message: error.message)
        }
    }

    private static func value(_ node: JSONNode, for parameter: Spec.Parameter) throws(ParseError) -> Value {
        switch (parameter.type, node.value) {
        case (.bool, .bool(let b)): return .bool(b)
        case (.int, .number(let n)):
            guard let i = n.integerValue else { throw ParseError(message: "'\(parameter.name)' is an int, not \(n.text)") }
            return .int(i)
        case (.enumeration, .string(let s)): return .enumCase(s)
        default: throw ParseError(message: "'\(parameter.name)' is \(parameter.type), not \(node.typeName)")
        }
    }

    /// Splits one JSON value (object or array) off the front of `text`.
    private static func splitValue(_ text: Substring) throws(ParseError) -> (JSONNode, Substring) {
        var depth = 0
        var inString = false
        var escaped = false
        for index in text.indices {
            let c = text[index]
            if inString {
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { inString = false }
                continue
            }
            switch c {
            case "\"": inString = true
            case "{", "[": depth += 1
            case "}", "]":
                depth -= 1
                if depth == 0 {
                    let end = text.index(after: index)
                    do {
                        return (try JSONParser.parse(String(text[..<end])), text[end...])
                    } catch {
                        throw ParseError(message: "\(error.message) in '\(text[..<end])'")
                    }
                }
            default: break
            }
        }
        throw ParseError(message: "unclosed '\(text.first!)' in '\(text)'")
    }
}
