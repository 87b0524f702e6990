/// Coverage-guided generation, as AFL, libFuzzer and Hypothesis' targeted testing do it: runs that reach a state,
/// transition, guard outcome or configuration no run reached before go into a corpus; later runs replay a corpus
/// entry, often mutated (cut, a value changed, events deleted, repeated, spliced from another entry), then generate
/// a few events more. A bug that needs a precise prefix is then reached one discovery at a time instead of by one
/// lucky run.
///
/// Everything it draws comes from a generator seeded by the campaign's seed, so a guided campaign is as
/// reproducible as an unguided one (run by run it depends on the runs before it). The constants below were chosen
/// on the planted deep bugs of `Tests/Fixtures/fuzz/deep` (`Benchmarks/README.md` has the figures).
struct Guidance {
    private var corpus = Corpus()
    private var random: SplitMix64
    /// The entry the current run started from; nil for a fresh run.
    private var parent: Int?
    /// One run in this many is generated from scratch, at full length, so new starts keep being tried.
    static let freshRunEvery: UInt64 = 16
    /// A run from an entry generates at most this many events after it: what a run finds beyond the entry it
    /// mostly finds in its first events, and short runs leave the budget to more entries.
    static let maximumTail = 8

    init(seed: UInt64) {
        random = SplitMix64(seed: seed ^ 0x6775_6964_6564_2E2E)
    }

    /// The choice source of the next run and its length: a fresh one, or one that replays a corpus entry (mutated
    /// two times in three) and then draws from `seed`, at most `length` events in all.
    mutating func source(seed: UInt64, length: Int) -> (ChoiceSource, length: Int) {
        parent = nil
        guard !corpus.isEmpty, random.next() % Self.freshRunEvery != 0 else { return (ChoiceSource(seed: seed), length) }
        let picked = corpus.pick(&random)
        parent = picked
        var steps = corpus[picked].steps
        if random.next() % 3 != 0 {
            // Stacked mutations, as AFL's havoc stage stacks them.
            for _ in 0...(random.next() % 3) { mutate(&steps) }
        }
        steps = Array(steps.prefix(length))
        let runLength = min(length, steps.count + 1 + index(Self.maximumTail))
        return (ChoiceSource(replaying: steps.flatMap(\.values), thenGenerating: seed), runLength)
    }

    /// Keeps what the run reached first, as children of the entry it started from.
    mutating func learn(from run: FuzzRunner.Result) {
        corpus.add(run, parent: parent, random: &random)
    }

    private mutating func mutate(_ steps: inout [Corpus.Step]) {
        guard !steps.isEmpty else { return }
        switch random.next() % 6 {
        case 0:
            // Cut: go on from an earlier point.
            steps.removeLast(index(steps.count))
        case 1:
            // Change one value (another event, parameter value or choice outcome) and go on from there.
            let i = index(steps.count)
            guard !steps[i].values.isEmpty else { return }
            let j = index(steps[i].values.count)
            steps[i].values[j] = index(max(1, steps[i].bounds[j]))
            steps.removeSubrange((i + 1)...)
        case 2:
            // Delete a run of events.
            let start = index(steps.count)
            steps.removeSubrange(start..<min(steps.count, start + 1 + index(4)))
        case 3:
            // Repeat a run of events (counters, retries).
            let start = index(steps.count)
            let run = Array(steps[start..<min(steps.count, start + 1 + index(4))])
            for _ in 0...index(3) { steps.insert(contentsOf: run, at: start) }
        case 4:
            // Splice: this entry up to a point, another from a point.
            let other = corpus.any(&random)
            steps = Array(steps.prefix(1 + index(steps.count))) + Array(other.suffix(from: index(other.count)))
        default:
            // Insert an event of another entry.
            let other = corpus.any(&random)
            steps.insert(other[index(other.count)], at: index(steps.count + 1))
        }
    }

    /// A uniform index in `0..<count`.
    private mutating func index(_ count: Int) -> Int { Int(random.next() % UInt64(count)) }
}
