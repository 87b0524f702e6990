import SMSpec

/// The tables the step reads on every event, as raw buffers owned by the `Machine`: reading one is a load, with no
/// retain, release or bounds check, which is what makes the explorer's inner loop fast.
///
/// Everything here is a copy of an array the machine also keeps in Swift form; the arrays are the source of truth
/// for everything that is not on the hot path.
struct HotTables: @unchecked Sendable {
    enum Kind: UInt8 {
        case atomic, compound, parallel, final, history, choice

        init(_ kind: Spec.State.Kind) {
            switch kind {
            case .atomic: self = .atomic
            case .compound: self = .compound
            case .parallel: self = .parallel
            case .final: self = .final
            case .history: self = .history
            case .choice: self = .choice
            }
        }
    }

    enum GuardKind: UInt8 { case none, program, opaque, otherwise }

    // States.
    let parent: UnsafeMutablePointer<Int32>
    let kind: UnsafeMutablePointer<Kind>
    let hasEntryActions: UnsafeMutablePointer<Bool>
    let hasExitActions: UnsafeMutablePointer<Bool>
    let doneEvent: UnsafeMutablePointer<Int32>

    // Dispatch.
    let dispatchStart: UnsafeMutablePointer<Int32>
    let dispatchPool: UnsafeMutablePointer<Int32>
    let eventlessStart: UnsafeMutablePointer<Int32>
    let eventlessPool: UnsafeMutablePointer<Int32>
    let eventCandidateWords: UnsafeMutablePointer<UInt64>
    let eventlessCandidateWords: UnsafeMutablePointer<UInt64>
    let parameterCount: UnsafeMutablePointer<Int32>

    // Transitions.
    let guardKind: UnsafeMutablePointer<GuardKind>
    /// The guard of a `.program` guard kind (nil for the others), held unmanaged: the transition owns it.
    let guardProgram: UnsafeMutablePointer<Unmanaged<Program>?>
    let hasActions: UnsafeMutablePointer<Bool>
    let isOneOf: UnsafeMutablePointer<Bool>
    /// Index of the transition's first option in the option tables; -1 for a targetless transition.
    let optionBase: UnsafeMutablePointer<Int32>

    // Target options (one per transition, or one per `oneOf` target).
    let optionIsDynamic: UnsafeMutablePointer<Bool>
    /// Per option, its exit mask in `exitMaskWords` (`words` words each). Options share the mask of their domain:
    /// one per option would be states x transitions bits, gigabytes for a flat machine of 100,000 states.
    let optionExitMask: UnsafeMutablePointer<Int32>
    let exitMaskWords: UnsafeMutablePointer<UInt64>
    /// How many masks `exitMaskWords` holds.
    let exitMaskCount: Int
    let optionEntryStart: UnsafeMutablePointer<Int32>
    let optionEntryPool: UnsafeMutablePointer<Int32>

    /// Every action list, flat.
    let actionCode: ActionCode

    init(machine: Machine) {
        let tree = machine.tree
        parent = Self.copy(tree.parent.map { Int32($0) })
        kind = Self.copy(tree.kind.map(Kind.init))
        hasEntryActions = Self.copy(machine.entryActions.map { !$0.isEmpty })
        hasExitActions = Self.copy(machine.exitActions.map { !$0.isEmpty })
        doneEvent = Self.copy(machine.doneEvent.map { Int32($0) })
        dispatchStart = Self.copy(machine.dispatchStart.map { Int32($0) })
        dispatchPool = Self.copy(machine.dispatchPool.map { Int32($0) })
        eventlessStart = Self.copy(machine.eventlessStart.map { Int32($0) })
        eventlessPool = Self.copy(machine.eventlessPool.map { Int32($0) })
        eventCandidateWords = Self.copy(machine.eventCandidateWords)
        eventlessCandidateWords = Self.copy(machine.eventlessCandidateWords)
        parameterCount = Self.copy(machine.spec.events.map { Int32($0.parameters.count) })
        guardKind = Self.copy(
            machine.transitions.map { t -> GuardKind in
                switch t.guardCondition {
                case .none: .none
                case .program: .program
                case .opaque: .opaque
                case .otherwise: .otherwise
                }
            })
        guardProgram = Self.copy(
            machine.transitions.map { t -> Unmanaged<Program>? in
                if case .program(let program) = t.guardCondition { return Unmanaged.passUnretained(program) }
                return nil
            })
        hasActions = Self.copy(machine.transitions.map { !$0.actions.isEmpty })
        actionCode = ActionCode(transitions: machine.transitions.map(\.actions), entries: machine.entryActions, exits: machine.exitActions)
        isOneOf = Self.copy(machine.transitions.map { $0.isOneOf && $0.options.count > 1 })
        var base: [Int32] = []
        var dynamic: [Bool] = []
        var exitMasks: [Int32] = []
        var exits: [UInt64] = []
        /// A mask is the domain's proper descendants (none for a dynamic option, domain -1).
        var maskOfDomain: [Int: Int32] = [:]
        var entryStart: [Int32] = [0]
        var entryPool: [Int32] = []
        for transition in machine.transitions {
            base.append(transition.options.isEmpty ? -1 : Int32(dynamic.count))
            for option in transition.options {
                dynamic.append(option.isDynamic)
                let domain = option.isDynamic ? -1 : option.domain
                if let known = maskOfDomain[domain] {
                    exitMasks.append(known)
                } else {
                    let index = Int32(maskOfDomain.count)
                    maskOfDomain[domain] = index
                    exitMasks.append(index)
                    exits += option.exitMask.words
                }
                entryPool += option.entryOrder.map { Int32($0) }
                entryStart.append(Int32(entryPool.count))
            }
        }
        optionBase = Self.copy(base)
        optionIsDynamic = Self.copy(dynamic)
        optionExitMask = Self.copy(exitMasks)
        exitMaskWords = Self.copy(exits)
        exitMaskCount = maskOfDomain.count
        optionEntryStart = Self.copy(entryStart)
        optionEntryPool = Self.copy(entryPool)
    }

    /// The exit mask of `option`: `words` words.
    @inline(__always)
    func exitMask(of option: Int, words: Int) -> UnsafeMutablePointer<UInt64> { exitMaskWords + Int(optionExitMask[option]) &* words }

    /// A raw copy of an array, for tables the step reads (freed by `deallocate`).
    static func copy<T>(_ array: [T]) -> UnsafeMutablePointer<T> {
        let pointer = UnsafeMutablePointer<T>.allocate(capacity: max(1, array.count))
        _ = UnsafeMutableBufferPointer(start: pointer, count: array.count).initialize(from: array)
        return pointer
    }

    func deallocate() {
        parent.deallocate(); kind.deallocate(); hasEntryActions.deallocate(); hasExitActions.deallocate()
        doneEvent.deallocate(); dispatchStart.deallocate(); dispatchPool.deallocate(); eventlessStart.deallocate()
        eventlessPool.deallocate(); eventCandidateWords.deallocate(); eventlessCandidateWords.deallocate();
        parameterCount.deallocate(); guardKind.deallocate(); hasActions.deallocate(); isOneOf.deallocate()
        optionBase.deallocate(); optionIsDynamic.deallocate(); optionExitMask.deallocate(); exitMaskWords.deallocate();
        optionEntryStart.deallocate()
        optionEntryPool.deallocate(); guardProgram.deallocate(); actionCode.deallocate()
    }
}
