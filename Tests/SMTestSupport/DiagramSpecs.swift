import SMBuilder
import SMEngine
public import SMSpec

/// Small specs the diagram tests draw.
public enum DiagramSpecs {
    /// Every kind of state once: a parallel state whose regions hold a final state and a deep history state, with
    /// transitions in and out. States in document order: idle 1, work 2, left 3, l1 4, l2 5, right 6, r1 7, past 8.
    public static var structure: Spec {
        Spec("Structure") {
            Events("go", "back")
            StateNode("idle") { On("go", to: "work") }
            Parallel("work") {
                StateNode("left") {
                    StateNode("l1") { On("go", to: "l2") }
                    Final("l2")
                }
                StateNode("right") {
                    StateNode("r1")
                    History("past", deep: true)
                }
                On("back", to: "idle")
            }
        }
    }
}
