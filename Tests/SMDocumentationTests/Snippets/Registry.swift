// Generated from the documents' Swift blocks; do not edit. Edit the documents, then run scripts/update-snippets.

let documentationSnippets: [(place: String, run: @Sendable () throws -> Void)] = [
    ("README.md:306", snippet_README_306),
    ("README.md:331", snippet_README_331),
    ("README.md:346", snippet_README_346),
    ("README.md:362", snippet_README_362),
    ("README.md:412", snippet_README_412),
    ("Docs/CodeGeneration.md:34", snippet_Docs_CodeGeneration_34),
    ("Docs/CodeGeneration.md:68", snippet_Docs_CodeGeneration_68),
    ("Docs/CodeGeneration.md:94", snippet_Docs_CodeGeneration_94),
    ("Docs/Fuzzing.md:186", snippet_Docs_Fuzzing_186),
    ("Docs/Fuzzing.md:223", snippet_Docs_Fuzzing_223),
]
