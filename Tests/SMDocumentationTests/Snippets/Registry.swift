// Generated from the documents' Swift blocks; do not edit. Edit the documents, then run scripts/update-snippets.

let documentationSnippets: [(place: String, run: @Sendable () throws -> Void)] = [
    ("README.md:186", snippet_README_186),
    ("README.md:211", snippet_README_211),
    ("README.md:225", snippet_README_225),
    ("README.md:241", snippet_README_241),
    ("Docs/Fuzzing.md:93", snippet_Docs_Fuzzing_93),
]
