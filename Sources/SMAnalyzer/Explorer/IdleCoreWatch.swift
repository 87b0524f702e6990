/// Whether a core has stayed idle while the search runs, from the replays of the first worker and of the others at
/// each look (`NativePlanCompilation.offer`): there are fewer threads than cores, or the other threads replayed next
/// to nothing since the last look (layers too narrow to share run on the first worker alone), at `looks` looks in a
/// row. Every search starts narrow: a core idle at one look says little of a space that widens soon after.
struct IdleCoreWatch {
    let workers: Int
    let cores: Int
    /// Looks in a row that must find a core idle.
    static let looks = 4
    private var ownAtLook = 0
    private var othersAtLook = 0
    private var idleLooks = 0

    init(workers: Int, cores: Int) {
        self.workers = workers
        self.cores = cores
    }

    /// Takes a look at the replays so far (`own`: the first worker's; `others`: every other's) and says whether a
    /// core has stayed idle.
    mutating func look(own: Int, others: Int) -> Bool {
        let ownSince = own - ownAtLook, othersSince = others - othersAtLook
        (ownAtLook, othersAtLook) = (own, others)
        let idle = cores > 1 && (workers < cores || othersSince * 8 < ownSince)
        idleLooks = idle ? idleLooks + 1 : 0
        return idleLooks >= Self.looks
    }
}
