import SMSpec

/// The explorer's compiled steps: for each event instance and each control state (the child and history fields of
/// the packed key under the event's footprint, `StateCodec.eventFootprints()`), a plan of what the step does: the
/// tests it makes and where each outcome leads, the assignments, and the control bits it ends in. A plan is
/// recorded from the engine's own step (`StepTrace`) and replayed on packed keys: its tests and assignments
/// evaluate the machine's compiled programs on the key's variables, range checks included, and the control bits
/// are copied. Where a test comes out in a way no recorded step saw, the caller runs the engine and its trace is
/// grafted on at that test, so a plan grows into a decision tree over the outcomes that occur.
///
/// So a step costs a hash, a few program evaluations and a copy instead of the SCXML algorithm: the deep chain of
/// a counter, whose every state is new, replays one assignment per state; a region of a parallel machine replays
/// the same few plans for every configuration of the others.
///
/// What is never planned, so the engine runs each time: steps with choices, sends, events raised with arguments,
/// host callbacks (`StepTrace.isReplayable`), and steps that failed, found an overlap or broke an invariant (the
/// caller only records clean steps), so findings and their witnesses are the engine's. A replay that fails (an
/// evaluation error, a value out of range) answers `.unknown` and the engine runs and reports it.
///
/// One per thread, so it needs no locks; adaptive: an instance whose lookups rarely find a plan (its control state
/// is most of the configuration, as an event every region handles) stops being looked up after a trial.
package final class StepPlanCache {
    /// What the cache knows of a step.
    package enum Answer {
        case unknown
        /// The step takes a transition; the successor was written.
        case step
        /// The step handles nothing: every guard was false.
        case unhandled
        /// The same, remembered for these bits of the key, which decide the leaves it is recorded in
        /// (`UnhandledLeaves`): it was recorded when remembered, and need not be again.
        case unhandledAgain
    }

    private typealias Operation = StepTrace.Operation

    private let words: Int
    private let stateWords: Int
    private let instanceCount: Int
    private let code: ActionCode

    // Per instance.
    private let instanceEvent: UnsafeMutablePointer<Int>
    /// Per event, its instances: `eventInstanceStart[e] ..< eventInstanceStart[e + 1]` (instances come event by
    /// event, in the order of the events).
    private let eventInstanceStart: UnsafeMutablePointer<Int32>
    /// Words of a bitset over events.
    private let eventWords: Int
    /// The events that have instances, as a bitset.
    private let instancedEvents: UnsafeMutablePointer<UInt64>
    private let planned: UnsafeMutablePointer<Bool>
    /// `words` words per instance: the footprint's control bits, which key its plans.
    private let masks: UnsafeMutablePointer<UInt64>
    /// Each instance's arguments, what its guards read as parameters: `arguments + argumentStart[i]`.
    private let argumentStart: UnsafeMutablePointer<Int32>
    /// Per instance, the transitions of its footprint whose guard tests a trace records (`StepTrace.tracedTransitions`).
    private let tracedTransitions: UnsafeMutablePointer<UInt64>
    private let transitionWords: Int
    private let arguments: UnsafeMutablePointer<Int>
    private let lookups: UnsafeMutablePointer<Int>
    private let hits: UnsafeMutablePointer<Int>
    /// Results of steps whose footprint is small enough for a table of its own, in front of the plans.
    private let memo: StepMemo
    /// Results of replayed plans, keyed on what each plan reads.
    private let planMemo: PlanMemo
    /// Per instance: whether the bits its memo is keyed on decide the leaves an unhandled step is recorded in.
    private let unhandledKeyed: UnsafeMutablePointer<Bool>
    /// Per instance: whether its control bits decide them (and so the bits `planMemo` keys its plans on).
    private let unhandledKeyedByControl: UnsafeMutablePointer<Bool>
    /// The next plan's number in `planMemo`.
    private var nextPlanNumber: Int32 = 1
    /// Plans compiled to machine code, looked up for every plan in the table (`adopt`).
    private var nativePlans: NativePlanTable?
    /// The same, per instance and control state where the control state is a few bits: what the answering loop
    /// calls without looking the plan up.
    @exclusivity(unchecked) private var nativeIndex: NativePlanIndex?
    /// Steps the native functions in `nativeIndex` answered (those of the table's plans are counted in `hits`).
    @exclusivity(unchecked) private var indexedNativeAnswers = 0
    /// Replays of plans that are not a direct step, answered without native code (from `planMemo` or by walking the
    /// plan): what compiling the plans would save.
    @exclusivity(unchecked) package private(set) var interpretedReplays = 0
    /// What those walks did: the variables they loaded and the tests and assignments they evaluated.
    @exclusivity(unchecked) package private(set) var interpretedOperations = 0
    /// Steps answered by native code, and native calls that could not answer (the replay then did).
    package var nativeAnswers: Int { replayedNativeAnswers + indexedNativeAnswers }
    @exclusivity(unchecked) private var replayedNativeAnswers = 0
    @exclusivity(unchecked) package private(set) var nativeMisses = 0

    // Per variable: where it is in the key and its domain.
    private let variableWord: UnsafeMutablePointer<Int32>
    private let variableShift: UnsafeMutablePointer<UInt64>
    private let variableMask: UnsafeMutablePointer<UInt64>
    /// Per variable: its least value, its step and its greatest value in the key (`VariableSteps`).
    private let variableMinimum: UnsafeMutablePointer<Int>
    private let variableStep: UnsafeMutablePointer<Int>
    private let variableMaximum: UnsafeMutablePointer<Int>
    /// The variables of the state being replayed (those its plan reads are loaded; the others are not read; a step
    /// `planMemo` remembers loads none).
    private let variables: UnsafeMutablePointer<Int>
    /// The values of a simultaneous assignment, evaluated before any is stored.
    private let values: UnsafeMutablePointer<Int>
    /// A configuration for tests of programs that read none.
    private let noConfiguration: UnsafeMutablePointer<UInt64>
    /// Every bit a key uses.
    private let keyBits: UnsafeMutablePointer<UInt64>
    /// What a step that handles nothing is recorded in, and room for it.
    private let unhandledLeaves: UnhandledLeaves
    private let unhandledScratch: UnsafeMutablePointer<UInt64>

    // The plans: every recorded path's operations, configurations seen by tests, and end states' control bits. Only
    // this thread touches them, so the run-time exclusivity checks are left out.
    @exclusivity(unchecked) private var operations = GrowingBuffer<Operation>()
    @exclusivity(unchecked) private var configurations = GrowingBuffer<UInt64>()
    @exclusivity(unchecked) private var controls = GrowingBuffer<UInt64>()
    /// Per end, as `controls`: the bits its path writes (the control bits, and the fields of the variables its
    /// assignments store), which `planMemo` copies.
    @exclusivity(unchecked) private var endWrites = GrowingBuffer<UInt64>()
    /// Lists of variables, each its length and then the variables in increasing order: per plan, those its tests and
    /// assignments read, which a replay loads from the key (the list at 0 is empty).
    @exclusivity(unchecked) private var loadLists = GrowingBuffer<Int32>()

    /// What a table slot knows of its plan, besides the bits in `tableKeys`.
    private struct Plan {
        /// The plan's first operation.
        var root: Int32
        /// Where in `loadLists` the variables the plan reads are.
        var loads: Int32
        /// The plan's number in `planMemo`, new whenever the variables it reads change; 0 once its results are no
        /// longer remembered (too few were found again).
        var number: Int32 = 0
        /// The plan's lookups in `planMemo` and their hits, counted up to `trialLookups`.
        var memoLookups: Int32 = 0
        var memoHits: Int32 = 0
        /// 0 when the plan must be walked; 1 when it is a step straight to its end; 2 when it handles nothing.
        var direct: UInt8 = 0
        /// Whether the plan's native code answered that its step handled nothing, which was then recorded: once is
        /// enough where the control bits decide the leaves it is recorded in (`unhandledKeyedByControl`).
        var nativeRecordedUnhandled = false
        /// The plan compiled to machine code (`NativePlanWriter`), once a library of them is adopted; it answers
        /// before the plan's memo and walk, which answer what it cannot.
        var native: NativePlanFunction?
    }

    // The table from (instance, control state) to its plan: open addressing, linear probing.
    private var tableCapacity: Int
    private var tableCount = 0
    private var tableInstance: UnsafeMutablePointer<Int32>
    private var tablePlans: UnsafeMutablePointer<Plan>
    /// Per slot, `3 * words` words: the control state; the control bits the step ends in when its plan is only
    /// that end (no test, no assignment: most steps of parallel regions), replayed without walking the plan; and
    /// the bits `planMemo` keys the plan's results on (the control state's and the fields of the variables it reads).
    private var tableKeys: UnsafeMutablePointer<UInt64>

    /// After this many lookups of an instance, keep looking it up only if at least a quarter of them replayed; after
    /// as many of a plan in `planMemo`, keep looking it up there only if a quarter of them were found.
    private static let trialLookups = 4096
    /// Bounds on what the plans may hold: a longer path is not recorded, and once full nothing more is.
    private static let maximumPathLength = 4096
    private static let maximumOperations = 1 << 21
    private static let maximumTable = 1 << 21

    /// Plans for the steps of `instances`; nil when no event has a footprint (nothing can be planned).
    package init?(codec: StateCodec, footprints eventFootprints: [EventFootprint?], instances: [EventInstance]) {
        guard instances.contains(where: { eventFootprints[$0.event] != nil }) else { return nil }
        let footprints = eventFootprints.map { $0?.bits }
        let machine = codec.machine
        words = codec.words
        stateWords = machine.words
        instanceCount = instances.count
        code = machine.hot.actionCode
        let count = max(1, instances.count)
        let control = codec.controlMask
        instanceEvent = HotTables.copy(instances.map(\.event))
        precondition(zip(instances, instances.dropFirst()).allSatisfy { $0.event <= $1.event }, "instances come event by event")
        eventWords = max(1, (machine.eventCount + 63) / 64)
        // Each event's first instance: the number of instances of the events before it.
        var firstInstance = 0
        self.eventInstanceStart = HotTables.copy(
            (0...eventWords * 64).map { event in
                while firstInstance < instances.count && instances[firstInstance].event < event { firstInstance += 1 }
                return Int32(firstInstance)
            })
        var instancedEvents = [UInt64](repeating: 0, count: eventWords)
        for instance in instances { instancedEvents[instance.event >> 6] |= 1 << UInt64(instance.event & 63) }
        self.instancedEvents = HotTables.copy(instancedEvents)
        planned = .allocate(capacity: count)
        masks = .allocate(capacity: count * words)
        for (i, instance) in instances.enumerated() {
            let footprint = footprints[instance.event]
            planned[i] = footprint != nil
            for w in 0..<words { masks[i * words + w] = (footprint?[w] ?? 0) & control[w] }
        }
        transitionWords = max(1, (machine.transitionCount + 63) / 64)
        var traced = [UInt64](repeating: 0, count: count * transitionWords)
        for (i, instance) in instances.enumerated() {
            for t in eventFootprints[instance.event]?.transitions ?? [] { traced[i * transitionWords + t >> 6] |= 1 << UInt64(t & 63) }
        }
        tracedTransitions = HotTables.copy(traced)
        var argumentStart: [Int32] = []
        var allArguments: [Int] = []
        for instance in instances {
            argumentStart.append(Int32(allArguments.count))
            allArguments += instance.arguments
        }
        self.argumentStart = HotTables.copy(argumentStart)
        // At least as many slots as any event has parameters: a guard reads them by index.
        arguments = HotTables.copy(allArguments + Array(repeating: 0, count: max(1, machine.maximumParameters)))
        memo = StepMemo(footprints: instances.map { footprints[$0.event] }, words: words)
        planMemo = PlanMemo(words: words)
        unhandledLeaves = UnhandledLeaves(codec: codec)
        let leaves = unhandledLeaves
        func decidesLeaves(_ instance: EventInstance, under mask: [UInt64]) -> Bool {
            zip(leaves.keyBits(of: instance.event, words: codec.words), mask).allSatisfy { $0 & ~$1 == 0 }
        }
        unhandledKeyed = HotTables.copy(
            instances.map { instance in footprints[instance.event].map { decidesLeaves(instance, under: $0) } ?? false })
        unhandledKeyedByControl = HotTables.copy(
            instances.map { instance in
                footprints[instance.event].map { decidesLeaves(instance, under: zip($0, control).map { $0 & $1 }) } ?? false
            })
        lookups = .allocate(capacity: count)
        lookups.initialize(repeating: 0, count: count)
        hits = .allocate(capacity: count)
        hits.initialize(repeating: 0, count: count)
        let fields = codec.variableFields
        variableWord = HotTables.copy(fields.map { Int32($0.mask == 0 ? -1 : $0.word) })
        variableShift = HotTables.copy(fields.map(\.shift))
        variableMask = HotTables.copy(fields.map(\.mask))
        variableMinimum = HotTables.copy(codec.variableMinimum)
        variableStep = HotTables.copy(codec.variableStep)
        variableMaximum = HotTables.copy(codec.variableMaximum)
        // A variable with no bits in the key (it has one value) is never loaded: its value from the start.
        variables = HotTables.copy(codec.variableMinimum)
        let widest = machine.transitions.flatMap(\.actions).map(Self.widestAssignment).max() ?? 1
        let widestState = (machine.entryActions + machine.exitActions).flatMap { $0 }.map(Self.widestAssignment).max() ?? 1
        values = .allocate(capacity: max(1, widest, widestState))
        noConfiguration = .allocate(capacity: stateWords)
        noConfiguration.initialize(repeating: 0, count: stateWords)
        keyBits = HotTables.copy(codec.wordBits.map { $0 == 64 ? ~0 : (1 << UInt64($0)) - 1 })
        unhandledScratch = .allocate(capacity: stateWords)
        unhandledScratch.initialize(repeating: 0, count: stateWords)
        tableCapacity = 1 << 10
        (tableInstance, tablePlans, tableKeys) = Self.allocateTable(tableCapacity, words: words)
        loadLists.append(0)
    }

    deinit {
        instanceEvent.deallocate(); eventInstanceStart.deallocate(); instancedEvents.deallocate()
        unhandledScratch.deallocate(); unhandledKeyed.deallocate(); unhandledKeyedByControl.deallocate()
        tracedTransitions.deallocate()
        planned.deallocate(); masks.deallocate();
        argumentStart.deallocate(); arguments.deallocate(); lookups.deallocate(); hits.deallocate()
        variableWord.deallocate(); variableShift.deallocate(); variableMask.deallocate(); variableMinimum.deallocate()
        variableStep.deallocate(); variableMaximum.deallocate(); variables.deallocate(); values.deallocate(); noConfiguration.deallocate()
        keyBits.deallocate()
        tableInstance.deallocate(); tablePlans.deallocate(); tableKeys.deallocate()
        operations.deallocate(); configurations.deallocate(); controls.deallocate(); endWrites.deallocate(); loadLists.deallocate()
        nativeIndex?.deallocate()
    }

    private static func widestAssignment(_ action: CompiledAction) -> Int {
        switch action {
        case .assign(let assignments): assignments.count
        case .ifThen(_, let then, let otherwise, _): (then + otherwise).map(widestAssignment).max() ?? 1
        default: 1
        }
    }

    private static func allocateTable(_ capacity: Int, words: Int) -> (
        UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Plan>, UnsafeMutablePointer<UInt64>
    ) {
        let instance = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
        instance.initialize(repeating: -1, count: capacity)
        let plans = UnsafeMutablePointer<Plan>.allocate(capacity: capacity)
        plans.initialize(repeating: Plan(root: 0, loads: 0), count: capacity)
        let keys = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity * 3 * words)
        keys.initialize(repeating: 0, count: capacity * 3 * words)
        return (instance, plans, keys)
    }

    /// Whether steps of `instance` are planned (looked up, and recorded when the lookup fails).
    @inline(__always)
    package func isPlanned(_ instance: Int) -> Bool { planned[instance] }

    /// Steps answered without the engine so far (from the memo or a plan).
    package var hitCount: Int { memo.hitCount + indexedNativeAnswers + (0..<instanceCount).reduce(0) { $0 + hits[$1] } }
    /// Of those, the steps whose plan's result `planMemo` remembered.
    @exclusivity(unchecked) package private(set) var rememberedReplays = 0
    /// Replays that looked their plan's result up in `planMemo` (found or not).
    @exclusivity(unchecked) package private(set) var planMemoLookups = 0
    /// Recorded steps that did not follow the plan they should have (0 unless the plans are wrong).
    package private(set) var disagreements = 0

    /// `words`: the key's, given so that a caller specialized for one word computes with a constant.
    @inline(__always)
    private func home(_ instance: Int, _ key: UnsafePointer<UInt64>, words: Int) -> Int {
        let hash = PackedKey.mix(key, under: masks + instance * words, words, from: UInt64(instance) &* PackedKey.golden)
        return Int(truncatingIfNeeded: hash >> 20) & (tableCapacity - 1)
    }

    /// The table slot of the plan of `instance` for the control state of `key`, or -1.
    @inline(__always)
    private func find(_ instance: Int, _ key: UnsafePointer<UInt64>, words: Int) -> Int {
        let mask = masks + instance * words
        var slot = home(instance, key, words: words)
        while true {
            let found = tableInstance[slot]
            if found < 0 { return -1 }
            if found == Int32(instance) && PackedKey.isProjection(tableKeys + slot * 3 * words, of: key, under: mask, words) { return slot }
            slot = (slot + 1) & (tableCapacity - 1)
        }
    }

    /// Answers the steps of `parent`'s event instances in order, as far as the plans can: an instance whose event no
    /// active state has a transition for (not in `possible`) is skipped, a step that takes a transition appends
    /// its successor to `successors` and counts in `transitions`, and a step that handles nothing is recorded in
    /// `context`'s coverage as the engine records it. Stops at the first instance the plans cannot answer and
    /// returns its index (`instances` when every one was answered), so the caller, running the engine from there,
    /// keeps the successors in instance order. One call per state: the explorer's fast path.
    package func answer(
        _ parent: UnsafePointer<UInt64>, possible: UnsafePointer<UInt64>, successors: inout KeyBuffer, transitions: inout Int,
        scratch: UnsafeMutablePointer<UInt64>, context: StepContext
    ) -> Int {
        // Keys of one word, most machines', get a copy of the loop in which every per-word loop is one statement.
        if words == 1 {
            return answer(
                OneWord.self, parent, possible: possible, successors: &successors, transitions: &transitions, scratch: scratch,
                context: context)
        }
        return answer(
            SeveralWords.self, parent, possible: possible, successors: &successors, transitions: &transitions, scratch: scratch,
            context: context)
    }

    @inline(__always)
    private func answer<Width: KeyWidth>(
        _ width: Width.Type, _ parent: UnsafePointer<UInt64>, possible: UnsafePointer<UInt64>, successors: inout KeyBuffer,
        transitions: inout Int, scratch: UnsafeMutablePointer<UInt64>, context: StepContext
    ) -> Int {
        let words = Width.words(self.words)
        // Each instance appends at most one successor: room for all of them, so no append checks for it.
        successors.reserve(instanceCount &* words)
        // Counted in registers, added once: the loop keeps its values out of memory.
        var taken = 0
        var known = 0
        var native = 0
        defer {
            transitions &+= taken
            memo.countKnown(known)
            indexedNativeAnswers &+= native
        }
        // The events that can fire, lowest first: their instances in order, without a test (and a branch that
        // cannot be predicted) per instance of every other event.
        for word in 0..<eventWords {
            // Only events with instances: `possible` is all ones where the caller does not filter.
            var events = possible[word] & instancedEvents[word]
            while events != 0 {
                let event = word << 6 | events.trailingZeroBitCount
                events &= events &- 1
                // A while loop: a range would check its bounds for every event.
                var instance = Int(eventInstanceStart[event])
                let end = Int(eventInstanceStart[event &+ 1])
                while instance < end {
                    defer { instance &+= 1 }
                    guard planned[instance] else { return instance }
                    // Most steps of parallel regions: remembered in a table of their own.
                    if let entry = memo.exactEntry(instance, parent, words: words), StepMemo.isKnown(entry) {
                        known &+= 1
                        if StepMemo.isHandled(entry) {
                            taken &+= 1
                            successors.appendReserved(parent, replacing: memo.mask(instance), with: entry + 1, words: words)
                        } else if !unhandledKeyed[instance] {
                            recordUnhandled(instance, parent, in: context)
                        }
                        continue
                    }
                    // A plan in machine code, found by the control state's bits.
                    if let nativeIndex, let entry = nativeIndex.entry(instance, parent), let function = entry.pointee.function {
                        let answer = function(parent, scratch)
                        if answer == 1 {
                            native &+= 1
                            taken &+= 1
                            successors.appendReserved(scratch, words: words)
                            continue
                        }
                        if answer == 2 {
                            native &+= 1
                            if !(entry.pointee.recordedUnhandled && unhandledKeyedByControl[instance]) {
                                entry.pointee.recordedUnhandled = true
                                recordUnhandled(instance, parent, in: context)
                            }
                            continue
                        }
                    }
                    switch slowSuccessor(Width.self, instance, of: parent, into: scratch) {
                    case .step:
                        taken &+= 1
                        successors.appendReserved(scratch, words: words)
                    case .unhandled:
                        recordUnhandled(instance, parent, in: context)
                    case .unhandledAgain:
                        break
                    case .unknown:
                        return instance
                    }
                }
            }
        }
        return instanceCount
    }

    /// `successor`, out of line, for keys of `width`: the answering loop's path past the tables of their own (the
    /// deep chain's every step), whose replay would otherwise take the loop's registers.
    @inline(never)
    private func slowSuccessor<Width: KeyWidth>(
        _ width: Width.Type, _ instance: Int, of parent: UnsafePointer<UInt64>, into successor: UnsafeMutablePointer<UInt64>
    ) -> Answer {
        self.successor(Width.self, instance, of: parent, into: successor)
    }

    /// Records a step of `instance` that handled nothing, as the engine records it: in the leaves that handle its
    /// event, which the guard checks consult (`UnhandledLeaves`).
    @inline(never)
    package func recordUnhandled(_ instance: Int, _ parent: UnsafePointer<UInt64>, in context: StepContext) {
        let event = instanceEvent[instance]
        unhandledLeaves.write(event, in: parent, into: unhandledScratch)
        context.recordUnhandled(event, in: unhandledScratch)
    }

    /// Replays the plan of `instance` on `parent`, writing the successor when the step takes a transition.
    /// `.unknown` when there is no plan for this control state, a test came out in a way not recorded yet, or an
    /// evaluation or an assignment failed: the caller runs the engine (and records its trace).
    @inline(__always)
    package func successor(_ instance: Int, of parent: UnsafePointer<UInt64>, into successor: UnsafeMutablePointer<UInt64>) -> Answer {
        if words == 1 { return self.successor(OneWord.self, instance, of: parent, into: successor) }
        return self.successor(SeveralWords.self, instance, of: parent, into: successor)
    }

    /// `successor`, for keys of `width`.
    @inline(__always)
    private func successor<Width: KeyWidth>(
        _ width: Width.Type, _ instance: Int, of parent: UnsafePointer<UInt64>, into successor: UnsafeMutablePointer<UInt64>
    ) -> Answer {
        guard memo.hasOwnTable(instance) else { return replay(Width.self, instance, parent, into: successor) }
        let remembered = memo.successor(instance, of: parent, into: successor)
        if case .unhandled = remembered, unhandledKeyed[instance] { return .unhandledAgain }
        guard case .unknown = remembered else { return remembered }
        let answer = replay(Width.self, instance, parent, into: successor)
        switch answer {
        case .step: memo.store(instance, parent: parent, successor: successor, handled: true)
        case .unhandled, .unhandledAgain: memo.store(instance, parent: parent, successor: parent, handled: false)
        case .unknown: break
        }
        return answer
    }

    /// The plan's answer: from `planMemo` when it remembers it, else by walking the plan (and then remembered).
    @inline(__always)
    private func replay<Width: KeyWidth>(
        _ width: Width.Type, _ instance: Int, _ parent: UnsafePointer<UInt64>, into successor: UnsafeMutablePointer<UInt64>
    ) -> Answer {
        let words = Width.words(self.words)
        // An instance with a memo table of its own comes here only on the table's misses, which say nothing of how
        // often its plan would answer: no trial for it.
        if !memo.hasOwnTable(instance) {
            lookups[instance] &+= 1
            if lookups[instance] == Self.trialLookups && hits[instance] < Self.trialLookups / 4 { planned[instance] = false }
        }
        let slot = find(instance, parent, words: words)
        guard slot >= 0 else { return .unknown }
        let plan = tablePlans + slot
        let direct = plan.pointee.direct
        if direct != 0 {
            hits[instance] &+= 1
            guard direct == 1 else { return .unhandled }
            let mask = masks + instance * words
            let control = tableKeys + (slot * 3 + 1) * words
            for w in 0..<words { successor[w] = parent[w] & ~mask[w] | control[w] }
            return .step
        }
        if let native = plan.pointee.native {
            let answer = native(parent, successor)
            if answer != 0 {
                hits[instance] &+= 1
                replayedNativeAnswers &+= 1
                if answer == 1 { return .step }
                guard unhandledKeyedByControl[instance] else { return .unhandled }
                if plan.pointee.nativeRecordedUnhandled { return .unhandledAgain }
                plan.pointee.nativeRecordedUnhandled = true
                return .unhandled
            }
            nativeMisses &+= 1
        }
        interpretedReplays &+= 1
        // What the plan did before on the same values of what it reads.
        let number = plan.pointee.number
        let memoMask = UnsafePointer(tableKeys + (slot * 3 + 2) * words)
        var memoSlot = -1
        if number != 0 {
            planMemoLookups &+= 1
            memoSlot = planMemo.slot(number, parent, under: memoMask, words: words)
            let remembered = planMemo.successor(at: memoSlot, plan: number, of: parent, under: memoMask, into: successor, words: words)
            let found = if case .unknown = remembered { false } else { true }
            // A trial, as for the plans: a plan whose results are rarely found again stops being looked up.
            if plan.pointee.memoLookups < Self.trialLookups {
                plan.pointee.memoLookups &+= 1
                if found { plan.pointee.memoHits &+= 1 }
                if plan.pointee.memoLookups == Self.trialLookups && plan.pointee.memoHits < Self.trialLookups / 4 {
                    plan.pointee.number = 0
                    memoSlot = -1
                }
            }
            if found {
                hits[instance] &+= 1
                rememberedReplays &+= 1
                guard case .unhandled = remembered, unhandledKeyedByControl[instance] else { return remembered }
                return .unhandledAgain
            }
        }
        // The variables the plan's tests and assignments read (a step that only moves between states reads none).
        let loads = loadLists.base + Int(plan.pointee.loads)
        var load = 1
        let loadEnd = Int(loads[0]) &+ 1
        while load < loadEnd {
            let v = Int(loads[load])
            let w = Int(variableWord[v])
            assert(w >= 0, "a plan loads variable \(v), which has no bits in the key")
            variables[v] =
                variableMinimum[v] &+ Int(truncatingIfNeeded: (parent[w] &>> variableShift[v]) & variableMask[v]) &* variableStep[v]
            load &+= 1
        }
        for w in 0..<words { successor[w] = parent[w] }
        let parameters = UnsafePointer(arguments + Int(argumentStart[instance]))
        let operations = operations.base
        var pc = Int(plan.pointee.root)
        var performed = loadEnd &- 1
        defer { interpretedOperations &+= performed }
        while true {
            let operation = operations[pc]
            performed &+= 1
            switch operation.kind {
            case .test:
                guard let value = evaluate(operation, parameters) else { return .unknown }
                if (value != 0) == operation.outcome {
                    pc += 1
                } else if operation.otherwise >= 0 {
                    pc = Int(operation.otherwise)
                } else {
                    return .unknown
                }
            case .assign:
                guard assign(from: Int(operation.first), count: Int(operation.count), parameters: parameters, into: successor) else {
                    return .unknown
                }
                pc += 1
            case .end:
                let mask = masks + instance * words
                let control = controls.base + Int(operation.first) * words
                for w in 0..<words { successor[w] = successor[w] & ~mask[w] | control[w] }
                hits[instance] &+= 1
                if memoSlot >= 0 {
                    planMemo.store(
                        at: memoSlot, plan: number, parent: parent, under: memoMask, written: endWrites.base + Int(operation.first) * words,
                        successor: successor, handled: operation.outcome, words: words)
                }
                return operation.outcome ? .step : .unhandled
            }
        }
    }

    /// A test's value on the loaded variables; nil when the evaluation fails and failing is not false.
    @inline(__always)
    private func evaluate(_ test: Operation, _ parameters: UnsafePointer<Int>) -> Int? {
        let program = test.program.unsafelyUnwrapped
        let value: Int?
        if test.configuration < 0 {
            value = try? program.evaluate(variables: variables, parameters: parameters, configuration: noConfiguration)
        } else {
            // The configuration the recorded step saw: the states the program tests are inside the footprint, so
            // they are active there exactly when they are active here.
            let configuration = UnsafePointer(configurations.base + Int(test.configuration))
            value = try? program.evaluate(variables: variables, parameters: parameters, configuration: configuration)
        }
        return value ?? (test.errorIsFalse ? 0 : nil)
    }

    /// The assignments `first ..< first + count` of the action code, as the engine's `assign` does them: every
    /// value first, then each stored after its range check. False when one fails.
    @inline(__always)
    private func assign(from first: Int, count: Int, parameters: UnsafePointer<Int>, into key: UnsafeMutablePointer<UInt64>) -> Bool {
        for i in 0..<count {
            let program = code.programs[Int(code.assignmentProgram[first + i])]
            guard let value = try? program.evaluate(variables: variables, parameters: parameters, configuration: noConfiguration) else {
                return false
            }
            values[i] = value
        }
        for i in 0..<count {
            let v = Int(code.assignmentVariable[first + i])
            let value = values[i]
            // Below the least value the assignments allow, or between their steps: the engine's step says why (a
            // range violation), or stops on the codec's check.
            guard let steps = StateCodec.steps(of: value, minimum: variableMinimum[v], step: variableStep[v], maximum: variableMaximum[v])
            else { return false }
            variables[v] = value
            let w = Int(variableWord[v])
            guard w >= 0 else { continue }
            let shift = variableShift[v], mask = variableMask[v]
            key[w] = key[w] & ~(mask << shift) | (UInt64(truncatingIfNeeded: steps) & mask) << shift
        }
        return true
    }
}

// MARK: - Recording

extension StepPlanCache {
    /// The transitions whose guards a trace of `instance` records (see `StepTrace.tracedTransitions`).
    package func tracedTransitions(of instance: Int) -> UnsafePointer<UInt64> {
        UnsafePointer(tracedTransitions + instance * transitionWords)
    }

    /// Whether a step of `instance` the engine runs now should be traced for `record`.
    package func wantsTrace(_ instance: Int) -> Bool {
        planned[instance] && operations.count < Self.maximumOperations && tableCount < Self.maximumTable
    }

    /// Adds what the engine did from `parent` (its trace, the key it ended in, whether it handled the event) to the
    /// plans of `instance`: a new plan for a control state not seen yet, or a new branch where the trace's outcome
    /// of a test differs from every recorded one. The caller records only clean steps (no error, overlap or broken
    /// invariant).
    package func record(
        _ instance: Int, parent: UnsafePointer<UInt64>, trace: UnsafePointer<StepTrace>, successor: UnsafePointer<UInt64>,
        handled: Bool
    ) {
        let trace = trace.pointee
        guard trace.isReplayable, trace.count <= Self.maximumPathLength, wantsTrace(instance) else { return }
        if memo.hasOwnTable(instance) { memo.store(instance, parent: parent, successor: successor, handled: handled) }
        let mask = masks + instance * words
        let slot = find(instance, parent, words: words)
        guard slot >= 0 else {
            let root = append(trace, from: 0, successor: successor, mask: mask, handled: handled)
            number(insert(instance, parent, Plan(root: root, loads: loads(of: Int(root), adding: 0))))
            return
        }
        // Walk the plan along the trace: the same operations in the same order, up to a test whose outcome differs.
        var pc = Int(tablePlans[slot].root)
        var i = 0
        while i < trace.count {
            let step = trace.operations[i]
            let known = operations.base[pc]
            guard known.kind == step.kind, known.first == step.first, known.count == step.count,
                known.program?.toOpaque() == step.program?.toOpaque()
            else { return disown(instance) }
            i += 1
            if step.kind == .test && step.outcome != known.outcome {
                guard known.otherwise >= 0 else {
                    // Appending may move the operations: the new branch's start first, then the link.
                    let branch = append(trace, from: i, successor: successor, mask: mask, handled: handled)
                    operations.base[pc].otherwise = branch
                    setLoads(loads(of: Int(branch), adding: tablePlans[slot].loads), of: slot)
                    return
                }
                pc = Int(known.otherwise)
            } else {
                pc += 1
            }
        }
        // The same path again (another thread's slot, or a replay that failed on a value): it must end alike.
        let end = operations.base[pc]
        let control = controls.base + Int(end.first) * words
        guard end.kind == .end, end.outcome == handled, (0..<words).allSatisfy({ control[$0] == successor[$0] & mask[$0] })
        else { return disown(instance) }
    }

    /// A plan that disagrees with the engine's step would be a bug in the footprints or the trace: it is counted
    /// (`disagreements`, which tests check), and this instance is left to the engine from now on.
    private func disown(_ instance: Int) {
        disagreements += 1
        planned[instance] = false
    }

    /// Appends the trace's operations from `start`, then the end; returns where they start.
    private func append(_ trace: StepTrace, from start: Int, successor: UnsafePointer<UInt64>, mask: UnsafePointer<UInt64>, handled: Bool)
        -> Int32
    {
        let first = Int32(operations.count)
        for var operation in trace.operations[start...] {
            if operation.configuration >= 0 {
                let offset = Int(operation.configuration)
                operation.configuration = Int32(configurations.count)
                for w in 0..<stateWords { configurations.append(trace.configurations[offset + w]) }
            }
            operations.append(operation)
        }
        operations.append(Operation(kind: .end, outcome: handled, first: Int32(controls.count / words)))
        var writes = Array(UnsafeBufferPointer(start: mask, count: words))
        for operation in trace.operations where operation.kind == .assign {
            for i in Int(operation.first)..<Int(operation.first + operation.count) {
                let v = Int(code.assignmentVariable[i])
                if variableWord[v] >= 0 { writes[Int(variableWord[v])] |= variableMask[v] << variableShift[v] }
            }
        }
        for w in 0..<words {
            controls.append(successor[w] & mask[w])
            endWrites.append(writes[w])
        }
        return first
    }

    /// A list in `loadLists` of the variables of the list at `list` and those read by the operations of a path from
    /// `start` to its end (a path as `append` lays it out: in a row).
    private func loads(of start: Int, adding list: Int32) -> Int32 {
        var read = Set(UnsafeBufferPointer(start: loadLists.base + Int(list) + 1, count: Int(loadLists.base[Int(list)])))
        var pc = start
        while operations.base[pc].kind != .end {
            let operation = operations.base[pc]
            switch operation.kind {
            case .test:
                read.formUnion(operation.program.unsafelyUnwrapped._withUnsafeGuaranteedRef(\.variablesRead))
            case .assign:
                for i in Int(operation.first)..<Int(operation.first + operation.count) {
                    read.formUnion(code.programs[Int(code.assignmentProgram[i])]._withUnsafeGuaranteedRef(\.variablesRead))
                }
            case .end:
                break
            }
            pc += 1
        }
        // A variable with no bits in the key has one value, which `variables` holds from the start: nothing to load
        // (its word is -1).
        read = read.filter { variableWord[Int($0)] >= 0 }
        if Int32(read.count) == loadLists.base[Int(list)] { return list }
        let merged = Int32(loadLists.count)
        loadLists.append(Int32(read.count))
        for variable in read.sorted() { loadLists.append(variable) }
        return merged
    }

    /// Makes the list at `list` the variables the plan at `slot` reads, and numbers the plan again when they changed
    /// (its results remembered so far were keyed on fewer bits).
    private func setLoads(_ list: Int32, of slot: Int) {
        guard list != tablePlans[slot].loads else { return }
        tablePlans[slot].loads = list
        number(slot)
    }

    /// Gives the plan at `slot` a new number in `planMemo`, with a new trial, and keys it there on the control state's
    /// bits and the fields of the variables it reads.
    private func number(_ slot: Int) {
        let plan = tablePlans + slot
        // Numbers run out after 2^31 - 2 plans and changes, more than the table's bounds allow; a plan past them is not
        // remembered (its number is 0), so no two plans ever share one.
        plan.pointee.number = nextPlanNumber < Int32.max ? nextPlanNumber : 0
        if nextPlanNumber < Int32.max { nextPlanNumber += 1 }
        plan.pointee.memoLookups = 0
        plan.pointee.memoHits = 0
        let memoMask = tableKeys + (slot * 3 + 2) * words
        let instanceMask = masks + Int(tableInstance[slot]) * words
        for w in 0..<words { memoMask[w] = instanceMask[w] }
        let loads = loadLists.base + Int(plan.pointee.loads)
        for load in 1..<(Int(loads[0]) + 1) {
            let v = Int(loads[load])
            memoMask[Int(variableWord[v])] |= variableMask[v] << variableShift[v]
        }
        // Keyed on the whole key, a result is never found again: each state is expanded once. So a plan that reads
        // every variable its control state leaves open (a flat machine of thousands of states whose every state
        // counts) is not remembered, where it would pay a lookup that misses and a store in every replay.
        if (0..<words).allSatisfy({ memoMask[$0] & keyBits[$0] == keyBits[$0] }) { plan.pointee.number = 0 }
    }

    /// Puts `plan` for `instance` and the control state of `key` in the table; returns its slot. A plan that is
    /// only its end is marked direct.
    @discardableResult
    private func insert(_ instance: Int, _ key: UnsafePointer<UInt64>, _ plan: Plan, memoMask: UnsafePointer<UInt64>? = nil) -> Int {
        if (tableCount + 1) * 2 > tableCapacity { growTable() }
        let mask = masks + instance * words
        var slot = home(instance, key, words: words)
        while tableInstance[slot] >= 0 { slot = (slot + 1) & (tableCapacity - 1) }
        tableInstance[slot] = Int32(instance)
        tablePlans[slot] = plan
        for w in 0..<words {
            tableKeys[slot * 3 * words + w] = key[w] & mask[w]
            tableKeys[(slot * 3 + 2) * words + w] = memoMask?[w] ?? 0
        }
        let end = operations.base[Int(plan.root)]
        if end.kind == .end {
            tablePlans[slot].direct = end.outcome ? 1 : 2
            for w in 0..<words { tableKeys[(slot * 3 + 1) * words + w] = controls.base[Int(end.first) * words + w] }
        }
        if tablePlans[slot].native == nil, let nativePlans {
            tablePlans[slot].native = nativePlans.function(instance: instance, control: tableKeys + slot * 3 * words)
            if let function = tablePlans[slot].native { index(function, of: slot) }
        }
        tableCount += 1
        return slot
    }

    private func growTable() {
        let (oldInstance, oldPlans, oldKeys, oldCapacity) = (tableInstance, tablePlans, tableKeys, tableCapacity)
        tableCapacity *= 2
        (tableInstance, tablePlans, tableKeys) = Self.allocateTable(tableCapacity, words: words)
        tableCount = 0
        for slot in 0..<oldCapacity where oldInstance[slot] >= 0 {
            insert(Int(oldInstance[slot]), oldKeys + slot * 3 * words, oldPlans[slot], memoMask: oldKeys + (slot * 3 + 2) * words)
        }
        oldInstance.deallocate()
        oldPlans.deallocate()
        oldKeys.deallocate()
    }
}

// MARK: - Native code

extension StepPlanCache {
    /// The plans that a walk replays (those that are not a direct step), as C for a library of native plans
    /// (`NativePlanWriter`); nil when there are none.
    package func nativeSource() -> NativePlanSource? {
        let tables = NativePlanWriter.Tables(
            words: words, code: code, operations: operations.base, configurations: configurations.base,
            controls: controls.base, masks: masks, variableWord: variableWord, variableShift: variableShift,
            variableMask: variableMask, variableMinimum: variableMinimum, variableStep: variableStep,
            variableMaximum: variableMaximum,
            parameters: { [arguments, argumentStart] in UnsafePointer(arguments + Int(argumentStart[$0])) })
        var writer = NativePlanWriter(tables)
        for slot in 0..<tableCapacity where tableInstance[slot] >= 0 && tablePlans[slot].direct == 0 {
            writer.add(instance: Int(tableInstance[slot]), control: tableKeys + slot * 3 * words, root: Int(tablePlans[slot].root))
        }
        return writer.planCount == 0 ? nil : writer.source()
    }

    /// Answers with `table`'s native plans from now on: each plan in the table that it compiled gets its function,
    /// and so does each plan recorded later for a control state it compiled.
    package func adopt(_ table: NativePlanTable) {
        precondition(table.words == words, "native plans for keys of \(table.words) words, not \(words)")
        nativePlans = table
        if let nativeIndex {
            nativeIndex.removeAll()
        } else {
            nativeIndex = NativePlanIndex(masks: masks, instances: instanceCount, words: words)
        }
        for slot in 0..<tableCapacity where tableInstance[slot] >= 0 {
            tablePlans[slot].native = table.function(instance: Int(tableInstance[slot]), control: tableKeys + slot * 3 * words)
            tablePlans[slot].nativeRecordedUnhandled = false
            if let function = tablePlans[slot].native { index(function, of: slot) }
        }
    }

    /// Puts the native function of the plan at `slot` in the index, when its instance has a table there. A direct
    /// plan (a step straight to its end) is left out: the loop answers it as fast from the plan table.
    private func index(_ function: NativePlanFunction, of slot: Int) {
        guard tablePlans[slot].direct == 0,
            let entry = nativeIndex?.entry(Int(tableInstance[slot]), tableKeys + slot * 3 * words)
        else { return }
        entry.pointee = NativePlanIndex.Entry(function: function)
    }

    /// How many plans the table holds (a later compilation is worth it only when there are more).
    package var planCount: Int { tableCount }
}

/// An array of plain values that only grows, read through its base pointer without retains, uniqueness or bounds
/// checks (a replay reads these on every step); freed by its owner.
private struct GrowingBuffer<Element: BitwiseCopyable> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private var capacity = 64

    init() { base = .allocate(capacity: capacity) }

    mutating func append(_ element: Element) {
        if count == capacity {
            capacity *= 2
            let moved = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
            moved.initialize(from: base, count: count)
            base.deallocate()
            base = moved
        }
        (base + count).initialize(to: element)
        count += 1
    }

    func deallocate() { base.deallocate() }
}

/// The number of words of a key, as a type: `StepPlanCache.answer` is specialized for keys of one word, whose
/// per-word loops then compile to single statements.
private protocol KeyWidth {
    static func words(_ words: Int) -> Int
}

private enum OneWord: KeyWidth {
    @inline(__always) static func words(_ words: Int) -> Int { 1 }
}

private enum SeveralWords: KeyWidth {
    @inline(__always) static func words(_ words: Int) -> Int { words }
}
