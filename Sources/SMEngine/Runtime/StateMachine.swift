import Foundation
public import SMSpec
import Synchronization

/// A running state machine: the thread-safe runtime around the step function.
///
/// - Events are processed one at a time, to completion, in the order `send` is called; `send` is safe from any
///   number of threads. A `send` from inside a callback or an observer (on the thread that is processing) is queued
///   and processed right after the current event, before `send` returns to the outside caller.
/// - An event that breaks the spec's rules (an infinite loop, a range violation, ...) throws, and the machine stays
///   in the state it was in before that event.
/// - Observers see every entry, exit and transition, after each macrostep, in the order they happened.
///
/// ```swift
/// let rocket = try StateMachine(Spec.load(path: "Specs/rocket.json"))
/// try rocket.send("fire")
/// rocket.isActive("countdown")   // true
/// ```
public final class StateMachine: @unchecked Sendable {
    public let machine: Machine

    /// Guards everything below; the step runs while holding it.
    private let lock = NSLock()
    /// The thread processing an event (0 when none), to tell a reentrant `send` from a concurrent one.
    private let owner = Atomic<UInt>(0)
    private let context: StepContext
    // The three below are read and written only under `lock` (or by its owner thread, between the step's phases),
    // never in overlapping accesses, so the run-time exclusivity checks (a third of a `send`'s time) are off.

    /// The state after the last completed event, guarded by the processing lock; updated in place.
    @exclusivity(unchecked) private var committed: MachineState?
    @exclusivity(unchecked) private var reentrantQueue: [EventInstance] = []
    @exclusivity(unchecked) private var observers = Observers()

    /// A runtime for `spec`, with the host's guards, callbacks and `oneOf` resolver.
    public init(_ spec: Spec, host: HostFunctions = HostFunctions()) throws(SpecError) {
        machine = try Machine(spec)
        context = StepContext(machine: machine)
        context.host = host.bind(to: machine)
    }

    public init(machine: Machine, host: HostFunctions = HostFunctions()) {
        self.machine = machine
        context = StepContext(machine: machine)
        context.host = host.bind(to: machine)
    }

    // MARK: - Sending events

    /// Enters the initial configuration. `send` starts the machine first if this was not called.
    @discardableResult
    public func start() throws(EngineError) -> StepResult {
        try withProcessingLock { () throws(EngineError) -> StepResult in
            try startIfNeeded() ?? result(for: nil, outcome: StepOutcome(handled: true, microsteps: 0, queuedEventsProcessed: 0))
        }
    }

    /// Sends an event by name with arguments by parameter name.
    @discardableResult
    public func send(_ name: String, _ arguments: [String: Value] = [:]) throws(EngineError) -> StepResult {
        try send(try machine.eventInstance(name, arguments))
    }

    /// Sends an event from async code; the step itself is short and runs on the caller's executor.
    @discardableResult
    public func send(_ name: String, _ arguments: [String: Value] = [:]) async throws(EngineError) -> StepResult {
        let event = try machine.eventInstance(name, arguments)
        return try send(event)
    }

    /// Sends an event and processes it to completion.
    @discardableResult
    public func send(_ event: EventInstance) throws(EngineError) -> StepResult {
        if owner.load(ordering: .acquiring) == Self.currentThread {
            // Called from a callback or observer while this thread processes an event: run it next.
            reentrantQueue.append(event)
            return StepResult(
                machine: machine, eventInstance: event, disposition: .queued, microsteps: [], microstepCount: 0,
                configuration: committed?.configuration ?? StateSet(capacity: machine.stateCount),
                variables: committed?.variables ?? machine.initialVariables)
        }
        return try withProcessingLock { () throws(EngineError) -> StepResult in
            _ = try startIfNeeded()
            let outcome = try process(event)
            let first = result(for: event, outcome: outcome)
            deliver(first)
            try drainReentrantQueue()
            return first
        }
    }

    private func process(_ event: EventInstance) throws(EngineError) -> StepOutcome {
        context.recordsMicrosteps = observers.wantMicrosteps
        do {
            let outcome = try context.process(event)
            commitContext()
            return outcome
        } catch {
            // Roll back: the machine is as it was before the event.
            if let committed { context.load(committed) }
            let observers = self.observers
            observers.failed(error)
            throw error
        }
    }

    private func startIfNeeded() throws(EngineError) -> StepResult? {
        guard committed == nil else { return nil }
        context.recordsMicrosteps = observers.wantMicrosteps
        let outcome = try context.resetToInitialState()
        commitContext()
        let started = result(for: nil, outcome: outcome)
        deliver(started)
        try drainReentrantQueue()
        return started
    }

    /// Copies the context's state into `committed`, reusing its buffers.
    private func commitContext() {
        guard committed != nil else {
            committed = context.snapshot()
            return
        }
        committed!.configuration.overwrite(with: context.configurationWords)
        let slots = context.variableSlots
        for i in slots.indices where committed!.variables[i] != slots[i] { committed!.variables[i] = slots[i] }
        if !machine.historyStates.isEmpty { committed!.history = context.history }
    }

    private func drainReentrantQueue() throws(EngineError) {
        while !reentrantQueue.isEmpty {
            let event = reentrantQueue.removeFirst()
            do {
                let outcome = try process(event)
                deliver(result(for: event, outcome: outcome))
            } catch {
                // The sender got `.queued` and is gone; the error observers have seen it.
                continue
            }
        }
    }

    private func withProcessingLock<T>(_ body: () throws(EngineError) -> T) throws(EngineError) -> T {
        lock.lock()
        owner.store(Self.currentThread, ordering: .releasing)
        defer {
            owner.store(0, ordering: .releasing)
            lock.unlock()
        }
        return try body()
    }

    private static var currentThread: UInt { ThreadIdentity.current }

    private func result(for event: EventInstance?, outcome: StepOutcome) -> StepResult {
        StepResult(
            machine: machine, eventInstance: event, disposition: outcome.handled ? .handled : .unhandled,
            microsteps: context.recordsMicrosteps ? context.microsteps : [], microstepCount: outcome.microsteps,
            configuration: committed?.configuration ?? context.currentConfiguration,
            variables: committed?.variables ?? context.currentVariables)
    }

    private func deliver(_ result: StepResult) {
        let observers = self.observers  // a copy: observers may add or remove observers
        guard observers.wantMicrosteps else { return }
        for microstep in result.microsteps {
            for state in microstep.exited { observers.exited(machine.path(of: state)) }
            for t in microstep.transitions { observers.took(TransitionEvent(machine, t, microstep.event)) }
            for state in microstep.entered { observers.entered(machine.path(of: state)) }
        }
        observers.stepped(result)
        if let log = observers.log { log(StepLog.format(result, machine: machine)) }
    }

    // MARK: - Reading the state

    /// The state after the last completed event (starting the machine first if nothing was sent yet). From a
    /// callback or observer, the state before the event being processed.
    public var state: MachineState {
        // From a callback or observer this thread already holds the lock.
        if owner.load(ordering: .acquiring) == Self.currentThread, let committed { return committed }
        if let current = lock.withLock({ committed }) { return current }
        _ = try? start()
        return lock.withLock { committed }
            ?? MachineState(
                configuration: StateSet(capacity: machine.stateCount),
                variables: machine.initialVariables,
                history: Array(repeating: nil, count: machine.historyStates.count))
    }

    /// True when the state (by unique name or path) is active.
    public func isActive(_ state: String) -> Bool {
        guard let index = machine.state(named: state) else { return false }
        return self.state.configuration.contains(index)
    }

    /// The full paths of the active leaf states, sorted.
    public var activeStates: [String] { machine.activeLeafPaths(state.configuration) }

    /// The value of a variable, by name.
    public func value(of variable: String) -> Value? {
        guard let index = machine.spec.variables.firstIndex(where: { $0.name == variable }) else { return nil }
        return Machine.decode(state.variables[index], as: machine.spec.variables[index].type)
    }

    /// All variables by name, in declaration order.
    public var variables: [(name: String, value: Value)] { machine.variableValues(state.variables) }

    // MARK: - Observing

    /// Called with the path of every state entered (TBStateMachine's TBSMStateDidEnterNotification).
    @discardableResult
    public func onEnter(_ handler: @escaping @Sendable (String) -> Void) -> ObserverToken {
        changeObservers { $0.add(.entry(handler)) }
    }

    /// Called with the path of every state exited.
    @discardableResult
    public func onExit(_ handler: @escaping @Sendable (String) -> Void) -> ObserverToken {
        changeObservers { $0.add(.exit(handler)) }
    }

    /// Called for every transition taken (EFStateMachine's onChange).
    @discardableResult
    public func onTransition(_ handler: @escaping @Sendable (TransitionEvent) -> Void) -> ObserverToken {
        changeObservers { $0.add(.transition(handler)) }
    }

    /// Called after every macrostep with its result.
    @discardableResult
    public func onStep(_ handler: @escaping @Sendable (StepResult) -> Void) -> ObserverToken {
        changeObservers { $0.add(.step(handler)) }
    }

    /// Called with every error an event caused, including events queued from callbacks.
    @discardableResult
    public func onError(_ handler: @escaping @Sendable (EngineError) -> Void) -> ObserverToken {
        changeObservers { $0.add(.error(handler)) }
    }

    /// Logs every macrostep like a debugger would (TBStateMachine's TBSMDebugger): the event, each transition, the
    /// states exited and entered, the effects, and the resulting configuration.
    public func trace(_ log: (@Sendable (String) -> Void)?) {
        changeObservers { $0.log = log }
    }

    public func removeObserver(_ token: ObserverToken) {
        changeObservers { $0.remove(token) }
    }

    /// Changes the observers under the lock, or directly from a callback or observer of this machine (its thread
    /// holds the lock already): a one-shot observer can remove itself. Deliveries iterate a copy, so a change made
    /// while they run takes effect from the next event.
    private func changeObservers<T>(_ change: (inout Observers) -> T) -> T {
        if owner.load(ordering: .acquiring) == Self.currentThread { return change(&observers) }
        return lock.withLock { change(&observers) }
    }

    /// Every macrostep from now on, as an async sequence. Ends when the consuming task is cancelled.
    public var steps: AsyncStream<StepResult> {
        let (stream, continuation) = AsyncStream<StepResult>.makeStream(bufferingPolicy: .unbounded)
        let token = onStep { continuation.yield($0) }
        continuation.onTermination = { [weak self] _ in self?.removeObserver(token) }
        return stream
    }
}
