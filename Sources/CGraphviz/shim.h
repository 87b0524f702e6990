// Graphviz's layout (gvc) and graph (cgraph) C API, through pkg-config's "libgvc" (Debian: libgraphviz-dev).
#include <graphviz/gvc.h>

// cgraph's graph kinds are C globals, which Swift 6 refuses to read as shared mutable state; a copy by value is safe.
static inline Agdesc_t smcheck_directed_graph(void) { return Agdirected; }
