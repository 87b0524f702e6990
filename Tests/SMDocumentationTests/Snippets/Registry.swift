// Generated from the documents' Swift blocks; do not edit. Edit the documents, then run scripts/update-snippets.

let documentationSnippets: [(place: String, run: @Sendable () throws -> Void)] = [
    ("README.md:186", snippet_README_186),
    ("README.md:211", snippet_README_211),
    ("README.md:226", snippet_README_226),
    ("README.md:242", snippet_README_242),
    ("Docs/Fuzzing.md:93", snippet_Docs_Fuzzing_93),
]
