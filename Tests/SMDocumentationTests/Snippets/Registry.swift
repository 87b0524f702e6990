// Generated from the documents' Swift blocks; do not edit. Edit the documents, then run scripts/update-snippets.

let documentationSnippets: [(place: String, run: @Sendable () throws -> Void)] = [
    ("README.md:236", snippet_README_236),
    ("README.md:261", snippet_README_261),
    ("README.md:276", snippet_README_276),
    ("README.md:292", snippet_README_292),
    ("README.md:335", snippet_README_335),
    ("Docs/CodeGeneration.md:34", snippet_Docs_CodeGeneration_34),
    ("Docs/CodeGeneration.md:68", snippet_Docs_CodeGeneration_68),
    ("Docs/CodeGeneration.md:94", snippet_Docs_CodeGeneration_94),
    ("Docs/Fuzzing.md:93", snippet_Docs_Fuzzing_93),
]
