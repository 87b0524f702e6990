// Generated from the documents' Swift blocks; do not edit. Edit the documents, then run scripts/update-snippets.
// swift-format-ignore-file

let documentationSnippets: [(place: String, run: @Sendable () throws -> Void)] = [
    ("README.md:321", snippet_README_321),
    ("README.md:347", snippet_README_347),
    ("README.md:363", snippet_README_363),
    ("README.md:379", snippet_README_379),
    ("README.md:429", snippet_README_429),
    ("Docs/CodeGeneration.md:34", snippet_Docs_CodeGeneration_34),
    ("Docs/CodeGeneration.md:72", snippet_Docs_CodeGeneration_72),
    ("Docs/CodeGeneration.md:99", snippet_Docs_CodeGeneration_99),
    ("Docs/Fuzzing.md:191", snippet_Docs_Fuzzing_191),
    ("Docs/Fuzzing.md:228", snippet_Docs_Fuzzing_228),
]
