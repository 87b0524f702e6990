public import SMSpec

extension Spec {
    /// The spec without its free-text descriptions, for comparing what two specs mean.
    public var withoutDescriptions: Spec {
        var copy = self
        copy.description = nil
        copy.states = states.map(\.withoutDescriptions)
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
