// One import serves: a file that fuzzes a spec builds and runs machines too.
@_exported public import SMEngine
