/// SCXML event descriptors (SCXML 3.12.1), the form every transition trigger is written in.
///
/// An event name is a list of tokens joined by `.`. The descriptor `error` matches the event `error` and every event
/// whose tokens start with it (`error.io`, `error.io.disk`, but not `errors`); `error.*` means the same; `*`
/// matches every event. A trigger may hold several descriptors separated by white space, and matches what any of
/// them matches.
public enum EventDescriptor {
    /// The descriptors of a trigger as written: `"go stop.*"` → `["go", "stop.*"]`.
    public static func descriptors(in trigger: String) -> [Substring] {
        trigger.split(whereSeparator: { $0.isWhitespace })
    }

    /// Whether one descriptor matches the event `name`.
    public static func matches(_ descriptor: Substring, event name: String) -> Bool {
        if descriptor == "*" { return true }
        let prefix = descriptor.hasSuffix(".*") ? descriptor.dropLast(2) : descriptor
        guard name.unicodeScalars.starts(with: prefix.unicodeScalars) else { return false }
        let rest = name.unicodeScalars.dropFirst(prefix.unicodeScalars.count)
        return rest.isEmpty || rest.first == "."
    }

    /// The most tokens an event name may have (the resolver refuses more).
    package static let maximumTokens = 256

    /// The descriptors other than `*` that match the event `name`: each of its token prefixes, itself included
    /// (`error` and `error.io` for `error.io`). Nil for a name of more than `maximumTokens` tokens, whose prefixes
    /// would take the square of its length.
    package static func prefixes(of name: String) -> [Substring]? {
        let dots = name.indices.filter { name[$0] == "." }
        guard dots.count < maximumTokens else { return nil }
        return dots.map { name[..<$0] } + [Substring(name)]
    }
}
