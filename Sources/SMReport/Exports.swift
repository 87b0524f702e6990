// One import serves: a file that renders reports needs the analyzer's and the fuzzer's results too.
@_exported public import SMAnalyzer
@_exported public import SMFuzz
