/// What analysis and fuzzing want to know about steps beyond their result, accumulated over many steps.
package struct CoverageRecorder: Sendable {
    /// States entered, even transiently inside a macrostep.
    package var enteredStates: StateSet
    /// Transitions taken.
    package var takenTransitions: [Bool]
    /// Transitions whose guard held where they were considered (taken or not).
    package var enabledTransitions: [Bool]
    /// For guarded transitions: whether the guard was seen true (bit 1) and false (bit 2) where the selection
    /// evaluated it, which is the coverage fuzzing counts; and, for why a transition was never taken (SM005), whether
    /// the overlap check saw it false (`falseInOverlapCheck`), whether its evaluation failed (`failedEvaluation`), and
    /// whether it was selected for a microstep past the `maxMicrosteps` limit, which stops the step before it is
    /// taken (`selectedPastLimit`, for any transition).
    package var guardOutcomes: [UInt8]
    package static let falseInOverlapCheck: UInt8 = 4
    package static let failedEvaluation: UInt8 = 8
    package static let selectedPastLimit: UInt8 = 16
    /// Events that some transition handled.
    package var handledEvents: [Bool]
    /// For each external event, the states that were active (`Machine.words` words each) when it went unhandled.
    package var unhandledIn: [UInt64]
    /// Check, after each selection, whether a later transition of the same state was enabled too.
    package var checksOverlaps: Bool
    /// Overlapping pairs found (first, second) with the event of the first witness; filled when `checksOverlaps`.
    package var overlaps: [Overlap] = []
    /// Check invariants at the end of every macrostep (also those of events the machine sent itself).
    package var checksInvariants: Bool
    /// The invariants found violated at a macrostep end of the current call (also one before the events the machine
    /// sent itself ran), each once, with the state it first broke in.
    package var violations: [InvariantViolation] = []

    package struct Overlap: Hashable, Sendable {
        package var first: Int
        package var second: Int
        package var event: EventInstance?
        package var variables: [Int]
        /// Selected part-way through a macrostep (eventless transitions, an event the machine raised or sent
        /// itself), not for the event the host sent: the values are not those before that event.
        package var midMacrostep: Bool
    }

    package init(machine: Machine, checksOverlaps: Bool = false, checksInvariants: Bool = false) {
        enteredStates = StateSet(capacity: machine.stateCount)
        takenTransitions = Array(repeating: false, count: machine.transitionCount)
        enabledTransitions = Array(repeating: false, count: machine.transitionCount)
        guardOutcomes = Array(repeating: 0, count: machine.transitionCount)
        handledEvents = Array(repeating: false, count: machine.eventCount)
        unhandledIn = Array(repeating: 0, count: machine.eventCount * machine.words)
        self.checksOverlaps = checksOverlaps
        self.checksInvariants = checksInvariants
    }

    /// Whether `event` was ever unhandled while `state` was active.
    package func wasUnhandled(_ event: Int, in state: Int, words: Int) -> Bool {
        unhandledIn[event * words + state >> 6] & (1 << UInt64(state & 63)) != 0
    }

    /// Adds what another recorder saw (from another thread's context).
    package mutating func merge(_ other: CoverageRecorder) {
        enteredStates.formUnion(other.enteredStates)
        for i in takenTransitions.indices {
            takenTransitions[i] = takenTransitions[i] || other.takenTransitions[i]
            enabledTransitions[i] = enabledTransitions[i] || other.enabledTransitions[i]
            guardOutcomes[i] |= other.guardOutcomes[i]
        }
        for i in handledEvents.indices { handledEvents[i] = handledEvents[i] || other.handledEvents[i] }
        for i in unhandledIn.indices { unhandledIn[i] |= other.unhandledIn[i] }
        for overlap in other.overlaps where !overlaps.contains(where: { $0.first == overlap.first && $0.second == overlap.second }) {
            overlaps.append(overlap)
        }
    }
}

/// An invariant found violated during a call, and the state it broke in: the end of a macrostep, maybe one before
/// the events the machine sent itself ran.
package struct InvariantViolation: Hashable, Sendable {
    package var invariant: Int
    package var state: MachineState
}
