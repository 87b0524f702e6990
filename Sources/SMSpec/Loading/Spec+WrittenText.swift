extension Spec {
    /// `text`, this spec written in `format`, once it reads back as this spec. Anything the format cannot carry (a
    /// control character in a description, say) shows there, so no text is handed out that means another spec.
    package func readingBack(_ text: String, as format: String, read: (String) throws(SpecError) -> Spec) throws(SpecError) -> String {
        let again: Spec
        do {
            again = try read(text)
        } catch {
            throw SpecError([
                Diagnostic(
                    "the \(format) form of this spec cannot be read back, so it is not written (the lines and columns below are "
                        + "those of the text it would have written):\n\(error.description)", at: wholeSpec)
            ])
        }
        guard again == self else {
            throw SpecError([Diagnostic("the \(format) form of this spec reads back as a different spec; it is not written", at: wholeSpec)]
            )
        }
        return text
    }

    /// The spec as a whole, for a problem with no better place.
    package var wholeSpec: SourceLocation { SourceLocation(file: file ?? "", pointer: .root) }

    /// JSON writes the transitions of one event under one key, so a state whose transitions on one trigger are
    /// separated by others (as SCXML allows) has no JSON form with the same priorities. The problem points at the
    /// transition that comes after the others, where an SCXML file has its line, column and element.
    var jsonProblem: Diagnostic? {
        var pending = states
        while let state = pending.popLast() {
            pending += state.children
            var first: [String: Transition] = [:]
            var previous: String?
            for transition in state.transitions {
                let key = transition.trigger.description
                if key != previous, let earlier = first[key] {
                    var earlierPlace = ""
                    if let line = earlier.location?.line {
                        earlierPlace = " (the first at line \(line)" + (earlier.location?.column.map { ", column \($0)" } ?? "") + ")"
                    }
                    return Diagnostic(
                        "state \"\(state.name)\" has transitions on \"\(key)\" separated by other transitions\(earlierPlace); the JSON "
                            + "format groups the transitions of one trigger under one key, so their priority cannot be kept. Put them "
                            + "next to each other",
                        at: transition.location ?? wholeSpec)
                }
                if first[key] == nil { first[key] = transition }
                previous = key
            }
        }
        return nil
    }
}
