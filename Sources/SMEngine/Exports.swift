// One import serves: a file that runs a machine uses the spec model too.
@_exported public import SMSpec
