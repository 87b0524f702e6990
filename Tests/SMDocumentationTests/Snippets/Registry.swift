// Generated from the documents' Swift blocks; do not edit. Edit the documents, then run scripts/update-snippets.
// swift-format-ignore-file

let documentationSnippets: [(place: String, run: @Sendable () throws -> Void)] = [
    ("README.md:335", snippet_README_335),
    ("README.md:361", snippet_README_361),
    ("README.md:377", snippet_README_377),
    ("README.md:393", snippet_README_393),
    ("README.md:443", snippet_README_443),
    ("Docs/CodeGeneration.md:34", snippet_Docs_CodeGeneration_34),
    ("Docs/CodeGeneration.md:72", snippet_Docs_CodeGeneration_72),
    ("Docs/CodeGeneration.md:99", snippet_Docs_CodeGeneration_99),
    ("Docs/Fuzzing.md:203", snippet_Docs_Fuzzing_203),
    ("Docs/Fuzzing.md:240", snippet_Docs_Fuzzing_240),
]
