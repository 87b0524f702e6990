/// What one step did that depends on the variables' values, in the order it did it: each test of a guard or an `if`
/// condition with its outcome, and each assignment. Everything else a step does (which transitions it selects once
/// the tests are decided, the states it exits and enters, the history it records, the events it raises) follows
/// from the configuration it starts in and these outcomes.
///
/// `StepCore` appends to a trace while `StepContext.startTrace()` asks it to; the explorer turns traces into plans
/// (`StepPlanCache`) that redo the step on other states of the same configuration without running the engine.
package struct StepTrace {
    /// One thing the step did; in a plan also the links between recorded paths.
    struct Operation {
        enum Kind: UInt8 {
            /// Evaluated `program`; its outcome (nonzero) was `outcome`.
            case test
            /// The assignments `first ..< first + count` of the machine's `ActionCode`, simultaneously.
            case assign
            /// The step ended (only in plans): `outcome` says whether it handled the event, `first` where its control
            /// bits are.
            case end
        }

        var kind: Kind
        var outcome = false
        /// An evaluation error counts as a false outcome instead of failing (the overlap check evaluates guards so).
        var errorIsFalse = false
        var first: Int32 = 0
        var count: Int32 = 0
        /// For a test of a program that reads the configuration (`In(...)`): where the configuration it saw is kept;
        /// -1 otherwise.
        var configuration: Int32 = -1
        /// In a plan, for a test: where to go on when the outcome is not `outcome` (-1: not seen yet).
        var otherwise: Int32 = -1
        var program: Unmanaged<Program>?
    }

    var operations: [Operation] = []
    /// Configurations seen by tests that read one, `words` words each.
    var configurations: [UInt64] = []
    /// The transitions whose guard tests are recorded (a bitset; nil: all): those of the event's footprint. The
    /// engine also tests the guards of every active eventless transition after a microstep; outside the footprint
    /// they are false in any state the plan serves, and recording them would make the plan depend on states it does
    /// not key on.
    var tracedTransitions: UnsafePointer<UInt64>?
    /// False once the step did something a plan cannot redo: a choice (opaque guard, `oneOf`), an event raised
    /// with arguments (they would change the parameters later guards read), a `send`, a host callback, an
    /// assignment of a value that reads the configuration.
    package private(set) var isReplayable = true

    package init() {}

    package mutating func removeAll() {
        operations.removeAll(keepingCapacity: true)
        configurations.removeAll(keepingCapacity: true)
        isReplayable = true
    }

    /// How many operations were recorded.
    package var count: Int { operations.count }

    /// Records the test of a transition's guard, when it is one the plan depends on.
    mutating func test(
        guardOf transition: Int, _ program: Unmanaged<Program>, _ outcome: Bool, in configuration: UnsafePointer<UInt64>, words: Int,
        errorIsFalse: Bool = false
    ) {
        if let tracedTransitions, tracedTransitions[transition >> 6] & (1 << UInt64(transition & 63)) == 0 { return }
        test(program, outcome, in: configuration, words: words, errorIsFalse: errorIsFalse)
    }

    mutating func test(
        _ program: Unmanaged<Program>, _ outcome: Bool, in configuration: UnsafePointer<UInt64>, words: Int, errorIsFalse: Bool = false
    ) {
        var operation = Operation(kind: .test, outcome: outcome, errorIsFalse: errorIsFalse, program: program)
        if program._withUnsafeGuaranteedRef(\.readsStates) {
            operation.configuration = Int32(configurations.count)
            configurations.append(contentsOf: UnsafeBufferPointer(start: configuration, count: words))
        }
        operations.append(operation)
    }

    /// Records the assignments `first ..< first + count` of `code`. A value that reads the configuration (`In(...)`)
    /// sees it in the middle of the step, which a plan does not keep: such a step is left to the engine.
    mutating func assign(first: Int, count: Int, of code: ActionCode) {
        for i in first..<first + count where code.programs[Int(code.assignmentProgram[i])]._withUnsafeGuaranteedRef(\.readsStates) {
            return refuseReplay()
        }
        operations.append(Operation(kind: .assign, first: Int32(first), count: Int32(count)))
    }

    mutating func refuseReplay() { isReplayable = false }
}
