// Generated from the documents' Swift blocks; do not edit. Edit the documents, then run scripts/update-snippets.
// swift-format-ignore-file

let documentationSnippets: [(place: String, run: @Sendable () throws -> Void)] = [
    ("README.md:327", snippet_README_327),
    ("README.md:353", snippet_README_353),
    ("README.md:369", snippet_README_369),
    ("README.md:385", snippet_README_385),
    ("README.md:435", snippet_README_435),
    ("Docs/CodeGeneration.md:34", snippet_Docs_CodeGeneration_34),
    ("Docs/CodeGeneration.md:72", snippet_Docs_CodeGeneration_72),
    ("Docs/CodeGeneration.md:99", snippet_Docs_CodeGeneration_99),
    ("Docs/Fuzzing.md:203", snippet_Docs_Fuzzing_203),
    ("Docs/Fuzzing.md:240", snippet_Docs_Fuzzing_240),
]
