import SMSpec

/// The constraints on `in()` atoms shared by both back ends, so they agree: over the states tested and their
/// ancestors, the root is active, an active state's parent is active, two children of a compound state are not both
/// active, and every region of an active parallel state is active.
struct StateConstraints {
    let spec: ResolvedSpec
    /// The states that get an atom: those tested or known active, and their ancestors.
    let closure: [Int]

    init(spec: ResolvedSpec, tested: Set<Int>, active: [Int]) {
        self.spec = spec
        var all = Set<Int>([0])
        for s in tested.union(active) {
            all.insert(s)
            all.formUnion(spec.ancestors(of: s))
        }
        closure = all.sorted()
    }

    /// (state, parent) pairs: in(state) implies in(parent).
    var implications: [(Int, Int)] { closure.compactMap { s in spec.states[s].parent.map { (s, $0) } } }

    /// Pairs of children of one compound state: not both active.
    var exclusions: [(Int, Int)] {
        var pairs: [(Int, Int)] = []
        for (i, a) in closure.enumerated() {
            for b in closure[(i + 1)...] where a != 0 && b != 0 {
                if let p = spec.states[a].parent, spec.states[b].parent == p, spec.states[p].kind != .parallel { pairs.append((a, b)) }
            }
        }
        return pairs
    }

    /// (parallel state, region) pairs: in(parallel) implies in(region).
    var regions: [(Int, Int)] {
        closure.compactMap { s in
            guard let p = spec.states[s].parent, spec.states[p].kind == .parallel else { return nil }
            return (p, s)
        }
    }

    func holds(_ assignment: [Int: Bool], active: [Int]) -> Bool {
        if assignment[0] == false { return false }
        for s in active where assignment[s] != true { return false }
        for (s, p) in implications where assignment[s] == true && assignment[p] != true { return false }
        for (a, b) in exclusions where assignment[a] == true && assignment[b] == true { return false }
        for (p, r) in regions where assignment[p] == true && assignment[r] != true { return false }
        return true
    }
}
