public import SMSpec

extension Spec {
    /// The spec without its free-text descriptions, for comparing what two specs mean.
    public var withoutDescriptions: Spec {
        var copy = self
        copy.description = nil
        copy.states = states.map(\.withoutDescriptions)
        copy.variables = variables.map {
            var v = $0; v.description = nil; return v
        }
        copy.events = events.map { event in
            var e = event
            e.description = nil
            e.parameters = event.parameters.map {
                var p = $0; p.description = nil; return p
            }
            return e
        }
        copy.invariants = invariants.map {
            var i = $0; i.description = nil; return i
        }
        return copy
    }
}

extension Spec.State {
    var withoutDescriptions: Spec.State {
        var copy = self
        copy.description = nil
        copy.children = children.map(\.withoutDescriptions)
        copy.transitions = transitions.map {
            var t = $0; t.description = nil; return t
        }
        copy.always = always.map {
            var t = $0; t.description = nil; return t
        }
        return copy
    }
}
