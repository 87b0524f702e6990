// Generated from the documents' Swift blocks; do not edit. Edit the documents, then run scripts/update-snippets.
// swift-format-ignore-file

let documentationSnippets: [(place: String, run: @Sendable () throws -> Void)] = [
    ("README.md:341", snippet_README_341),
    ("README.md:366", snippet_README_366),
    ("README.md:380", snippet_README_380),
    ("README.md:396", snippet_README_396),
    ("README.md:412", snippet_README_412),
    ("README.md:462", snippet_README_462),
    ("Docs/CodeGeneration.md:34", snippet_Docs_CodeGeneration_34),
    ("Docs/CodeGeneration.md:72", snippet_Docs_CodeGeneration_72),
    ("Docs/CodeGeneration.md:99", snippet_Docs_CodeGeneration_99),
    ("Docs/Fuzzing.md:217", snippet_Docs_Fuzzing_217),
    ("Docs/Fuzzing.md:258", snippet_Docs_Fuzzing_258),
]
