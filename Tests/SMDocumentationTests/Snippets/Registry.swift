// Generated from the documents' Swift blocks; do not edit. Edit the documents, then run scripts/update-snippets.

let documentationSnippets: [(place: String, run: @Sendable () throws -> Void)] = [
    ("README.md:233", snippet_README_233),
    ("README.md:258", snippet_README_258),
    ("README.md:273", snippet_README_273),
    ("README.md:289", snippet_README_289),
    ("README.md:332", snippet_README_332),
    ("Docs/CodeGeneration.md:34", snippet_Docs_CodeGeneration_34),
    ("Docs/CodeGeneration.md:68", snippet_Docs_CodeGeneration_68),
    ("Docs/CodeGeneration.md:94", snippet_Docs_CodeGeneration_94),
    ("Docs/Fuzzing.md:93", snippet_Docs_Fuzzing_93),
]
