#include "CPlatform.h"

#if defined(__linux__)
#include <sys/mman.h>
#ifndef MADV_COLLAPSE
#define MADV_COLLAPSE 25
#endif
#define SMCHECK_MADV_HUGEPAGE MADV_HUGEPAGE
#define SMCHECK_MADV_COLLAPSE MADV_COLLAPSE
#else
#define SMCHECK_MADV_HUGEPAGE 0
#define SMCHECK_MADV_COLLAPSE 0
#endif

/// 1 when the kernel took the advice, 0 when it refused it or has no such advice.
static int advise(void *start, size_t bytes, int advice) {
#if defined(__linux__)
    return madvise(start, bytes, advice) == 0;
#else
    (void)start;
    (void)bytes;
    (void)advice;
    return 0;
#endif
}

int smcheck_ask_for_huge_pages(void *start, size_t bytes) { return advise(start, bytes, SMCHECK_MADV_HUGEPAGE); }

// MADV_COLLAPSE: Linux 6.1 and later; older kernels refuse it, which changes nothing.
int smcheck_collapse_into_huge_pages(void *start, size_t bytes) { return advise(start, bytes, SMCHECK_MADV_COLLAPSE); }
