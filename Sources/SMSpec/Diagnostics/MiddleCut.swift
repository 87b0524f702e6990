extension String {
    /// The start and the end of a text longer than `limit` characters (Unicode scalars), `head` and `tail` of them,
    /// for a message to show around an ellipsis; nil when the text is short enough to show whole. Messages quote
    /// what users wrote, and a name or a guard of a million characters must not make a message of a megabyte.
    package func middleCut(over limit: Int, head: Int, tail: Int) -> (head: String, tail: String)? {
        let scalars = unicodeScalars
        guard scalars.count > limit else { return nil }
        return (String(String.UnicodeScalarView(scalars.prefix(head))), String(String.UnicodeScalarView(scalars.suffix(tail))))
    }
}
