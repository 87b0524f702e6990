extension String {
    /// The text as a code span of a doc comment (Markdown): fenced with one backtick more than its longest run of
    /// them, and padded with a space when it starts or ends with one, so a name holding backticks stays one span.
    var codeSpan: String {
        var longest = 0
        var run = 0
        for character in self {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let pad = hasPrefix("`") || hasSuffix("`") ? " " : ""
        return fence + pad + self + pad + fence
    }
}
