/// A count with its noun for messages: "1 event", "2 events", "1 argument", "0 microsteps".
package enum Plural {
    /// `count` and `noun`, with `plural` (by default the noun and an "s") unless the count is one.
    package static func count(_ count: Int, _ noun: String, plural: String? = nil) -> String {
        "\(count) \(count == 1 ? noun : plural ?? noun + "s")"
    }
}
