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
            state breaks (at the start, after an event, or after it but before the events the machine sent itself, \
            as the checker checks) is noted on standard error, and the run goes on; at the \
            end the exit status is 1. A line that is not an event, or gives more choices than its step meets or \
            one out of a choice point's range (or a line that is not UTF-8 or is longer than 1 MB), is reported on \
            standard error at its line and column and skipped (the \
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
        var brokenAtTheStart: [InvariantViolation] = []
        var state = try session.report { () throws(EngineError) in
            let start = try machine.initialState(recordingMicrosteps: true, checkingInvariants: !machine.spec.invariants.isEmpty)
            brokenAtTheStart = start.brokenOnTheWay
            return start.macrostep
        }
        var broken = Self.noteBroken(onTheWay: brokenAtTheStart, machine, at: "\(file): at the start")
        if Self.noteBrokenInvariants(state, machine, at: "\(file): at the start") { broken = true }
        var lineNumber = 0
        var badLines = 0
        var lines = InputLines(fileDescriptor: STDIN_FILENO)
        while let read = lines.next() {
            lineNumber += 1
            var line: String
            switch read {
            case .text(let text): line = text
            case .refused(let problem, let column):
                reportError(problem, at: "<stdin>:\(lineNumber):\(column)")
                if strict { throw ExitStatus.unusableInput }
                badLines += 1
                continue
            }
            // A byte-order mark some editors write first is not part of the first event's name.
            if lineNumber == 1 && line.unicodeScalars.first == "\u{FEFF}" { line.unicodeScalars.removeFirst() }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            // Columns count Unicode scalars (as in spec files' errors) in the line as read, its indentation included.
            let indent = line.unicodeScalars.prefix { CharacterSet.whitespaces.contains($0) }.count
            let (event, choices): (EventInstance, [Int])
            do throws(EventLine.ParseError) {
                let (parsedEvent, parsedChoices, written) = try EventLine.parse(trimmed, for: machine)
                (event, choices) = (parsedEvent, parsedChoices)
                if let problem = EventLine.choiceProblem(choices, event, from: state, machine: machine) {
                    throw EventLine.ParseError(message: problem.message, column: written.column(of: problem.choice))
                }
            } catch {
                reportError(error.message, at: "<stdin>:\(lineNumber):\(indent + error.column)")
                if strict { throw ExitStatus.unusableInput }
                badLines += 1
                continue
            }
            let before = state
            var brokenOnTheWay: [InvariantViolation] = []
            state = try session.report { () throws(EngineError) in
                let step = try machine.step(
                    before, event, choices: ChoiceSequence(choices), recordingMicrosteps: true,
                    checkingInvariants: !machine.spec.invariants.isEmpty)
                brokenOnTheWay = step.brokenOnTheWay
                return step.macrostep
            }
            if !session.lastHandled {
                if let final = machine.tree.haltingStates.first(where: { before.configuration.contains($0) }) {
                    // A stopped machine takes no event, whatever the spec's `unhandled` option says.
                    printError(
                        "<stdin>:\(lineNumber): note: the machine stopped in the top-level final state '\(machine.spec.states[final].path)'; "
                            + "'\(machine.describe(event))' was ignored")
                } else {
                    printError(
                        "<stdin>:\(lineNumber): note: '\(machine.describe(event))' is not handled in \(describe(before, machine)); it was ignored"
                    )
                }
            }
            if Self.noteBroken(onTheWay: brokenOnTheWay, machine, at: "<stdin>:\(lineNumber)") { broken = true }
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
        for index in machine.spec.spec.invariants.indices where !context.invariantHolds(index) {
            broken = true
            noteBroken(index, in: state, machine, at: place)
        }
        return broken
    }

    /// Notes each invariant broken before the machine was done with the events it sent itself; whether there was one.
    private static func noteBroken(onTheWay violations: [InvariantViolation], _ machine: Machine, at place: String) -> Bool {
        for violation in violations {
            noteBroken(
                violation.invariant, in: violation.state, machine, at: place,
                when: " before the machine is done with the events it sent itself")
        }
        return !violations.isEmpty
    }

    /// `place: invariant 'name' (expression) does not hold[when]`, and why its evaluation failed when it did.
    private static func noteBroken(_ index: Int, in state: MachineState, _ machine: Machine, at place: String, when: String = "") {
        let invariant = machine.spec.spec.invariants[index]
        printError(
            "\(place): invariant '\(invariant.name)' (\(invariant.expression.text)) does not hold\(when)"
                + StepContext.evaluationNote(ofInvariant: index, in: state, machine: machine))
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
                // Where the failing action or guard is written, as check says it.
                if let location = error.location, location.line != nil {
                    FileHandleOutput.standardOutputLine("  at \(location) (\(location.pointerText))".controlCharactersEscaped)
                }
                throw ExitStatus.findings
            }
        }
    }
}

/// One line of `smcheck run`'s input: `name`, `name {"param": value}`, and optional choices `[1, 0]`.
enum EventLine {
    /// What is wrong with a line, and where: `column` counts Unicode scalars from 1 in the line as parsed.
    struct ParseError: Error {
        let message: String
        var column = 1
    }

    /// Where a line's choices are: the `[`, and each value.
    struct Choices {
        let column: Int
        let columns: [Int]

        /// The column of choice `index` (from 0), or of the `[` without one.
        func column(of index: Int?) -> Int { index.flatMap { $0 < columns.count ? columns[$0] : nil } ?? column }
    }

    /// The event and the choices the line gives. `line` starts with the event's name (no leading space).
    static func parse(_ line: String, for machine: Machine) throws(ParseError) -> (EventInstance, [Int], choices: Choices) {
        /// The column of `index` in `line`, in Unicode scalars (as the JSON parser counts the positions it gives).
        func column(_ index: String.Index) -> Int { line.unicodeScalars.distance(from: line.startIndex, to: index) + 1 }
        var name = String(line.prefix { !$0.isWhitespace })
        // `set{"v": 9}` with no space: a name may hold `{` and `[`, so split there only when the whole is no event.
        if machine.spec.event(named: name) == nil, let brace = name.firstIndex(where: { $0 == "{" || $0 == "[" }),
            machine.spec.event(named: String(name[..<brace])) != nil
        {
            name = String(name[..<brace])
        }
        var rest = Substring(line.dropFirst(name.count)).drop { $0.isWhitespace }
        var arguments: [String: Value] = [:]
        var choices: [Int] = []
        var argumentsColumn = 1
        var choicesColumn = 1
        var choiceColumns: [Int] = []
        if rest.hasPrefix("{") {
            argumentsColumn = column(rest.startIndex)
            let (object, remainder) = try splitValue(rest, at: argumentsColumn)
            rest = remainder.drop { $0.isWhitespace }
            guard let declaration = machine.spec.event(named: name), !declaration.isImplicit else {
                do {
                    _ = try machine.eventInstance(name)  // its message has the "did you mean"
                } catch {
                    throw ParseError(message: error.message)
                }
                throw ParseError(message: "unknown event '\(Spec.Expression.excerpt(of: String(name)))'")
            }
            for member in object.objectValue ?? [] {
                if arguments[member.key] != nil {
                    throw ParseError(
                        message: "parameter '\(member.key)' is given twice", column: argumentsColumn + member.keyPosition.column - 1)
                }
                guard let parameter = declaration.parameters.first(where: { $0.name == member.key }) else {
                    let names = declaration.parameters.map(\.name)
                    let hint =
                        Suggestions.closest(to: member.key, in: names).map { "; did you mean '\($0)'?" }
                        ?? (names.isEmpty ? "; it takes none" : "; it takes " + names.map { "'\($0)'" }.joined(separator: ", "))
                    throw ParseError(
                        message: "event '\(name)' has no parameter '\(member.key)'\(hint)",
                        column: argumentsColumn + member.keyPosition.column - 1)
                }
                do {
                    arguments[member.key] = try value(member.value, for: parameter)
                } catch {
                    throw ParseError(message: error.message, column: argumentsColumn + member.value.position.column - 1)
                }
            }
        }
        if rest.hasPrefix("[") {
            choicesColumn = column(rest.startIndex)
            let (array, remainder) = try splitValue(rest, at: choicesColumn)
            rest = remainder.drop { $0.isWhitespace }
            for element in array.arrayValue ?? [] {
                choiceColumns.append(choicesColumn + element.position.column - 1)
                if let b = element.boolValue { choices.append(b ? 1 : 0); continue }
                guard let i = element.integerValue else {
                    var tooBig: String?
                    if case .number(let number) = element.value { tooBig = SpecMessages.integerOutOfRange(number.text) }
                    throw ParseError(
                        message: tooBig ?? "choices are integers (or true/false)",
                        column: choicesColumn + element.position.column - 1)
                }
                choices.append(i)
            }
        }
        guard rest.isEmpty else {
            throw ParseError(
                message:
                    "unexpected '\(Spec.Expression.excerpt(of: String(rest)))' after the event; write name {\"param\": value} [choices]",
                column: column(rest.startIndex))
        }
        do {
            return (try machine.eventInstance(name, arguments), choices, Choices(column: choicesColumn, columns: choiceColumns))
        } catch {
            throw ParseError(message: error.message, column: argumentsColumn)
        }
    }

    /// Why `choices` do not fit the choice points the step of `event` from `state` meets (each opaque guard or
    /// `oneOf` takes one, in order; those left out are 0), or nil when they do. A value past the ones met would
    /// otherwise be dropped, and one out of a point's range silently clamped.
    static func choiceProblem(_ choices: [Int], _ event: EventInstance, from state: MachineState, machine: Machine) -> (
        message: String, choice: Int?
    )? {
        guard !choices.isEmpty else { return nil }
        let context = StepContext(machine: machine)
        context.load(state)
        context.useChoices(choices)
        let failed = (try? context.process(event)) == nil
        let arities = context.choiceArities
        // The first value out of range first: the step clamped it, so the points met after it may be another path's.
        for (k, (value, arity)) in zip(choices, arities).enumerated() where value < 0 || value >= arity {
            return ("choice \(k + 1) is \(value), but its choice point has \(arity) outcomes (0...\(arity - 1))", k)
        }
        // A step that fails stops meeting choice points: the real step reports its error, not the choices.
        if choices.count > arities.count && !failed {
            let points = arities.isEmpty ? "no choice point" : "\(arities.count) choice point\(arities.count == 1 ? "" : "s")"
            return (
                "the line gives \(choices.count) choice\(choices.count == 1 ? "" : "s"), but '\(machine.describe(event))' meets \(points) here (an opaque guard or a oneOf each)",
                arities.count
            )
        }
        return nil
    }

    private static func value(_ node: JSONNode, for parameter: Spec.Parameter) throws(ParseError) -> Value {
        switch (parameter.type, node.value) {
        case (.bool, .bool(let b)): return .bool(b)
        case (.int, .number(let n)):
            guard let i = n.integerValue else {
                // A whole number past 64 bits is out of the domain like any other; a fraction is no int at all.
                if SpecMessages.integerOutOfRange(n.text) != nil { throw notInDomain(n.text, of: parameter) }
                throw ParseError(message: "'\(parameter.name)' is an int, not \(Spec.Expression.excerpt(of: n.text))")
            }
            return try inDomain(.int(i), of: parameter)
        case (.enumeration, .string(let s)): return try inDomain(.enumCase(s), of: parameter)
        default: throw ParseError(message: "'\(parameter.name)' is \(parameter.type), not \(node.typeName)")
        }
    }

    /// `value`, when `parameter`'s domain holds it: checked here, so that the error points at the value (the
    /// engine, which checks it too, knows no column).
    private static func inDomain(_ value: Value, of parameter: Spec.Parameter) throws(ParseError) -> Value {
        guard parameter.type.contains(value) else { throw notInDomain("\(value)", of: parameter) }
        return value
    }

    private static func notInDomain(_ value: String, of parameter: Spec.Parameter) -> ParseError {
        ParseError(message: "'\(Spec.Expression.excerpt(of: value))' is not a value of parameter '\(parameter.name)' (\(parameter.type))")
    }

    /// Splits one JSON value (object or array) off the front of `text`, which starts at `column` of the line.
    private static func splitValue(_ text: Substring, at column: Int) throws(ParseError) -> (JSONNode, Substring) {
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
                        throw ParseError(
                            message: "\(error.message) in '\(Spec.Expression.excerpt(of: String(text[..<end])))'",
                            column: column + error.position.column - 1)
                    }
                }
            default: break
            }
        }
        throw ParseError(message: "unclosed '\(text.first!)' in '\(Spec.Expression.excerpt(of: String(text)))'", column: column)
    }
}
