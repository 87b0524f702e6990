/// Keys of another statechart format, XState's machine config above all, that a newcomer writes in a spec: each with
/// the key smcheck has for it, if any, and what to write instead. A misspelling is found by `Suggestions`; these are
/// words the user spelled right, for another tool.
package struct BorrowedKey: Sendable {
    /// The key of the spec format that does the same, for "did you mean".
    var suggestion: String?
    var hint: String
}

package enum BorrowedKeys {
    static let topLevel: [String: BorrowedKey] = [
        "id": BorrowedKey(suggestion: "name", hint: "XState's \"id\" is the machine's \"name\" here"),
        "context": BorrowedKey(
            suggestion: "variables",
            hint: "XState's \"context\" is \"variables\" here, each with a type (and an int with its bounds)"),
        "on": BorrowedKey(hint: "transitions belong to states: put the states in a compound state and give it this \"on\""),
    ]

    static let state: [String: BorrowedKey] = [
        "after": BorrowedKey(
            hint:
                "smcheck has no clock: a delayed transition (XState's \"after\") is a transition on an event you declare, such as \"timeout\""
        ),
        "invoke": BorrowedKey(
            hint:
                "smcheck checks one machine, without the services it would start (XState's \"invoke\"); model a service's replies as events"
        ),
        "id": BorrowedKey(hint: "a state is named by its key and referred to by its path, as in \"parent/child\""),
        "onDone": BorrowedKey(
            suggestion: "on", hint: "a compound state's completion is the event \"done.state.<state>\", handled under \"on\""),
        "onEntry": BorrowedKey(suggestion: "entry", hint: "entry actions are \"entry\""),
        "onExit": BorrowedKey(suggestion: "exit", hint: "exit actions are \"exit\""),
        "meta": BorrowedKey(suggestion: "description", hint: "notes about a state go in \"description\""),
        "tags": BorrowedKey(suggestion: "description", hint: "notes about a state go in \"description\""),
    ]

    static let transition: [String: BorrowedKey] = [
        "cond": BorrowedKey(suggestion: "guard", hint: "a condition is written under \"guard\", as an expression (XState v4's \"cond\")"),
        "internal": BorrowedKey(
            suggestion: "kind", hint: "write \"kind\": \"local\" for a transition that does not leave its source (XState's internal: true)"),
        "reenter": BorrowedKey(
            suggestion: "kind", hint: "\"kind\": \"external\", the default, leaves and re-enters the source (XState's reenter: true)"),
    ]
}
