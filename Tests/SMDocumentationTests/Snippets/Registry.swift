// Generated from the documents' Swift blocks; do not edit. Edit the documents, then run scripts/update-snippets.
// swift-format-ignore-file

let documentationSnippets: [(place: String, run: @Sendable () throws -> Void)] = [
    ("README.md:340", snippet_README_340),
    ("README.md:365", snippet_README_365),
    ("README.md:379", snippet_README_379),
    ("README.md:395", snippet_README_395),
    ("README.md:411", snippet_README_411),
    ("README.md:461", snippet_README_461),
    ("Docs/CodeGeneration.md:34", snippet_Docs_CodeGeneration_34),
    ("Docs/CodeGeneration.md:72", snippet_Docs_CodeGeneration_72),
    ("Docs/CodeGeneration.md:99", snippet_Docs_CodeGeneration_99),
    ("Docs/Fuzzing.md:203", snippet_Docs_Fuzzing_203),
    ("Docs/Fuzzing.md:244", snippet_Docs_Fuzzing_244),
]
