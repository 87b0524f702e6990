#ifndef SMCHECK_CPREFETCH_H
#define SMCHECK_CPREFETCH_H

/// Asks the CPU to start loading the cache line at `address` for writing, without waiting for it: Swift has no
/// prefetch of its own. The explorer calls it for the visited-store slots of a state's successors before it
/// inserts them, so their cache misses overlap.
static inline void smcheck_prefetch_for_write(const void *address) {
#if defined(__GNUC__) || defined(__clang__)
    __builtin_prefetch(address, 1, 3);
#endif
}

#endif
