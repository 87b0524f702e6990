#include "CPlatform.h"

#include <stdatomic.h>

static atomic_uint smcheck_threads_numbered;
static _Thread_local unsigned smcheck_this_thread_number;

uint32_t smcheck_thread_number(void) {
    // 0 until numbered: numbers start at 1.
    if (smcheck_this_thread_number == 0) {
        smcheck_this_thread_number = atomic_fetch_add_explicit(&smcheck_threads_numbered, 1, memory_order_relaxed) + 1;
    }
    return smcheck_this_thread_number;
}
