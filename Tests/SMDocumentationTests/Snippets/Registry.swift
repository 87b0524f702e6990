// Generated from the documents' Swift blocks; do not edit. Edit the documents, then run scripts/update-snippets.
// swift-format-ignore-file

let documentationSnippets: [(place: String, run: @Sendable () throws -> Void)] = [
    ("README.md:322", snippet_README_322),
    ("README.md:348", snippet_README_348),
    ("README.md:364", snippet_README_364),
    ("README.md:380", snippet_README_380),
    ("README.md:430", snippet_README_430),
    ("Docs/CodeGeneration.md:34", snippet_Docs_CodeGeneration_34),
    ("Docs/CodeGeneration.md:72", snippet_Docs_CodeGeneration_72),
    ("Docs/CodeGeneration.md:99", snippet_Docs_CodeGeneration_99),
    ("Docs/Fuzzing.md:194", snippet_Docs_Fuzzing_194),
    ("Docs/Fuzzing.md:231", snippet_Docs_Fuzzing_231),
]
