#include "CPlatform.h"

#if defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>
#ifndef MADV_COLLAPSE
#define MADV_COLLAPSE 25
#endif

int smcheck_ask_for_huge_pages(void *start, size_t bytes) { return madvise(start, bytes, MADV_HUGEPAGE) == 0; }

int smcheck_collapse_into_huge_pages(void *start, size_t bytes) {
    // A kernel without MADV_COLLAPSE (before 6.1) refuses it even for no bytes: then nothing is written, and the
    // stretches no page was mapped in keep their huge pages at the first fault.
    if (madvise(start, 0, MADV_COLLAPSE) != 0) return 0;
    // With pages larger than 4 KB (some ARM64 kernels) a huge page is 32 MB or more: not the 2 MB stretches below.
    if (sysconf(_SC_PAGESIZE) != 4096) return 0;
    // A stretch whose pages were only read (mapped to the zero page) cannot be collapsed: a write to each first, of
    // what its first word holds, atomically (other threads may be writing it).
    for (size_t offset = 0; offset < bytes; offset += (size_t)2 << 20) {
        __atomic_fetch_add((uint32_t *)((char *)start + offset), 0, __ATOMIC_RELAXED);
    }
    return madvise(start, bytes, MADV_COLLAPSE) == 0;
}

#else
// Huge pages are left to the system.
int smcheck_ask_for_huge_pages(void *start, size_t bytes) { return (void)start, (void)bytes, 0; }
int smcheck_collapse_into_huge_pages(void *start, size_t bytes) { return (void)start, (void)bytes, 0; }
#endif
