extension Sequence<ResolvedAction> {
    /// Every variable the actions read: in assigned values, event arguments and `if` conditions, at any depth.
    public var variablesRead: Set<Int> {
        var read = Set<Int>()
        var pending = Array(self)
        while let action = pending.popLast() {
            switch action.kind {
            case .assign(let assignments): for a in assignments { read.formUnion(a.value.variablesRead) }
            case .raise(_, let arguments), .send(_, let arguments): for e in arguments { read.formUnion(e.variablesRead) }
            case .ifThen(let condition, let thenActions, let elseActions):
                read.formUnion(condition.variablesRead)
                pending += thenActions
                pending += elseActions
            case .call: break
            }
        }
        return read
    }
}
