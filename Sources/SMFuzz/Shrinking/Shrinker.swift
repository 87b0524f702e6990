/// Shrinks a failing choice sequence to a 1-minimal one: a sequence that fails the same way, from which no single
/// step can be removed and in which no single value can be made smaller without the failure going away.
///
/// Everything happens on the choice values, by replaying edited lists:
/// 1. cut everything after the failing step;
/// 2. delete runs of whole steps, halving the run length down to single steps (delta debugging), so a failure
///    needing 20 of 10,000 events is found in a few hundred replays;
/// 3. delete single values, so a step whose opaque guards loop until one is true keeps only the outcomes it needs
///    (`e [0, 0, 0, 1]` becomes `e [1]`: the step gives back what it drew for points it no longer meets);
/// 4. lower each value: to 0, else by binary search;
/// and repeat 2 to 4 until none changes anything.
struct Shrinker {
    /// Replays a choice list; nil when it does not fail the same way.
    let replay: ([Int]) -> FuzzRunner.Result?
    /// Gives up (keeping the best so far) after this many replays.
    var maximumReplays = 100_000
    private(set) var replays = 0

    init(replay: @escaping ([Int]) -> FuzzRunner.Result?) {
        self.replay = replay
    }

    mutating func shrink(_ failing: FuzzRunner.Result) -> FuzzRunner.Result {
        var best = truncated(failing)
        var changed = true
        while changed && replays < maximumReplays {
            changed = false
            if deleteSteps(&best) { changed = true }
            if deleteValues(&best) { changed = true }
            if lowerValues(&best) { changed = true }
        }
        return best
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
        while size >= 1 && replays < maximumReplays {
            var start = best.stepStarts.count - size
            while start >= 0 && replays < maximumReplays {
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
        while i >= 0 && replays < maximumReplays {
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

    /// Lowers each value as far as the failure allows.
    private mutating func lowerValues(_ best: inout FuzzRunner.Result) -> Bool {
        var improved = false
        var i = 0
        while i < best.choices.count && replays < maximumReplays {
            let value = best.choices[i]
            if value > 0 {
                var candidate = best.choices
                candidate[i] = 0
                if let result = attempt(candidate), result.choices.count <= best.choices.count {
                    best = result
                    improved = true
                } else {
                    // Binary search for the smallest value that still fails.
                    var low = 1, high = value
                    while low < high && replays < maximumReplays {
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
                }
            }
            i += 1
        }
        return improved
    }
}
