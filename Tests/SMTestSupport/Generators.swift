import SMEngine
public import SMSpec

/// Specs built from parameters, for checks against closed-form answers.
public enum Generated {
    /// Orthogonal rings: region i is a ring of `sizes[i]` states that `advance<i>` moves one step.
    /// Reachable configurations: the product of the sizes.
    public static func rings(_ sizes: [Int], invariant: String? = nil) -> Spec {
        Spec("rings \(sizes)") {
            for r in sizes.indices { Event("advance\(r)") }
            Parallel("rings") {
                for (r, size) in sizes.enumerated() {
                    State("r\(r)") {
                        for k in 0..<size {
                            State("r\(r)s\(k)") { On("advance\(r)", to: StateReference("r\(r)s\((k + 1) % size)")) }
                        }
                    }
                }
            }
            if let invariant { Invariant("generated", Expression(invariant)) }
        }
    }

    /// A counter from 0 to `maximum` with saturating `up` and `down`: `maximum + 1` configurations.
    public static func counter(maximum: Int) -> Spec {
        Spec("counter to \(maximum)") {
            Variable("n", .int(min: 0, max: maximum))
            Event("up")
            Event("down")
            State("counting") {
                On("up", guard: "n < \(maximum)") { Assign("n", "n + 1") }
                On("down", guard: "n > 0") { Assign("n", "n - 1") }
            }
        }
    }

    /// A box with `children` children visited in a ring by `next`, left by `out` and re-entered through a shallow
    /// history by `in`.
    public static func historyRing(children: Int) -> Spec {
        Spec("history ring \(children)") {
            Event("next")
            Event("out")
            Event("in")
            State("box") {
                for k in 0..<children { State("c\(k)") { On("next", to: StateReference("c\((k + 1) % children)")) } }
                History("h")
                On("out", to: "outside")
            }
            State("outside") { On("in", to: "box/h") }
        }
    }
}
