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
        smcheck_stripe = __atomic_fetch_add(next, 1, __ATOMIC_RELAXED);
    }
    return smcheck_stripe;
}
