// Generated from the documents' Swift blocks; do not edit. Edit the documents, then run scripts/update-snippets.
// swift-format-ignore-file

let documentationSnippets: [(place: String, run: @Sendable () throws -> Void)] = [
    ("README.md:326", snippet_README_326),
    ("README.md:352", snippet_README_352),
    ("README.md:368", snippet_README_368),
    ("README.md:384", snippet_README_384),
    ("README.md:434", snippet_README_434),
    ("Docs/CodeGeneration.md:34", snippet_Docs_CodeGeneration_34),
    ("Docs/CodeGeneration.md:72", snippet_Docs_CodeGeneration_72),
    ("Docs/CodeGeneration.md:99", snippet_Docs_CodeGeneration_99),
    ("Docs/Fuzzing.md:201", snippet_Docs_Fuzzing_201),
    ("Docs/Fuzzing.md:238", snippet_Docs_Fuzzing_238),
]
