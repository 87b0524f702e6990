extension Spec {
    /// The spec with every element that has no location given the JSON Pointer it would have in the spec's JSON
    /// form, so errors in a spec built in Swift point at the element they are about.
    public func assigningPointers() -> Spec {
        var copy = self
        let root = JSONPointer.root
        copy.variables = variables.map { v in var v = v; v.location = v.location ?? place(root / "variables" / v.name); return v }
        copy.events = events.map { e in
            var e = e
            e.location = e.location ?? place(root / "events" / e.name)
            e.parameters = e.parameters.map { p in var p = p; p.location = p.location ?? place(root / "events" / e.name / "params" / p.name); return p }
            return e
        }
        copy.initial = initial.map { reference($0, root / "initial") }
        copy.states = states.map { pointed($0, root / "states" / $0.name) }
        copy.invariants = invariants.enumerated().map { i, invariant in
            var invariant = invariant
            invariant.location = invariant.location ?? place(root / "invariants" / i)
            invariant.expression = expression(invariant.expression, root / "invariants" / i / "expr")
            return invariant
        }
        copy.reachable = reachable.enumerated().map { i, r in reference(r, root / "reachable" / i) }
        return copy
    }

    private func place(_ pointer: JSONPointer) -> SourceLocation { SourceLocation(file: file, pointer: pointer) }

    private func reference(_ reference: StateReference, _ pointer: JSONPointer) -> StateReference {
        var copy = reference
        copy.location = copy.location ?? place(pointer)
        return copy
    }

    private func expression(_ expression: Expression, _ pointer: JSONPointer) -> Expression {
        var copy = expression
        copy.location = copy.location ?? place(pointer)
        return copy
    }

    private func pointed(_ state: State, _ pointer: JSONPointer) -> State {
        var s = state
        s.location = s.location ?? place(pointer)
        s.initial = s.initial.map { reference($0, pointer / "initial") }
        s.historyDefault = s.historyDefault.enumerated().map { i, r in
            reference(r, s.historyDefault.count == 1 ? pointer / "target" : pointer / "target" / i)
        }
        s.entry = actions(s.entry, pointer / "entry")
        s.exit = actions(s.exit, pointer / "exit")
        // Consecutive transitions with the same trigger share one key, as the JSON form writes them.
        var result: [Transition] = []
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

    private func transition(_ transition: Transition, _ pointer: JSONPointer, _ key: JSONPointer) -> Transition {
        var t = transition
        t.location = t.location ?? place(pointer)
        t.triggerLocation = t.triggerLocation ?? place(key)
        switch t.target {
        case .none: break
        case .states(let refs):
            t.target = .states(refs.enumerated().map { i, r in reference(r, refs.count == 1 ? pointer / "target" : pointer / "target" / i) })
        case .oneOf(let refs):
            t.target = .oneOf(refs.enumerated().map { i, r in reference(r, pointer / "target" / "oneOf" / i) })
        }
        if case .expression(let e) = t.guardCondition { t.guardCondition = .expression(expression(e, pointer / "guard")) }
        t.actions = actions(t.actions, pointer / "actions")
        return t
    }

    private func actions(_ list: [Action], _ pointer: JSONPointer) -> [Action] {
        list.enumerated().map { i, action in
            var a = action
            let here = pointer / i
            a.location = a.location ?? place(here)
            switch a.kind {
            case .assign(let assignments):
                a.kind = .assign(assignments.map { assignment in
                    var copy = assignment
                    copy.location = copy.location ?? place(here / "assign" / assignment.variable)
                    copy.value = expression(copy.value, here / "assign" / assignment.variable)
                    return copy
                })
            case .raise(let invocation), .send(let invocation):
                let verb = if case .raise = a.kind { "raise" } else { "send" }
                var copy = invocation
                copy.location = copy.location ?? place(here / verb)
                copy.arguments = invocation.arguments.map { argument in
                    var arg = argument
                    arg.location = arg.location ?? place(here / "params" / argument.name)
                    arg.value = expression(arg.value, here / "params" / argument.name)
                    return arg
                }
                a.kind = verb == "raise" ? .raise(copy) : .send(copy)
            case .ifThen(let condition, let thenActions, let elseActions):
                a.kind = .ifThen(condition: expression(condition, here / "if"), then: actions(thenActions, here / "then"),
                                 else: actions(elseActions, here / "else"))
            case .call:
                break
            }
            return a
        }
    }
}
