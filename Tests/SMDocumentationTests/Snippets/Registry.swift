// Generated from the documents' Swift blocks; do not edit. Edit the documents, then run scripts/update-snippets.
// swift-format-ignore-file

let documentationSnippets: [(place: String, run: @Sendable () throws -> Void)] = [
    ("README.md:333", snippet_README_333),
    ("README.md:359", snippet_README_359),
    ("README.md:375", snippet_README_375),
    ("README.md:391", snippet_README_391),
    ("README.md:441", snippet_README_441),
    ("Docs/CodeGeneration.md:34", snippet_Docs_CodeGeneration_34),
    ("Docs/CodeGeneration.md:72", snippet_Docs_CodeGeneration_72),
    ("Docs/CodeGeneration.md:99", snippet_Docs_CodeGeneration_99),
    ("Docs/Fuzzing.md:203", snippet_Docs_Fuzzing_203),
    ("Docs/Fuzzing.md:240", snippet_Docs_Fuzzing_240),
]
