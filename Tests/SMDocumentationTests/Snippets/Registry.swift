// Generated from the documents' Swift blocks; do not edit. Edit the documents, then run scripts/update-snippets.

let documentationSnippets: [(place: String, run: @Sendable () throws -> Void)] = [
    ("README.md:191", snippet_README_191),
    ("README.md:216", snippet_README_216),
    ("README.md:231", snippet_README_231),
    ("README.md:247", snippet_README_247),
    ("Docs/Fuzzing.md:186", snippet_Docs_Fuzzing_186),
    ("Docs/Fuzzing.md:217", snippet_Docs_Fuzzing_217),
]
