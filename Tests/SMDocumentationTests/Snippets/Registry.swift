// Generated from the documents' Swift blocks; do not edit. Edit the documents, then run scripts/update-snippets.
// swift-format-ignore-file

let documentationSnippets: [(place: String, run: @Sendable () throws -> Void)] = [
    ("README.md:318", snippet_README_318),
    ("README.md:344", snippet_README_344),
    ("README.md:360", snippet_README_360),
    ("README.md:376", snippet_README_376),
    ("README.md:426", snippet_README_426),
    ("Docs/CodeGeneration.md:34", snippet_Docs_CodeGeneration_34),
    ("Docs/CodeGeneration.md:68", snippet_Docs_CodeGeneration_68),
    ("Docs/CodeGeneration.md:95", snippet_Docs_CodeGeneration_95),
    ("Docs/Fuzzing.md:186", snippet_Docs_Fuzzing_186),
    ("Docs/Fuzzing.md:223", snippet_Docs_Fuzzing_223),
]
