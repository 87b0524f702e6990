import SMSpec

/// Every action list of a machine (each transition's, each state's entry and exit) flattened into one array of
/// instructions, which the step runs without reference counting: programs and sites are held unmanaged (the
/// machine's `CompiledAction` lists own them for as long as the machine lives), and `if` is two jumps.
///
/// `CompiledAction` stays the structured form that everything off the hot path reads (footprints, the symbolic
/// step, code generation); this is a copy of it for the step, as `HotTables` is of the dispatch tables.
struct ActionCode: @unchecked Sendable {
    struct Instruction {
        enum Kind: UInt8 {
            /// Assignments `first ..< first + count` of the assignment tables, simultaneously.
            case assign
            /// The event `operand` with the arguments `first ..< first + count` of the program table.
            case raise, send
            /// Unless the program `operand` holds, continue at `first`.
            case jumpUnless
            /// Continue at `first`.
            case jump
            /// The host callback `operand`.
            case call
        }

        var kind: Kind
        var operand: Int32 = 0
        var first: Int32 = 0
        var count: Int32 = 0
        /// Where the action is in the spec (an index into the site table), for error messages.
        var site: Int32 = 0
    }

    let instructions: UnsafeMutablePointer<Instruction>
    /// Where each list's instructions start: list `i` is `start[i] ..< start[i + 1]`. Transitions' lists come
    /// first, then each state's entry, then each state's exit.
    let listStart: UnsafeMutablePointer<Int32>
    let programs: UnsafeMutablePointer<Unmanaged<Program>>
    let assignmentVariable: UnsafeMutablePointer<Int32>
    let assignmentProgram: UnsafeMutablePointer<Int32>
    let assignmentSite: UnsafeMutablePointer<Int32>
    let sites: UnsafeMutablePointer<Unmanaged<CompiledAction.Site>>
    let transitionCount: Int32
    let stateCount: Int32

    init(transitions: [[CompiledAction]], entries: [[CompiledAction]], exits: [[CompiledAction]]) {
        var builder = Builder()
        var starts: [Int32] = []
        for list in transitions + entries + exits {
            starts.append(Int32(builder.code.count))
            builder.emit(list)
        }
        starts.append(Int32(builder.code.count))
        transitionCount = Int32(transitions.count)
        stateCount = Int32(entries.count)
        instructions = HotTables.copy(builder.code)
        listStart = HotTables.copy(starts)
        programs = HotTables.copy(builder.programs.map { Unmanaged.passUnretained($0) })
        assignmentVariable = HotTables.copy(builder.assignmentVariable)
        assignmentProgram = HotTables.copy(builder.assignmentProgram)
        assignmentSite = HotTables.copy(builder.assignmentSite)
        sites = HotTables.copy(builder.sites.map { Unmanaged.passUnretained($0) })
    }

    /// The code of a transition's actions, a state's entry or a state's exit.
    @inline(__always) func transition(_ t: Int) -> (Int32, Int32) { (listStart[t], listStart[t + 1]) }
    @inline(__always) func entry(_ state: Int) -> (Int32, Int32) { range(Int(transitionCount) + state) }
    @inline(__always) func exit(_ state: Int) -> (Int32, Int32) { range(Int(transitionCount + stateCount) + state) }
    @inline(__always) private func range(_ list: Int) -> (Int32, Int32) { (listStart[list], listStart[list + 1]) }

    /// The location of a site, for an error message.
    func location(ofSite site: Int32) -> Spec.SourceLocation? { sites[Int(site)].takeUnretainedValue().location }

    func deallocate() {
        instructions.deallocate(); listStart.deallocate(); programs.deallocate(); assignmentVariable.deallocate()
        assignmentProgram.deallocate(); assignmentSite.deallocate(); sites.deallocate()
    }

    /// Lays out the instructions of action lists, nested `if`s as jumps.
    private struct Builder {
        var code: [Instruction] = []
        var programs: [Program] = []
        var assignmentVariable: [Int32] = []
        var assignmentProgram: [Int32] = []
        var assignmentSite: [Int32] = []
        var sites: [CompiledAction.Site] = []

        mutating func emit(_ actions: [CompiledAction]) {
            for action in actions {
                switch action {
                case .assign(let assignments):
                    code.append(Instruction(kind: .assign, first: Int32(assignmentVariable.count), count: Int32(assignments.count)))
                    for assignment in assignments {
                        assignmentVariable.append(Int32(assignment.variable))
                        assignmentProgram.append(program(assignment.value))
                        assignmentSite.append(site(assignment.site))
                    }
                case .raise(let event, let arguments, let at), .send(let event, let arguments, let at):
                    let kind: Instruction.Kind = if case .raise = action { .raise } else { .send }
                    let first = Int32(programs.count)
                    for argument in arguments { _ = program(argument) }
                    code.append(Instruction(kind: kind, operand: Int32(event), first: first, count: Int32(arguments.count), site: site(at)))
                case .ifThen(let condition, let thenActions, let elseActions, let at):
                    let test = code.count
                    code.append(Instruction(kind: .jumpUnless, operand: program(condition), site: site(at)))
                    emit(thenActions)
                    let skip = code.count
                    code.append(Instruction(kind: .jump))
                    code[test].first = Int32(code.count)
                    emit(elseActions)
                    code[skip].first = Int32(code.count)
                case .call(let id):
                    code.append(Instruction(kind: .call, operand: Int32(id)))
                }
            }
        }

        private mutating func program(_ program: Program) -> Int32 {
            programs.append(program)
            return Int32(programs.count - 1)
        }

        private mutating func site(_ site: CompiledAction.Site) -> Int32 {
            sites.append(site)
            return Int32(sites.count - 1)
        }
    }
}

extension Unmanaged where Instance == Program {
    /// Evaluates a program that something else keeps alive, without retaining it.
    @inline(__always)
    func evaluate(
        variables: UnsafePointer<Int>, parameters: UnsafePointer<Int>, configuration: UnsafePointer<UInt64>
    ) throws(EvaluationError) -> Int {
        let result = _withUnsafeGuaranteedRef { program -> Result<Int, EvaluationError> in
            do throws(EvaluationError) {
                return .success(try program.evaluate(variables: variables, parameters: parameters, configuration: configuration))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}
