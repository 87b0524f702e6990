import SMSpec

// The SCXML main event loop (W3C SCXML 1.0, Appendix D), one external event at a time.
extension StepCore {
    /// Enters the initial configuration and runs the first macrostep (SCXML's interpret()).
    ///
    /// The context's variables must hold their initial values (`resetToInitialState()` does both).
    @discardableResult
    mutating func start() throws(EngineError) -> StepOutcome {
        beginCall()
        currentEventIndex = -1
        microstepCount = 0
        recentCount = 0
        if recordsMicrosteps { microsteps.append(Microstep(event: nil)) }
        var entry = EntrySet(tree: tree, history: history)
        entry.add(targets: [tree.initialTarget[0]], domain: 0)
        for state in entry.statesToEnter { try enter(state) }
        microstepCount = 1
        try runToCompletion()
        checkInvariantsIfAsked()
        let drained = try drainExternalQueue()
        return StepOutcome(handled: true, microsteps: microstepCount, queuedEventsProcessed: drained)
    }

    /// Clears the context to the machine's initial variables and an empty configuration, then starts it.
    @discardableResult
    mutating func resetToInitialState() throws(EngineError) -> StepOutcome {
        for i in 0..<words { configuration[i] = 0 }
        if let tracking { for w in 0..<tracking.words { tracking.key[w] = 0 } }
        activate(0)
        for (i, value) in machine.initialVariables.enumerated() {
            variables[i] = value
            tracking?.assign(i, value)
        }
        for i in history.indices { history[i] = nil }
        isHalted = false
        return try start()
    }

    /// Processes one external event to completion, then every event the machine sent itself meanwhile.
    ///
    /// Throws when the spec's rules are broken (loop, range, choice, queue, unhandled with `"error"`). After a
    /// throw the context's state is unspecified: reload it.
    @discardableResult
    mutating func process(_ event: EventInstance) throws(EngineError) -> StepOutcome {
        beginCall()
        // The common case (a declared event without parameters) is checked here; the rest out of line. (Moving this
        // test into an inlined `validate` made the flat step ~40% slower: the optimizer then keeps `process` apart.)
        if event.event < 0 || event.event >= eventCount || !event.arguments.isEmpty || hot.parameterCount[event.event] != 0 {
            try validate(event)
        }
        let handled = try macrostep(for: event, fromHost: true)
        let total = microstepCount
        let drained = externalHead < externalQueue.count ? try drainExternalQueue() : 0
        return StepOutcome(handled: handled, microsteps: total + drainedMicrosteps, queuedEventsProcessed: drained)
    }

    @inline(__always)
    private mutating func beginCall() {
        if recordsMicrosteps && !microsteps.isEmpty { microsteps.removeAll(keepingCapacity: true) }
        if !internalQueue.isEmpty { internalQueue.removeAll(keepingCapacity: true) }
        internalHead = 0
        if !externalQueue.isEmpty { externalQueue.removeAll(keepingCapacity: true) }
        externalHead = 0
        drainedMicrosteps = 0
        selectingHostEvent = false
        choices.rewind()
        if !violations.isEmpty { violations.removeAll(keepingCapacity: true) }
    }

    /// One macrostep for an external event: select and take its transitions, then run to completion.
    private mutating func macrostep(for event: EventInstance, fromHost: Bool) throws(EngineError) -> Bool {
        microstepCount = 0
        recentCount = 0
        guard !isHalted else { return false }
        setCurrentEvent(event)
        selectingHostEvent = fromHost
        try selectTransitions(event: event.event)
        selectingHostEvent = false
        let handled = selectedCount > 0
        if handled {
            coverage?.handled[event.event] = true
            try microstep()
        } else if let coverage {
            for w in 0..<words { coverage.unhandledIn[event.event * words + w] |= configuration[w] }
        }
        if !handled && fromHost && unhandledIsError {
            throw EngineError(
                .unhandledEvent(event: event.event),
                "event '\(machine.spec.events[event.event].name)' is not handled in \(describeConfiguration())")
        }
        // Nothing can follow a microstep without eventless transitions or raised events: skip the loop.
        if hasEventless || internalHead < internalQueue.count || isHalted { try runToCompletion() }
        checkInvariantsIfAsked()
        return handled
    }

    /// After a microstep: take eventless transitions, then internal events, until neither is left (stable).
    mutating func runToCompletion() throws(EngineError) {
        while !isHalted {
            if hasEventless {
                try selectEventlessTransitions()
            } else {
                selectedCount = 0
            }
            if selectedCount == 0 {
                guard internalHead < internalQueue.count else { break }
                let event = internalQueue[internalHead]
                internalHead += 1
                setCurrentEvent(event)
                try selectTransitions(event: event.event)
                if selectedCount == 0 { continue }
                coverage?.handled[event.event] = true
            }
            try microstep()
        }
        if isHalted { internalQueue.removeAll(keepingCapacity: true); internalHead = 0 }
    }

    /// Events sent with `send` are processed in order after the macrostep that sent them, each to completion.
    private mutating func drainExternalQueue() throws(EngineError) -> Int {
        var drained = 0
        while externalHead < externalQueue.count {
            let event = externalQueue[externalHead]
            externalHead += 1
            drained += 1
            if drained > machine.options.maxMicrosteps {
                throw EngineError(
                    .infiniteLoop(transitions: recentTransitionList),
                    SpecMessages.tooManySends(limit: machine.options.maxMicrosteps), variables: currentVariables
                )
            }
            _ = try macrostep(for: event, fromHost: false)
            drainedMicrosteps += microstepCount
        }
        return drained
    }

    mutating func setCurrentEvent(_ event: EventInstance) {
        currentEventIndex = event.event
        if !event.arguments.isEmpty { for (i, argument) in event.arguments.enumerated() { parameters[i] = argument } }
    }

    /// An event outside the declared ones, or one with parameters: its index and arguments against the declaration.
    private func validate(_ event: EventInstance) throws(EngineError) {
        guard event.event >= 0 && event.event < eventCount else {
            throw EngineError(.invalidEvent, "no event with index \(event.event)")
        }
        let declaration = machine.spec.events[event.event]
        let ranges = machine.parameterRanges[event.event]
        guard event.arguments.count == ranges.count else {
            throw EngineError(
                .invalidEvent,
                "event '\(declaration.name)' takes \(Plural.count(ranges.count, "argument")), not \(event.arguments.count)")
        }
        for (i, value) in event.arguments.enumerated() where !ranges[i].contains(value) {
            let parameter = declaration.parameters[i]
            throw EngineError(
                .invalidEvent,
                "argument \(Machine.decode(value, as: parameter.type)) of '\(declaration.name)' is outside '\(parameter.name)': \(parameter.type)"
            )
        }
    }

    /// Inline, so a step that checks no invariants pays one test.
    @inline(__always)
    private mutating func checkInvariantsIfAsked() {
        if checksInvariants { checkInvariants() }
    }

    private mutating func checkInvariants() {
        for i in 0..<invariantCount where !invariantHolds(i) && !violations.contains(where: { $0.invariant == i }) {
            violations.append(
                InvariantViolation(
                    invariant: i,
                    state: MachineState(configuration: currentConfiguration, variables: currentVariables, history: history)))
        }
    }

    /// The active leaves' paths, for messages.
    func describeConfiguration() -> String {
        let leaves = (0..<tree.count).filter { tree.leaves.contains($0) && isActive($0) }.map { machine.path(of: $0) }
        return leaves.count == 1 ? "state '\(leaves[0])'" : "states " + Machine.list(leaves.map { "'\($0)'" })
    }
}
