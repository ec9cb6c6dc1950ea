/* Shared by the solver, its table and the endgame database (kalah_core
 * only). */
#ifndef KALAH_SOLVE_INTERNAL_H
#define KALAH_SOLVE_INTERNAL_H

#include "kalah_internal.h"
#include "kalah_solve.h"

#include <stdatomic.h>

/* ---- positions as seen by the side to move ------------------------------ */

/* The position of mover-relative pits a (kalah_solve_move.h): south to
 * move, empty stores. */
kalah_pos kalah_rel_pos(const kalah_rules *r, const uint8_t *a);

/* side's store minus the other's. */
static inline int kalah_store_diff_of(const kalah_pos *p, int side)
{
    return side == KALAH_SOUTH ? p->store[0] - p->store[1] : p->store[1] - p->store[0];
}

/* The side to move's store minus the other's. */
static inline int kalah_store_diff(const kalah_pos *p)
{
    return kalah_store_diff_of(p, p->to_move);
}

/*
 * The index of a placement of stones in P pits (any number of stones): the
 * combinatorial number system over the positions of the P "bars" in the
 * stars-and-bars string. With q_k = a[0] + ... + a[k-1] + k - 1,
 *     index = C(q_1, 1) + C(q_2, 2) + ... + C(q_P, P),
 * a bijection from placements with at most K stones onto 0..C(K+P, P)-1,
 * ordered by the number of stones first. docs/egdb.md.
 */
uint64_t kalah_placement_index(const uint8_t *a, int P);

/* C(n, k), saturated at UINT64_MAX; n <= KALAH_BINOM_N. */
#define KALAH_BINOM_N 240
uint64_t kalah_binom(int n, int k);

/* ---- endgame database ----------------------------------------------------- */

struct kalah_egdb {
    kalah_rules rules;
    int max_stones;
    uint64_t positions;
    uint64_t checksum;
    const int8_t *values; /* indexed by kalah_placement_index of the
                             mover-relative pits */
    int8_t *owned;        /* built in memory (values == owned) */
    void *map;            /* mapped from a file */
    size_t map_len;
    bool pinned;          /* read from a file, now in owned (huge pages) */
};

/* Whether a database built for rules db serves rules r: the same pits,
 * capture and end rules (the stones per pit do not matter). */
bool kalah_egdb_serves(const kalah_rules *db, const kalah_rules *r);

/* KALAH_OK when a database of r up to max_stones can be built with
 * threads threads (1..KALAH_SOLVE_MAX_THREADS), else why not. */
kalah_status kalah_egdb_build_check(const kalah_rules *r, int max_stones, int threads,
                                    kalah_error *err);

/* The checksum of a database's values (docs/egdb.md), a piece at a time. */
typedef struct kalah_egdb_sum {
    uint64_t h, n, tail; /* the chain, the bytes added, the word begun */
} kalah_egdb_sum;
void kalah_egdb_sum_init(kalah_egdb_sum *s);
void kalah_egdb_sum_add(kalah_egdb_sum *s, const void *data, uint64_t n);
uint64_t kalah_egdb_sum_value(const kalah_egdb_sum *s);

/* The file's header (docs/egdb.md) of a database of r up to max_stones with
 * positions values whose checksum is sum. */
#define KALAH_EGDB_HEADER 64
void kalah_egdb_header(const kalah_rules *r, int max_stones, uint64_t positions, uint64_t sum,
                       uint8_t h[KALAH_EGDB_HEADER]);

/* n bytes aligned to 2 MiB and asked for huge pages (a hint), or NULL;
 * free() frees them (kalah_egdb.c). */
void *kalah_huge_alloc(uint64_t n);

/* Calls fn(ctx, lo, hi) on every chunk [lo, hi) of [0, n), chunk bytes
 * long (the last shorter), from threads threads, the caller's among them
 * (kalah_chunks.c). */
void kalah_chunks(size_t n, size_t chunk, int threads, void (*fn)(void *ctx, size_t lo, size_t hi),
                  void *ctx);

/* ---- transposition table ---------------------------------------------------- */

/* A bucket is 64 bytes (a cache line), in one of two layouts chosen when
 * the table is made (docs/solver.md):
 * - compact: eight one-word entries. The bucket comes from the top L bits
 *   of a bijective mix of the key over its key_bits bits (kalah_tt_key),
 *   and the entry keeps the other bits (and the lowest of those L, when two
 *   values of them can share a bucket), so keys stay exact: used when keys
 *   are exact placement indices and tag_bits <= KALAH_TT_TAG_MAX. Entries
 *   fill a bucket from its first word and are never emptied (but by
 *   kalah_tt_clear), so an empty word ends a search of the bucket;
 * - wide: four two-word entries, written without locks: lock = key ^ data,
 *   so a torn entry reads as a miss. */
typedef struct kalah_tt_entry {
    _Atomic uint64_t lock;
    _Atomic uint64_t data;
} kalah_tt_entry;

enum { KALAH_TT_WAYS = 4, KALAH_TT_COMPACT_WAYS = 8, KALAH_TT_TAG_MAX = 27 };

typedef struct kalah_tt {
    kalah_tt_entry *e;
    uint64_t buckets; /* 1..2^32, of any number */
    int log2;         /* L: 2^(L-1) < buckets <= 2^L */
    bool compact;
    int top;          /* compact: key_bits - L, the bits under the top L */
    int tag_bits;     /* compact: top, and one more unless buckets is 2^L */
    int half;         /* compact: the mix's shift */
    uint64_t mask;    /* compact: 2^key_bits - 1 */
    size_t bytes;
} kalah_tt;

/* What an entry holds: bounds of the gain, the depth they were searched to
 * (KALAH_DEPTH_EXACT: proven), the best move's pit index (or -1) and the
 * work spent (log2 of nodes), used to choose what to overwrite. */
#define KALAH_DEPTH_EXACT 255
typedef struct kalah_tt_hit {
    int lower, upper, depth, move, work;
} kalah_tt_hit;

/* A table of at most bytes, cleared by threads (1..KALAH_SOLVE_MAX_THREADS).
 * key_bits: every key is below 2^key_bits (exact keys), or 64 for hashed
 * keys. */
kalah_status kalah_tt_init(kalah_tt *t, size_t bytes, int key_bits, int threads,
                           kalah_error *err);
void kalah_tt_free(kalah_tt *t);
void kalah_tt_clear(kalah_tt *t);

/* The table's key of an exact key (below 2^key_bits) or a hash: for a
 * compact table a bijection of 0..mask (multiplications by odd numbers and
 * xor-shifts, each one-to-one modulo 2^key_bits), whose top bits are the
 * bucket and the rest the tag; else the key itself. The functions below
 * take keys made by it. */
static inline uint64_t kalah_tt_key(const kalah_tt *t, uint64_t key)
{
    if (!t->compact)
        return key;
    uint64_t x = (key * 0x9E3779B97F4A7C15u) & t->mask;
    x ^= x >> t->half;
    x = (x * 0xC2B2AE3D27D4EB4Fu) & t->mask;
    return x ^ x >> t->half;
}

/* The bucket of a key: its top L bits (compact), or the high 32 bits of a
 * multiplicative hash (wide), scaled to the number of buckets. With 2^L
 * buckets the scaling is the identity; else at most two neighbouring
 * values share a bucket, as 2^(L-1) < buckets. */
static inline kalah_tt_entry *kalah_tt_bucket(const kalah_tt *t, uint64_t key)
{
    uint64_t top;
    int bits;
    if (t->compact) {
        top = key >> t->top;
        bits = t->log2;
    } else {
        top = ((key + 1) * 0x9E3779B97F4A7C15u) >> 32;
        bits = 32;
    }
    /* (top < 2^bits and buckets <= 2^32, with bits <= 32: no overflow) */
    return t->e + ((top * t->buckets) >> bits) * KALAH_TT_WAYS;
}

static inline void kalah_tt_prefetch(const kalah_tt *t, uint64_t key)
{
    __builtin_prefetch(kalah_tt_bucket(t, key));
}
bool kalah_tt_probe(const kalah_tt *t, uint64_t key, kalah_tt_hit *out);
/* Records bounds; bounds of the same depth are intersected, a shallower
 * result never replaces a deeper one of the same position. */
void kalah_tt_store(kalah_tt *t, uint64_t key, int lower, int upper, int depth, int move,
                    int work);

#endif
