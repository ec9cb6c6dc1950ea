/* The solver's transposition table: buckets of four two-word entries,
 * shared by the search threads without locks. */
#define _GNU_SOURCE /* madvise's MADV_HUGEPAGE */
#include "kalah_solve_internal.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* data word: lower (16 bits, offset 32768) | upper (16) | depth (8) |
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

kalah_status kalah_tt_init(kalah_tt *t, size_t bytes, kalah_error *err)
{
    memset(t, 0, sizeof *t);
    uint64_t buckets = 1;
    int log2 = 0;
    while (buckets * 2 * KALAH_TT_WAYS * sizeof(kalah_tt_entry) <= bytes) {
        buckets *= 2;
        log2++;
    }
    size_t size = (size_t)buckets * KALAH_TT_WAYS * sizeof(kalah_tt_entry);
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
    memset(t->e, 0, size);
    t->buckets = buckets;
    t->shift = 64 - log2;
    t->bytes = size;
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

bool kalah_tt_probe(const kalah_tt *t, uint64_t key, kalah_tt_hit *out)
{
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

void kalah_tt_store(kalah_tt *t, uint64_t key, int lower, int upper, int depth, int move,
                    int work)
{
    kalah_tt_entry *b = kalah_tt_bucket(t, key);
    int victim = 0, victim_score = 1 << 30;
    for (int w = 0; w < KALAH_TT_WAYS; w++) {
        uint64_t d = atomic_load_explicit(&b[w].data, memory_order_relaxed);
        uint64_t l = atomic_load_explicit(&b[w].lock, memory_order_relaxed);
        if (d != 0 && (l ^ d) == key) {
            kalah_tt_hit old = unpack(d);
            if (old.depth > depth)
                return; /* a deeper result stays */
            if (old.depth == depth) {
                int lo = lower > old.lower ? lower : old.lower;
                int hi = upper < old.upper ? upper : old.upper;
                if (lo <= hi) { /* both hold: keep what both say */
                    lower = lo;
                    upper = hi;
                }
                if (move < 0)
                    move = old.move;
                if (work < old.work)
                    work = old.work;
            }
            victim = w;
            break;
        }
        /* Empty entries first, then the least work; proven ones weigh more. */
        int score = d == 0 ? -1 : unpack(d).work + (unpack(d).depth == KALAH_DEPTH_EXACT ? 8 : 0);
        if (score < victim_score) {
            victim_score = score;
            victim = w;
        }
    }
    uint64_t d = pack(lower, upper, depth, move, work > 255 ? 255 : work);
    atomic_store_explicit(&b[victim].data, d, memory_order_relaxed);
    atomic_store_explicit(&b[victim].lock, key ^ d, memory_order_relaxed);
}
