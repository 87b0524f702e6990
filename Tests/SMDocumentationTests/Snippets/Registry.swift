// Generated from the documents' Swift blocks; do not edit. Edit the documents, then run scripts/update-snippets.

let documentationSnippets: [(place: String, run: @Sendable () throws -> Void)] = [
    ("README.md:228", snippet_README_228),
    ("README.md:253", snippet_README_253),
    ("README.md:268", snippet_README_268),
    ("README.md:284", snippet_README_284),
    ("Docs/Fuzzing.md:93", snippet_Docs_Fuzzing_93),
]
