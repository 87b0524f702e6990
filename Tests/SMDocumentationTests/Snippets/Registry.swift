// Generated from the documents' Swift blocks; do not edit. Edit the documents, then run scripts/update-snippets.

let documentationSnippets: [(place: String, run: @Sendable () throws -> Void)] = [
    ("README.md:266", snippet_README_266),
    ("README.md:291", snippet_README_291),
    ("README.md:306", snippet_README_306),
    ("README.md:322", snippet_README_322),
    ("README.md:372", snippet_README_372),
    ("Docs/CodeGeneration.md:34", snippet_Docs_CodeGeneration_34),
    ("Docs/CodeGeneration.md:68", snippet_Docs_CodeGeneration_68),
    ("Docs/CodeGeneration.md:94", snippet_Docs_CodeGeneration_94),
    ("Docs/Fuzzing.md:186", snippet_Docs_Fuzzing_186),
    ("Docs/Fuzzing.md:223", snippet_Docs_Fuzzing_223),
]
