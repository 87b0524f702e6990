/// The inputs guided generation mutates: the choice sequences of runs that reached something new, cut after each
/// event that reached something (what follows found nothing more) and split into events, so that mutations move,
/// repeat and drop whole events.
struct Corpus {
    /// One event's values (the event, its parameters, the outcomes of the choices it met) and their bounds.
    struct Step {
        var values: [Int]
        var bounds: [Int]
    }

    struct Entry {
        var steps: [Step]
        /// 1 for an entry found by a fresh run, its parent's plus one for one found from a mutated entry.
        var generation: Int
        /// How many runs started from this entry.
        var picks = 0
    }

    private(set) var entries: [Entry] = []
    /// Past this many entries a new one replaces a random older one, so memory stays bounded.
    static let capacity = 4096
    /// At most this many entries come from one run (its last discoveries).
    static let entriesPerRun = 8

    var isEmpty: Bool { entries.isEmpty }

    /// Keeps the run's events up to each discovery (a run that wandered off after reaching something new should
    /// not take later runs with it), as children of the entry the run started from. Detours are cut: events
    /// between two visits of the same state change nothing after them, since the step is a function of the state
    /// and the choices.
    mutating func add(_ run: FuzzRunner.Result, parent: Int?, random: inout SplitMix64) {
        let generation = 1 + (parent.map { entries[$0].generation } ?? 0)
        for end in run.discoverySteps.filter({ $0 > 0 }).suffix(Self.entriesPerRun) {
            let steps = Self.withoutDetours(end, fingerprints: run.fingerprints).map { step in
                let i = step - 1
                let range = run.stepStarts[i]..<(i + 1 < run.stepStarts.count ? run.stepStarts[i + 1] : run.choices.count)
                return Step(values: Array(run.choices[range]), bounds: Array(run.bounds[range]))
            }
            // Back where the run started: fresh runs start there anyway.
            guard !steps.isEmpty else { continue }
            let entry = Entry(steps: steps, generation: generation)
            if entries.count < Self.capacity {
                entries.append(entry)
            } else {
                entries[Int(random.next() % UInt64(entries.count))] = entry
            }
        }
    }

    /// The events (numbered from 1) that lead from the start to the state after event `end`, leaving out every
    /// loop: whenever a state comes back, the events since its first visit go.
    static func withoutDetours(_ end: Int, fingerprints: [UInt64]) -> [Int] {
        var path = [0]
        var position = [fingerprints[0]: 0]
        for step in 1...end {
            if let earlier = position[fingerprints[step]] {
                for removed in path[(earlier + 1)...] { position[fingerprints[removed]] = nil }
                path.removeSubrange((earlier + 1)...)
            } else {
                position[fingerprints[step]] = path.count
                path.append(step)
            }
        }
        return Array(path.dropFirst())
    }

    /// The index of an entry to start a run from. Deeper lineages (entries found from entries found from ...) are
    /// favored, as AFL favors deep queue entries: a bug behind a precise prefix is reached one generation at a
    /// time. An entry's weight falls with every run started from it, so a lineage that stops finding anything
    /// gives way to the others.
    mutating func pick(_ random: inout SplitMix64) -> Int {
        let weights = entries.map { entry -> Double in
            let depth = Double(min(entry.generation, 30))
            return depth * depth * depth / Double(1 + entry.picks)
        }
        var target = Double(random.next() >> 11) / Double(1 << 53) * weights.reduce(0, +)
        var chosen = entries.count - 1
        for (i, weight) in weights.enumerated() {
            target -= weight
            if target < 0 {
                chosen = i
                break
            }
        }
        entries[chosen].picks += 1
        return chosen
    }

    /// Any entry, uniformly, for splicing.
    func any(_ random: inout SplitMix64) -> [Step] { entries[Int(random.next() % UInt64(entries.count))].steps }

    subscript(index: Int) -> Entry { entries[index] }
}
