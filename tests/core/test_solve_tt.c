/* The solver's transposition table (core/src/kalah_tt.c): at every size,
 * a power of two of buckets or not, a probe finds only what was stored
 * under its own key. Keys are stored, then every key of the key space that
 * was not stored is probed and must miss. */
#include "core_tests.h"
#include "kalah_solve_internal.h"

#include <stdint.h>

/* Sizes in buckets (64 bytes each), and the bits of the exact keys (64:
 * hashed keys, the wide entries). */
static const struct {
    uint64_t buckets;
    int key_bits;
} cases[] = {
    {1536, 20}, /* 2^10 < 1536 < 2^11: two top values can share a bucket */
    {2048, 20}, /* a power of two */
    {3, 12},    /* tiny: each bucket shared */
    {1, 10},
    {1000, 24},
    {1536, 64}, /* wide entries */
    {1, 64},
};
enum { N_CASES = sizeof cases / sizeof cases[0], STORED = 2500 };

/* The i-th stored key: distinct for i < 2^key_bits (an odd multiplier is a
 * bijection modulo a power of two). */
static uint64_t raw_key(int key_bits, uint64_t i)
{
    uint64_t k = i * 0x9E3779B97F4A7C15u + 12345;
    return key_bits >= 64 ? k : k & (((uint64_t)1 << key_bits) - 1);
}

START_TEST(probes_find_only_their_own_key)
{
    const int key_bits = cases[_i].key_bits;
    const uint64_t buckets = cases[_i].buckets;
    kalah_tt t;
    kalah_error err = {.message = ""};
    ck_assert_int_eq(kalah_tt_init(&t, buckets * 64, key_bits, 1 + _i % 2, &err), KALAH_OK);
    CHECK(t.buckets == buckets, "%llu buckets made, %llu asked", (unsigned long long)t.buckets,
          (unsigned long long)buckets);
    CHECK(t.compact == (key_bits < 64), "compact %d for %d key bits", (int)t.compact, key_bits);
    const uint64_t space = key_bits < 64 ? (uint64_t)1 << key_bits : 0;
    const uint64_t stored = space && space < STORED ? space / 2 : STORED;
    for (uint64_t i = 0; i < stored; i++) {
        int lo = (int)(i % 41) - 20;
        kalah_tt_store(&t, kalah_tt_key(&t, raw_key(key_bits, i)), lo, lo + 2,
                       KALAH_DEPTH_EXACT, (int)(i % 6), 1);
    }
    /* What was stored and is still there holds its own bounds. */
    uint64_t found = 0;
    for (uint64_t i = 0; i < stored; i++) {
        kalah_tt_hit h;
        if (!kalah_tt_probe(&t, kalah_tt_key(&t, raw_key(key_bits, i)), &h))
            continue;
        found++;
        int lo = (int)(i % 41) - 20;
        CHECK(h.lower == lo && h.upper == lo + 2 && h.move == (int)(i % 6) &&
                  h.depth == KALAH_DEPTH_EXACT,
              "key %llu: [%d, %d] move %d depth %d, stored [%d, %d] move %d",
              (unsigned long long)i, h.lower, h.upper, h.move, h.depth, lo, lo + 2,
              (int)(i % 6));
    }
    /* Eight entries a compact bucket, four a wide one. */
    uint64_t room = buckets * (t.compact ? KALAH_TT_COMPACT_WAYS : KALAH_TT_WAYS);
    uint64_t least = stored < room ? stored * 3 / 4 : room / 2;
    CHECK(found >= least, "%llu of %llu found (room for %llu)", (unsigned long long)found,
          (unsigned long long)stored, (unsigned long long)room);
    /* Nothing else is found: every other key of the space (or as many
     * hashed ones). */
    uint64_t others = space ? space - stored : 1 << 20;
    for (uint64_t i = stored; i < stored + others; i++) {
        kalah_tt_hit h;
        CHECK(!kalah_tt_probe(&t, kalah_tt_key(&t, raw_key(key_bits, i)), &h),
              "key %llu, never stored, is found: [%d, %d]", (unsigned long long)i, h.lower,
              h.upper);
    }
    kalah_tt_free(&t);
}
END_TEST

Suite *solve_tt_suite(void)
{
    Suite *s = suite_create("solve_tt");
    TCase *tc = tcase_create("exact");
    tcase_add_loop_test(tc, probes_find_only_their_own_key, 0, N_CASES);
    suite_add_tcase(s, tc);
    return s;
}
