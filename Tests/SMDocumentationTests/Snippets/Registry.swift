// Generated from the documents' Swift blocks; do not edit. Edit the documents, then run scripts/update-snippets.
// swift-format-ignore-file

let documentationSnippets: [(place: String, run: @Sendable () throws -> Void)] = [
    ("README.md:315", snippet_README_315),
    ("README.md:341", snippet_README_341),
    ("README.md:357", snippet_README_357),
    ("README.md:373", snippet_README_373),
    ("README.md:423", snippet_README_423),
    ("Docs/CodeGeneration.md:34", snippet_Docs_CodeGeneration_34),
    ("Docs/CodeGeneration.md:68", snippet_Docs_CodeGeneration_68),
    ("Docs/CodeGeneration.md:95", snippet_Docs_CodeGeneration_95),
    ("Docs/Fuzzing.md:186", snippet_Docs_Fuzzing_186),
    ("Docs/Fuzzing.md:223", snippet_Docs_Fuzzing_223),
]
