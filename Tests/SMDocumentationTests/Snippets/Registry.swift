// Generated from the documents' Swift blocks; do not edit. Edit the documents, then run scripts/update-snippets.

let documentationSnippets: [(place: String, run: @Sendable () throws -> Void)] = [
    ("README.md:191", snippet_README_191),
    ("README.md:216", snippet_README_216),
    ("README.md:231", snippet_README_231),
    ("README.md:247", snippet_README_247),
    ("README.md:290", snippet_README_290),
    ("Docs/CodeGeneration.md:34", snippet_Docs_CodeGeneration_34),
    ("Docs/CodeGeneration.md:68", snippet_Docs_CodeGeneration_68),
    ("Docs/CodeGeneration.md:94", snippet_Docs_CodeGeneration_94),
    ("Docs/Fuzzing.md:93", snippet_Docs_Fuzzing_93),
]
