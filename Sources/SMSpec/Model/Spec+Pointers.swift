extension Spec {
    /// The spec with every element that has no location given the JSON Pointer it would have in the spec's JSON
    /// form, so errors in a spec built in Swift point at the element they are about.
    ///
    /// With `replacingExisting`, elements that have a location get that pointer too and keep their line, column
    /// and element path: a spec read from another format (SCXML) points into both its file and its JSON form.
    public func assigningPointers(replacingExisting: Bool = false) -> Spec {
        PointerAssigner(file: file, replacingExisting: replacingExisting).assign(self)
    }
}

/// Walks a spec and gives each element the JSON Pointer it has in the spec's JSON form.
private struct PointerAssigner {
    let file: String?
    let replacingExisting: Bool

    func assign(_ spec: Spec) -> Spec {
        var copy = spec
        let root = JSONPointer.root
        copy.variables = spec.variables.map { v in
            var v = v; v.location = place(root / "variables" / v.name, v.location); return v
        }
        copy.events = spec.events.map { e in
            var e = e
            e.location = place(root / "events" / e.name, e.location)
            e.parameters = e.parameters.map { p in
                var p = p; p.location = place(root / "events" / e.name / "params" / p.name, p.location); return p
            }
            return e
        }
        copy.initial = spec.initial.map { reference($0, root / "initial") }
        copy.states = spec.states.map { pointed($0, root / "states" / $0.name) }
        copy.invariants = spec.invariants.enumerated().map { i, invariant in
            var invariant = invariant
            invariant.location = place(root / "invariants" / i, invariant.location)
            invariant.expression = expression(invariant.expression, root / "invariants" / i / "expr")
            return invariant
        }
        copy.reachable = spec.reachable.enumerated().map { i, r in reference(r, root / "reachable" / i) }
        return copy
    }

    /// `existing` with the pointer (when replacing), or a new location at the pointer.
    private func place(_ pointer: JSONPointer, _ existing: Spec.SourceLocation?) -> Spec.SourceLocation {
        guard var existing else { return Spec.SourceLocation(file: file, pointer: pointer) }
        if replacingExisting { existing.pointer = pointer }
        return existing
    }

    private func reference(_ reference: Spec.StateReference, _ pointer: JSONPointer) -> Spec.StateReference {
        var copy = reference
        copy.location = place(pointer, copy.location)
        return copy
    }

    private func expression(_ expression: Spec.Expression, _ pointer: JSONPointer) -> Spec.Expression {
        var copy = expression
        copy.location = place(pointer, copy.location)
        return copy
    }

    private func pointed(_ state: Spec.State, _ pointer: JSONPointer) -> Spec.State {
        var s = state
        s.location = place(pointer, s.location)
        s.initial = s.initial.map { reference($0, pointer / "initial") }
        s.historyDefault = s.historyDefault.enumerated().map { i, r in
            reference(r, s.historyDefault.count == 1 ? pointer / "target" : pointer / "target" / i)
        }
        s.entry = actions(s.entry, pointer / "entry")
        s.exit = actions(s.exit, pointer / "exit")
        // Consecutive transitions with the same trigger share one key, as the JSON form writes them.
        var result: [Spec.Transition] = []
        var start = 0
        while start < s.transitions.count {
            var end = start
            while end < s.transitions.count && s.transitions[end].trigger == s.transitions[start].trigger { end += 1 }
            let key = pointer / "on" / s.transitions[start].trigger.description
            for i in start..<end { result.append(transition(s.transitions[i], end - start == 1 ? key : key / (i - start), key)) }
            start = end
        }
        s.transitions = result
        s.always = s.always.enumerated().map { i, t in
            transition(t, s.always.count == 1 ? pointer / "always" : pointer / "always" / i, pointer / "always")
        }
        s.children = s.children.map { pointed($0, pointer / "states" / $0.name) }
        return s
    }

    private func transition(_ transition: Spec.Transition, _ pointer: JSONPointer, _ key: JSONPointer) -> Spec.Transition {
        var t = transition
        t.location = place(pointer, t.location)
        t.triggerLocation = place(key, t.triggerLocation)
        switch t.target {
        case .none: break
        case .states(let refs):
            t.target = .states(
                refs.enumerated().map { i, r in reference(r, refs.count == 1 ? pointer / "target" : pointer / "target" / i) })
        case .oneOf(let refs):
            t.target = .oneOf(refs.enumerated().map { i, r in reference(r, pointer / "target" / "oneOf" / i) })
        }
        if case .expression(let e) = t.guardCondition { t.guardCondition = .expression(expression(e, pointer / "guard")) }
        t.actions = actions(t.actions, pointer / "actions")
        return t
    }

    private func actions(_ list: [Spec.Action], _ pointer: JSONPointer) -> [Spec.Action] {
        list.enumerated().map { i, action in
            var a = action
            let here = pointer / i
            a.location = place(here, a.location)
            switch a.kind {
            case .assign(let assignments):
                a.kind = .assign(
                    assignments.map { assignment in
                        var copy = assignment
                        copy.location = place(here / "assign" / assignment.variable, copy.location)
                        copy.value = expression(copy.value, here / "assign" / assignment.variable)
                        return copy
                    })
            case .raise(let invocation), .send(let invocation):
                let verb = if case .raise = a.kind { "raise" } else { "send" }
                var copy = invocation
                copy.location = place(here / verb, copy.location)
                copy.arguments = invocation.arguments.map { argument in
                    var arg = argument
                    arg.location = place(here / "params" / argument.name, arg.location)
                    arg.value = expression(arg.value, here / "params" / argument.name)
                    return arg
                }
                a.kind = verb == "raise" ? .raise(copy) : .send(copy)
            case .ifThen(let condition, let thenActions, let elseActions):
                a.kind = .ifThen(
                    condition: expression(condition, here / "if"), then: actions(thenActions, here / "then"),
                    else: actions(elseActions, here / "else"))
            case .call:
                break
            }
            return a
        }
    }
}
