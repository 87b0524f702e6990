/// Shrinks a failing choice sequence to a 1-minimal one: a sequence that fails the same way, from which no single
/// step can be removed and in which no single value can be made smaller without the failure going away (smaller
/// than `exhaustiveLowering + 1`, for a larger value whose failures do not all lie above a threshold).
///
/// Everything happens on the choice values, by replaying edited lists:
/// 1. cut everything after the failing step;
/// 2. delete runs of whole steps, halving the run length down to single steps (delta debugging), so a failure
///    needing 20 of 10,000 events is found in a few hundred replays;
/// 3. delete single values, so a step whose opaque guards loop until one is true keeps only the outcomes it needs
///    (`e [0, 0, 0, 1]` becomes `e [1]`: the step gives back what it drew for points it no longer meets);
/// 4. lower each value: to the first of 0, 1, 2, ... up to `exhaustiveLowering` that still fails, beyond that by
///    binary search, which finds the least failing value only when every larger one fails too;
/// and repeat 2 to 4 until none changes anything.
struct Shrinker {
    /// Replays a choice list; nil when it does not fail the same way.
    let replay: ([Int]) -> FuzzRunner.Result?
    /// Gives up (keeping the best so far) after this many replays.
    var maximumReplays = 100_000
    /// Asked before each replay: why to stop shrinking now (a time limit, Ctrl-C), keeping the best so far.
    var stopReason: () -> ShrinkingStop? = { nil }
    private(set) var replays = 0
    /// Why shrinking ended before the trace was 1-minimal; nil when it was not cut short.
    private(set) var stopped: ShrinkingStop?
    /// Values up to this are tried in turn, so a failure that needs `n == 2` or `n == 9` but not the values between
    /// is shrunk to 2; larger ones by binary search (a domain's worth of replays per value would be too many).
    static let exhaustiveLowering = 64

    init(replay: @escaping ([Int]) -> FuzzRunner.Result?) {
        self.replay = replay
    }

    mutating func shrink(_ failing: FuzzRunner.Result) -> FuzzRunner.Result {
        var best = truncated(failing)
        var changed = true
        while changed && canReplay {
            changed = false
            if deleteSteps(&best) { changed = true }
            if deleteValues(&best) { changed = true }
            if lowerValues(&best) { changed = true }
        }
        return best
    }

    /// Whether another replay may run; records why not when it may not.
    private var canReplay: Bool {
        mutating get {
            if stopped != nil { return false }
            if replays >= maximumReplays {
                stopped = .replayLimit
            } else if let reason = stopReason() {
                stopped = reason
            }
            return stopped == nil
        }
    }

    private mutating func attempt(_ choices: [Int]) -> FuzzRunner.Result? {
        replays += 1
        return replay(choices).map(truncated)
    }

    /// The run up to the end of its failing step.
    private func truncated(_ result: FuzzRunner.Result) -> FuzzRunner.Result {
        guard let failure = result.failure else { return result }
        var copy = result
        let steps = min(failure.step, result.stepStarts.count)
        let end = steps < result.stepStarts.count ? result.stepStarts[steps] : result.choices.count
        copy.choices = Array(result.choices.prefix(end))
        copy.stepStarts = Array(result.stepStarts.prefix(steps))
        copy.trace = Array(result.trace.prefix(steps))
        return copy
    }

    /// Tries to delete runs of `size` consecutive steps, for sizes from half the run down to 1.
    private mutating func deleteSteps(_ best: inout FuzzRunner.Result) -> Bool {
        var improved = false
        var size = max(1, best.stepStarts.count / 2)
        while size >= 1 && canReplay {
            var start = best.stepStarts.count - size
            while start >= 0 && canReplay {
                let starts = best.stepStarts
                guard start + size <= starts.count else {
                    start = starts.count - size
                    continue
                }
                let from = starts[start]
                let to = start + size < starts.count ? starts[start + size] : best.choices.count
                var candidate = best.choices
                candidate.removeSubrange(from..<to)
                if let result = attempt(candidate), result.choices.count < best.choices.count || result.stepStarts.count < starts.count {
                    best = result
                    improved = true
                }
                start -= size
            }
            if size == 1 { break }
            size /= 2
        }
        return improved
    }

    /// Tries to delete each value alone, from the last: kept when the run still fails the same way on fewer values.
    private mutating func deleteValues(_ best: inout FuzzRunner.Result) -> Bool {
        var improved = false
        var i = best.choices.count - 1
        while i >= 0 && canReplay {
            if i < best.choices.count {
                var candidate = best.choices
                candidate.remove(at: i)
                if let result = attempt(candidate), result.choices.count < best.choices.count {
                    best = result
                    improved = true
                }
            }
            i -= 1
        }
        return improved
    }

    /// Lowers each value as far as the failure allows: the first of 0...`exhaustiveLowering` that still fails, else
    /// the least by binary search above that.
    private mutating func lowerValues(_ best: inout FuzzRunner.Result) -> Bool {
        var improved = false
        var i = 0
        while i < best.choices.count && canReplay {
            let value = best.choices[i]
            var candidate = best.choices
            var lowered = false
            var smaller = 0
            while smaller < min(value, Self.exhaustiveLowering + 1) && canReplay {
                candidate[i] = smaller
                if let result = attempt(candidate), result.choices.count <= best.choices.count {
                    best = result
                    (improved, lowered) = (true, true)
                    break
                }
                smaller += 1
            }
            // Binary search for the smallest larger value that still fails.
            var low = Self.exhaustiveLowering + 1, high = value
            while !lowered && low < high && canReplay {
                let middle = (low + high) / 2
                candidate[i] = middle
                if let result = attempt(candidate), result.choices.count <= best.choices.count {
                    best = result
                    improved = true
                    high = middle
                } else {
                    low = middle + 1
                }
            }
            i += 1
        }
        return improved
    }
}
