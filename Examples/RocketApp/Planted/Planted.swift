// The planted specs compile to machines here; the build reports their findings.
