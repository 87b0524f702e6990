// One import serves: a file that analyzes a spec builds and runs machines too.
@_exported public import SMEngine
