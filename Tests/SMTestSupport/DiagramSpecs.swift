import SMEngine
public import SMSpec

/// Small specs the diagram tests draw.
public enum DiagramSpecs {
    /// Every kind of state once: a parallel state whose regions hold a final state and a deep history state, with
    /// transitions in and out. States in document order: idle 1, work 2, left 3, l1 4, l2 5, right 6, r1 7, past 8.
    public static var structure: Spec {
        Spec("Structure") {
            Event("go"); Event("back")
            Spec.State("idle") { On("go", to: "work") }
            Parallel("work") {
                Spec.State("left") {
                    Spec.State("l1") { On("go", to: "l2") }
                    Final("l2")
                }
                Spec.State("right") {
                    Atomic("r1")
                    History("past", deep: true)
                }
                On("back", to: "idle")
            }
        }
    }
}
