/// About how many layers the arrows of a left-to-right layered drawing cross in all: each layer an arrow crosses is a
/// bend that dot's layout places and routes, and past tens of thousands of them it takes minutes (a 100-state ring
/// whose states jump far: 5 s; 290 states: 14 minutes) or crashes (Graphviz 2.43's `dot` on a 290-state chain with an
/// arrow from every state back to the first).
///
/// The layers are dot's first ranking: the arrows that close cycles (found by a depth-first search from each node in
/// order, as dot takes them) turned around, then each state one layer past its latest predecessor. dot improves on that ranking, so
/// this is an upper estimate, closest for flat machines and several times too high for clustered ones; it decides
/// only when a cheaper drawing is worth it, never what is drawn.
package enum LayerSpan {
    /// The estimate for `nodeCount` nodes and `arrows`. Iterative: a chain of thousands of states must not recurse as
    /// deep.
    package static func estimate(nodeCount: Int, arrows: [(from: Int, to: Int)]) -> Int {
        var successors = [[Int]](repeating: [], count: nodeCount)
        for arrow in arrows where arrow.from != arrow.to { successors[arrow.from].append(arrow.to) }
        // 0: not seen, 1: on the search's path, 2: done.
        var mark = [UInt8](repeating: 0, count: nodeCount)
        var closesCycle = Set<[Int]>()
        for root in 0..<nodeCount where mark[root] == 0 {
            var path: [(node: Int, next: Int)] = [(root, 0)]
            mark[root] = 1
            while let (node, next) = path.last {
                guard next < successors[node].count else {
                    mark[node] = 2
                    path.removeLast()
                    continue
                }
                path[path.count - 1].next += 1
                let successor = successors[node][next]
                if mark[successor] == 1 {
                    closesCycle.insert([node, successor])
                } else if mark[successor] == 0 {
                    mark[successor] = 1
                    path.append((successor, 0))
                }
            }
        }
        // The arrows as ranked: cycles' closing arrows turned around.
        let ranked = arrows.filter { $0.from != $0.to }.map { closesCycle.contains([$0.from, $0.to]) ? (from: $0.to, to: $0.from) : $0 }
        var predecessorsLeft = [Int](repeating: 0, count: nodeCount)
        var forward = [[Int]](repeating: [], count: nodeCount)
        for arrow in ranked {
            predecessorsLeft[arrow.to] += 1
            forward[arrow.from].append(arrow.to)
        }
        var layer = [Int](repeating: 0, count: nodeCount)
        var ready = (0..<nodeCount).filter { predecessorsLeft[$0] == 0 }
        while let node = ready.popLast() {
            for successor in forward[node] {
                layer[successor] = max(layer[successor], layer[node] + 1)
                predecessorsLeft[successor] -= 1
                if predecessorsLeft[successor] == 0 { ready.append(successor) }
            }
        }
        return ranked.reduce(0) { $0 + abs(layer[$1.to] - layer[$1.from]) }
    }
}
