import SMSpec

/// The label of every transition as the diagrams write it, UML style: `event [guard] / actions`.
///
/// Actions are written from the spec's own text (the resolved form keeps only typed expressions): the resolver
/// numbers transitions walking the states in document order, each state's `on` transitions then its `always` ones,
/// and this walks them the same way. Should the two ever disagree (counts or triggers), labels leave the actions
/// out rather than show another transition's.
enum TransitionLabels {
    static func labels(_ spec: ResolvedSpec) -> [String] {
        let sources = sourceTransitions(spec)
        return spec.transitions.map { transition in
            let actions = sources.map { actionsText($0[transition.index].actions) } ?? ""
            return label(transition, events: spec.events) + (actions.isEmpty ? "" : " / " + actions)
        }
    }

    /// `event [guard]`; eventless transitions show their guard alone, or `always` when they have none.
    static func label(_ transition: ResolvedTransition, events: [ResolvedEvent]) -> String {
        var text = transition.trigger == .eventless ? "" : transition.triggerText
        if let guardCondition = transition.guardCondition {
            text += (text.isEmpty ? "" : " ") + "[" + guardCondition.text + "]"
        }
        if transition.isOneOf { text += " (one of)" }
        if transition.trigger == .eventless && transition.guardCondition == nil { text = "always" }
        return text
    }

    /// The spec's transitions in the resolver's numbering, or nil when they do not line up with the resolved ones.
    static func sourceTransitions(_ spec: ResolvedSpec) -> [Spec.Transition]? {
        var result: [Spec.Transition] = []
        // Pre-order walk with an explicit stack (specs may nest deeply): children pushed in reverse.
        var stack = Array(spec.spec.states.reversed())
        while let state = stack.popLast() {
            result += state.transitions + state.always
            stack += state.children.reversed()
        }
        guard result.count == spec.transitions.count else { return nil }
        for (source, resolved) in zip(result, spec.transitions) {
            guard source.trigger.description == resolved.triggerText, source.guardCondition?.description == resolved.guardCondition?.text
            else { return nil }
        }
        return result
    }

    /// Actions joined by `; `: `x = x + 1`, `raise done`, `send tick(n: 1)`, `if c { ... } else { ... }`, `log()`.
    static func actionsText(_ actions: [Spec.Action]) -> String {
        actions.map(actionText).joined(separator: "; ")
    }

    private static func actionText(_ action: Spec.Action) -> String {
        switch action.kind {
        case .assign(let assignments):
            return assignments.map { "\($0.variable) = \($0.value.text)" }.joined(separator: ", ")
        case .raise(let invocation):
            return "raise " + invocationText(invocation)
        case .send(let invocation):
            return "send " + invocationText(invocation)
        case .ifThen(let condition, let then, let otherwise):
            // As deep as the spec nests its `if`s, which the JSON loader bounds.
            var text = "if \(condition.text) { \(actionsText(then)) }"
            if !otherwise.isEmpty { text += " else { \(actionsText(otherwise)) }" }
            return text
        case .call(let name):
            return name + "()"
        }
    }

    private static func invocationText(_ invocation: Spec.EventInvocation) -> String {
        guard !invocation.arguments.isEmpty else { return invocation.event }
        return invocation.event + "(" + invocation.arguments.map { "\($0.name): \($0.value.text)" }.joined(separator: ", ") + ")"
    }
}
