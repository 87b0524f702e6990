// Generated from the documents' Swift blocks; do not edit. Edit the documents, then run scripts/update-snippets.

let documentationSnippets: [(place: String, run: @Sendable () throws -> Void)] = [
    ("README.md:189", snippet_README_189),
    ("README.md:214", snippet_README_214),
    ("README.md:229", snippet_README_229),
    ("README.md:245", snippet_README_245),
    ("Docs/Fuzzing.md:93", snippet_Docs_Fuzzing_93),
]
