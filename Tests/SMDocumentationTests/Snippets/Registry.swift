// Generated from the documents' Swift blocks; do not edit. Edit the documents, then run scripts/update-snippets.
// swift-format-ignore-file

let documentationSnippets: [(place: String, run: @Sendable () throws -> Void)] = [
    ("README.md:325", snippet_README_325),
    ("README.md:351", snippet_README_351),
    ("README.md:367", snippet_README_367),
    ("README.md:383", snippet_README_383),
    ("README.md:433", snippet_README_433),
    ("Docs/CodeGeneration.md:34", snippet_Docs_CodeGeneration_34),
    ("Docs/CodeGeneration.md:72", snippet_Docs_CodeGeneration_72),
    ("Docs/CodeGeneration.md:99", snippet_Docs_CodeGeneration_99),
    ("Docs/Fuzzing.md:195", snippet_Docs_Fuzzing_195),
    ("Docs/Fuzzing.md:232", snippet_Docs_Fuzzing_232),
]
