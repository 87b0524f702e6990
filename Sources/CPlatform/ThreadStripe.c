#include "CPlatform.h"

static uint64_t smcheck_owners_given;

uint64_t smcheck_new_stripe_owner(void) {
    return __atomic_add_fetch(&smcheck_owners_given, 1, __ATOMIC_RELAXED);
}

/// The owner whose stripe this thread asked for last, and that stripe.
static _Thread_local uint64_t smcheck_stripe_owner;
static _Thread_local uint32_t smcheck_stripe;

uint32_t smcheck_thread_stripe(uint64_t owner, uint32_t *next) {
    if (smcheck_stripe_owner != owner) {
        smcheck_stripe_owner = owner;
        // Saturating: a number is never given twice (a counter lets the thread with a number below its stripes add
        // without a locked instruction), however often threads switch owners.
        uint32_t given = __atomic_load_n(next, __ATOMIC_RELAXED);
        while (given != UINT32_MAX
               && !__atomic_compare_exchange_n(next, &given, given + 1, 1, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {}
        smcheck_stripe = given;
    }
    return smcheck_stripe;
}
