#ifndef SMCHECK_CPLATFORM_H
#define SMCHECK_CPLATFORM_H

#include <stddef.h>
#include <stdint.h>

/// Asks the CPU to start loading the cache line at `address` for writing, without waiting for it: Swift has no
/// prefetch of its own. The explorer calls it for the visited-store slots of a state's successors before it
/// inserts them, so their cache misses overlap.
static inline void smcheck_prefetch_for_write(const void *address) {
#if defined(__GNUC__) || defined(__clang__)
    __builtin_prefetch(address, 1, 3);
#endif
}

/// Tells the CPU the thread is waiting in a spin loop (x86 `pause`, ARM `yield`): the other hardware thread of the
/// core runs faster meanwhile, and leaving the loop does not pay for a mispredicted memory order. Swift has none.
static inline void smcheck_spin_pause(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__) || defined(__arm__)
    __asm__ __volatile__("yield");
#endif
}

/// An owner of stripes for `smcheck_thread_stripe`: a number no other call returns (1, 2, ...), so no later owner
/// reuses it, as an address can be.
uint64_t smcheck_new_stripe_owner(void);

/// The calling thread's stripe of `owner` (from `smcheck_new_stripe_owner`): the first time a thread asks for this
/// owner, the next value of `*next` (0, 1, ..., counted atomically; it stops at UINT32_MAX, so no other thread is
/// given the same number below it), then the same value. A thread remembers its last owner only. Swift has no cheap
/// thread-local storage; counters striped by thread use it.
uint32_t smcheck_thread_stripe(uint64_t owner, uint32_t *next);

/// Asks for 2 MB pages for the anonymous memory at `start` (Linux `MADV_HUGEPAGE`): a 2 MB stretch of it that has
/// no page mapped yet gets one on its first fault. Returns 0 where that cannot be asked.
int smcheck_ask_for_huge_pages(void *start, size_t bytes);

/// Collapses the 2 MB stretches of the anonymous memory at `start` (2 MB-aligned, its size a multiple of 2 MB) into
/// 2 MB pages (Linux `MADV_COLLAPSE`, 6.1 and later): a stretch where a 4 KB page is mapped stays small otherwise,
/// asked or not, until the kernel's background collapse gets to it. Each stretch becomes wholly resident. Before, it
/// adds 0 to the 32-bit word at the start of each stretch, atomically, so that a stretch only read can be collapsed.
/// Returns 0 where some stretch could not be collapsed, or the kernel cannot (then it writes nothing).
int smcheck_collapse_into_huge_pages(void *start, size_t bytes);

/// How many bytes of the `bytes` at `start` are mapped to pages in memory (`mincore`), or -1 where it cannot be
/// told. A page only read so far counts, though it is the shared zero page.
int64_t smcheck_mapped_bytes(const void *start, size_t bytes);

/// The process's resident memory in bytes, or -1 where it cannot be read. Linux reads /proc/self/statm; Apple
/// platforms ask the kernel with task_info (in C, where `mach_task_self()` is usable from any thread).
int64_t smcheck_resident_bytes(void);

/// The process's peak resident memory in bytes, or -1 where it cannot be read.
int64_t smcheck_peak_resident_bytes(void);

/// Flushes standard output and returns 0 when all that was written to it through C's `stdout` arrived, else the
/// `errno` of the failure (-1 when it is no longer known: an earlier write failed): Swift 6 cannot name `stdout`, a shared C variable, and a
/// command must not pass off a result it could not write (a full disk) as written.
int smcheck_flush_standard_output(void);

#endif
