// Graphviz's layout (gvc) and graph (cgraph) C API, through pkg-config's "libgvc" (Debian: libgraphviz-dev).
#include <graphviz/gvc.h>

// cgraph's graph kinds are C globals, which Swift 6 refuses to read as shared mutable state; a copy by value is safe.
static inline Agdesc_t smcheck_directed_graph(void) { return Agdirected; }

// cgraph's default ids for named objects are the addresses of their interned names, and `dot` lays out subgraphs in
// id order: the drawing would change with the heap's history. This map declines names, so cgraph gives every object
// the next sequential id and keeps the name in its own table: ids, and so the layout, follow creation order.
static long smcheck_sequential_id_map(void *state, int objtype, char *name, IDTYPE *id, int createflag) {
    if (name) return 0;
    return AgIdDisc.map(state, objtype, NULL, id, createflag);
}

// The discipline to open graphs with: cgraph's own, but ids in creation order. Callers serialize all Graphviz use.
static inline Agdisc_t *smcheck_creation_order_discipline(void) {
    static Agiddisc_t ids;
    static Agdisc_t discipline;
    if (!discipline.id) {
        ids = AgIdDisc;
        ids.map = smcheck_sequential_id_map;
        discipline.mem = &AgMemDisc;
        discipline.id = &ids;
        discipline.io = &AgIoDisc;
    }
    return &discipline;
}
