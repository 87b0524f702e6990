// Generated from the documents' Swift blocks; do not edit. Edit the documents, then run scripts/update-snippets.
// swift-format-ignore-file

let documentationSnippets: [(place: String, run: @Sendable () throws -> Void)] = [
    ("README.md:316", snippet_README_316),
    ("README.md:342", snippet_README_342),
    ("README.md:358", snippet_README_358),
    ("README.md:374", snippet_README_374),
    ("README.md:424", snippet_README_424),
    ("Docs/CodeGeneration.md:34", snippet_Docs_CodeGeneration_34),
    ("Docs/CodeGeneration.md:68", snippet_Docs_CodeGeneration_68),
    ("Docs/CodeGeneration.md:95", snippet_Docs_CodeGeneration_95),
    ("Docs/Fuzzing.md:186", snippet_Docs_Fuzzing_186),
    ("Docs/Fuzzing.md:223", snippet_Docs_Fuzzing_223),
]
