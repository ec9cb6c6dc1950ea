/* The solver's transposition table: buckets of a cache line, of eight
 * one-word entries or four two-word ones (kalah_solve_internal.h), shared
 * by the search threads without locks. */
#define _GNU_SOURCE /* madvise's MADV_HUGEPAGE */
#include "kalah_solve_internal.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* Wide entry, data word: lower (16 bits, offset 32768) | upper (16) | depth (8) |
 * move + 1 (8) | work (8) | 8 unused. */
static uint64_t pack(int lower, int upper, int depth, int move, int work)
{
    return (uint64_t)(uint16_t)(lower + 32768) | (uint64_t)(uint16_t)(upper + 32768) << 16 |
           (uint64_t)(uint8_t)depth << 32 | (uint64_t)(uint8_t)(move + 1) << 40 |
           (uint64_t)(uint8_t)work << 48;
}

static kalah_tt_hit unpack(uint64_t d)
{
    return (kalah_tt_hit){.lower = (int)(d & 0xFFFF) - 32768,
                          .upper = (int)(d >> 16 & 0xFFFF) - 32768,
                          .depth = (int)(d >> 32 & 0xFF),
                          .move = (int)(d >> 40 & 0xFF) - 1,
                          .work = (int)(d >> 48 & 0xFF)};
}

/* Compact entry: lower + 256 (9 bits) | upper + 256 (9) | depth (8) |
 * move + 1 (4) | work (6) | the key's tag (bits 36..62) | 1 (bit 63: used).
 * Gains are within +-255 (KALAH_SOLVE_MAX_TOTAL stones). */
#define COMPACT_USED ((uint64_t)1 << 63)
enum { COMPACT_DATA = 36 };
/* A compact entry's tag and used bit: what identifies its position. */
#define COMPACT_ID(d) ((d) & ~(((uint64_t)1 << COMPACT_DATA) - 1))

static uint64_t pack_compact(int lower, int upper, int depth, int move, int work)
{
    return (uint64_t)(lower + 256) | (uint64_t)(upper + 256) << 9 | (uint64_t)depth << 18 |
           (uint64_t)(move + 1) << 26 | (uint64_t)(work > 63 ? 63 : work) << 30;
}

static kalah_tt_hit unpack_compact(uint64_t d)
{
    return (kalah_tt_hit){.lower = (int)(d & 511) - 256,
                          .upper = (int)(d >> 9 & 511) - 256,
                          .depth = (int)(d >> 18 & 0xFF),
                          .move = (int)(d >> 26 & 0xF) - 1,
                          .work = (int)(d >> 30 & 63)};
}

static void zero_chunk(void *ctx, size_t lo, size_t hi)
{
    memset((char *)ctx + lo, 0, hi - lo);
}

kalah_status kalah_tt_init(kalah_tt *t, size_t bytes, int key_bits, int threads,
                           kalah_error *err)
{
    memset(t, 0, sizeof *t);
    /* As many buckets as fit (at least one, at most 2^32), and L with
     * 2^(L-1) < buckets <= 2^L. */
    const size_t bucket_bytes = KALAH_TT_WAYS * sizeof(kalah_tt_entry);
    uint64_t buckets = bytes / bucket_bytes;
    if (buckets < 1)
        buckets = 1;
    if (buckets > ((uint64_t)1 << 32))
        buckets = (uint64_t)1 << 32;
    int log2 = 0;
    while (((uint64_t)1 << log2) < buckets)
        log2++;
    size_t size = (size_t)buckets * bucket_bytes;
    /* Aligned to 2 MiB and asked for huge pages: a probe is a random access,
     * and with 4 KiB pages most of them also miss the TLB. */
    void *mem = NULL;
    size_t align = size >= ((size_t)2 << 20) ? ((size_t)2 << 20) : 64;
    if (posix_memalign(&mem, align, size) != 0)
        return kalah_fail(err, KALAH_ENOMEM, 0,
                          "no memory for a transposition table of %zu MiB", size >> 20);
#ifdef MADV_HUGEPAGE
    if (align > 64)
        madvise(mem, size, MADV_HUGEPAGE); /* a hint: nothing to do if refused */
#endif
    t->e = mem;
    /* Cleared by the search's threads: the first touch of each page is
     * the kernel's work, on every core at once. */
    kalah_chunks(size, (size_t)8 << 20, threads, zero_chunk, mem);
    t->buckets = buckets;
    t->log2 = log2;
    t->bytes = size;
    int k = key_bits > log2 ? key_bits : log2;
    /* Unless buckets is a power of two, two neighbouring values of a key's
     * top L bits can share a bucket: the tag keeps the lowest of them too. */
    int extra = buckets == ((uint64_t)1 << log2) ? 0 : 1;
    t->compact = key_bits < 64 && k - log2 + extra <= KALAH_TT_TAG_MAX;
    if (t->compact) {
        t->top = k - log2;
        t->tag_bits = t->top + extra;
        t->half = (k + 1) / 2;
        t->mask = ((uint64_t)1 << k) - 1; /* k < 64 here */
    }
    return KALAH_OK;
}

void kalah_tt_free(kalah_tt *t)
{
    free(t->e);
    memset(t, 0, sizeof *t);
}

void kalah_tt_clear(kalah_tt *t)
{
    memset(t->e, 0, t->bytes);
}

/* A compact table's bucket as words, and what an entry of key holds
 * beside its data: the used bit and the tag. */
static _Atomic uint64_t *compact_bucket(const kalah_tt *t, uint64_t key, uint64_t *id)
{
    *id = COMPACT_USED | (key & (((uint64_t)1 << t->tag_bits) - 1)) << COMPACT_DATA;
    return (_Atomic uint64_t *)kalah_tt_bucket(t, key);
}

bool kalah_tt_probe(const kalah_tt *t, uint64_t key, kalah_tt_hit *out)
{
    if (t->compact) {
        uint64_t id;
        _Atomic uint64_t *b = compact_bucket(t, key, &id);
        for (int w = 0; w < KALAH_TT_COMPACT_WAYS; w++) {
            uint64_t d = atomic_load_explicit(&b[w], memory_order_relaxed);
            if (d == 0)
                return false; /* the rest is empty too */
            if (COMPACT_ID(d) == id) {
                *out = unpack_compact(d);
                return true;
            }
        }
        return false;
    }
    kalah_tt_entry *b = kalah_tt_bucket(t, key);
    for (int w = 0; w < KALAH_TT_WAYS; w++) {
        uint64_t d = atomic_load_explicit(&b[w].data, memory_order_relaxed);
        uint64_t l = atomic_load_explicit(&b[w].lock, memory_order_relaxed);
        if (d != 0 && (l ^ d) == key) {
            *out = unpack(d);
            return true;
        }
    }
    return false;
}

/* Merges a new result with the entry old of the same position: false when
 * old is deeper and stays; else bounds of the same depth intersected. */
static bool merge(kalah_tt_hit old, int *lower, int *upper, int depth, int *move, int *work)
{
    if (old.depth > depth)
        return false; /* a deeper result stays */
    if (old.depth == depth) {
        int lo = *lower > old.lower ? *lower : old.lower;
        int hi = *upper < old.upper ? *upper : old.upper;
        if (lo <= hi) { /* both hold: keep what both say */
            *lower = lo;
            *upper = hi;
        }
        if (*move < 0)
            *move = old.move;
        if (*work < old.work)
            *work = old.work;
    }
    return true;
}

/* What an entry is worth keeping: empty entries go first, then the least
 * work; proven ones weigh more. */
static int keep_score(bool used, kalah_tt_hit h)
{
    return used ? h.work + (h.depth == KALAH_DEPTH_EXACT ? 8 : 0) : -1;
}

static void store_compact(kalah_tt *t, uint64_t key, int lower, int upper, int depth, int move,
                          int work)
{
    uint64_t id;
    _Atomic uint64_t *b = compact_bucket(t, key, &id);
    int victim = 0, victim_score = 1 << 30;
    for (int w = 0; w < KALAH_TT_COMPACT_WAYS; w++) {
        uint64_t d = atomic_load_explicit(&b[w], memory_order_relaxed);
        if (d == 0) { /* the first empty word: the key is not further on */
            victim = w;
            break;
        }
        if (COMPACT_ID(d) == id) {
            if (!merge(unpack_compact(d), &lower, &upper, depth, &move, &work))
                return;
            victim = w;
            break;
        }
        int score = keep_score(true, unpack_compact(d));
        if (score < victim_score) {
            victim_score = score;
            victim = w;
        }
    }
    atomic_store_explicit(&b[victim], id | pack_compact(lower, upper, depth, move, work),
                          memory_order_relaxed);
}

void kalah_tt_store(kalah_tt *t, uint64_t key, int lower, int upper, int depth, int move,
                    int work)
{
    if (t->compact) {
        store_compact(t, key, lower, upper, depth, move, work);
        return;
    }
    kalah_tt_entry *b = kalah_tt_bucket(t, key);
    int victim = 0, victim_score = 1 << 30;
    for (int w = 0; w < KALAH_TT_WAYS; w++) {
        uint64_t d = atomic_load_explicit(&b[w].data, memory_order_relaxed);
        uint64_t l = atomic_load_explicit(&b[w].lock, memory_order_relaxed);
        if (d != 0 && (l ^ d) == key) {
            if (!merge(unpack(d), &lower, &upper, depth, &move, &work))
                return;
            victim = w;
            break;
        }
        int score = keep_score(d != 0, unpack(d));
        if (score < victim_score) {
            victim_score = score;
            victim = w;
        }
    }
    uint64_t d = pack(lower, upper, depth, move, work > 255 ? 255 : work);
    atomic_store_explicit(&b[victim].data, d, memory_order_relaxed);
    atomic_store_explicit(&b[victim].lock, key ^ d, memory_order_relaxed);
}
