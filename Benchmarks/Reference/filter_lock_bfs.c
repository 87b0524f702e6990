/*
 * Peterson's filter lock for N processes (N <= 6), explored breadth first by hand: the state space of
 * `BenchmarkSpecs.filterLock(processes: N)` and of its Promela twin (88,560 configurations for 5 processes,
 * 1,827,936 for 6), with nothing a model checker needs besides the search: no parents (so no traces), no
 * invariant, no limits, a plain open-addressing table of whole 64-bit keys (16 bytes a configuration at the
 * table's load), and each chunk's successors inserted with their slots prefetched.
 *
 * What it is for: the speed a hand-written explorer of this one model reaches on the machine, as a bound for
 * smcheck's explorer and native plans (Benchmarks/README.md, "How far from the bound").
 *
 *   cc -O2 -DN=6 -o /tmp/filter_lock_bfs Benchmarks/Reference/filter_lock_bfs.c && /tmp/filter_lock_bfs
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#ifndef N
#define N 6
#endif
#if N < 2 || N > 6
#error "N must be 2...6: the key is one 64-bit word"
#endif

/* The key: pc (0 idle, 1 set, 2 wait, 3 critical) 2 bits a process from bit 0, lev and l 3 bits a process from
   bits 2N and 5N, victim[1...N-1] 3 bits each from bit 8N. */
#define PC_AT(i) (2 * (i))
#define LEV_AT(i) (2 * N + 3 * (i))
#define L_AT(i) (5 * N + 3 * (i))
#define VICTIM_AT(level) (8 * N + 3 * ((level) - 1))
#define FIELD(k, at, bits) ((int)(((k) >> (at)) & ((1ull << (bits)) - 1)))

static inline uint64_t with(uint64_t key, int at, int bits, uint64_t value) {
    uint64_t mask = ((1ull << bits) - 1) << at;
    return (key & ~mask) | (value << at);
}

static uint64_t *table;
static uint64_t table_mask;

static inline uint64_t hash(uint64_t k) {
    k ^= k >> 33; k *= 0xff51afd7ed558ccdull; k ^= k >> 33; k *= 0xc4ceb9fe1a85ec53ull; k ^= k >> 33;
    return k;
}

/* Adds the key (stored + 1, so that 0 is an empty slot); whether it was new. */
static inline int insert(uint64_t key) {
    uint64_t slot = hash(key) & table_mask;
    for (;;) {
        uint64_t found = table[slot];
        if (found == key + 1) return 0;
        if (found == 0) { table[slot] = key + 1; return 1; }
        slot = (slot + 1) & table_mask;
    }
}

/* The successor of `key` for process i's step, or 0 with *taken = 0 when its guards are false. */
static inline uint64_t step(uint64_t key, int i, int *taken) {
    int pc = FIELD(key, PC_AT(i), 2), l = FIELD(key, L_AT(i), 3);
    *taken = 1;
    switch (pc) {
    case 0: return with(with(key, L_AT(i), 3, 1), PC_AT(i), 2, 1);
    case 1: return with(with(with(key, VICTIM_AT(l), 3, i), LEV_AT(i), 3, l), PC_AT(i), 2, 2);
    case 2: {
        int go = FIELD(key, VICTIM_AT(l), 3) != i;
        if (!go) {
            go = 1;
            for (int j = 0; j < N; j++) if (j != i && FIELD(key, LEV_AT(j), 3) >= l) { go = 0; break; }
        }
        if (!go) { *taken = 0; return 0; }
        if (l < N - 1) return with(with(key, L_AT(i), 3, l + 1), PC_AT(i), 2, 1);
        return with(key, PC_AT(i), 2, 3);
    }
    default: return with(with(with(key, LEV_AT(i), 3, 0), L_AT(i), 3, 0), PC_AT(i), 2, 0);
    }
}

int main(void) {
    /* Four to eight slots a configuration (1,827,936 for 6 processes, 88,560 for 5). */
    table_mask = (1ull << (N >= 6 ? 23 : 19)) - 1;
    table = calloc(table_mask + 1, sizeof *table);
    uint64_t *layer = malloc(sizeof(uint64_t) << 22), *next = malloc(sizeof(uint64_t) << 22);
    enum { chunk = 1024, ahead = 16 };
    static uint64_t successors[chunk + N];
    if (!table || !layer || !next) { fprintf(stderr, "out of memory\n"); return 1; }
    size_t size = 0, next_size = 0;
    long states = 1, transitions = 0;
    int depth = 0;
    layer[size++] = 0;
    insert(0);
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    while (size > 0) {
        next_size = 0;
        int count = 0;
        for (size_t x = 0; x < size; x++) {
            for (int i = 0; i < N; i++) {
                int taken;
                uint64_t successor = step(layer[x], i, &taken);
                if (taken) successors[count++] = successor;
            }
            if (count < chunk && x + 1 < size) continue;
            transitions += count;
            for (int s = 0; s < count; s++) {
                if (s + ahead < count) __builtin_prefetch(&table[hash(successors[s + ahead]) & table_mask], 1);
                if (insert(successors[s])) { next[next_size++] = successors[s]; states++; }
            }
            count = 0;
        }
        uint64_t *swap = layer; layer = next; next = swap;
        size = next_size;
        if (size > 0) depth++;
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    double seconds = (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) / 1e9;
    printf("filter lock %d: configurations %ld transitions %ld depth %d seconds %.3f states/s %.0f\n", N, states,
           transitions, depth, seconds, (double)states / seconds);
    return 0;
}
