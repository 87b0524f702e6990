// One import serves: a test file that checks a spec needs the analyzer's and the fuzzer's types too.
@_exported public import SMAnalyzer
@_exported public import SMFuzz
