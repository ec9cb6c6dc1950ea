/* The database's wavefronts (kalah_egdb_wave.h, what the build over MPI
 * solves a level in): every placement of a level in exactly one wavefront,
 * with the index of docs/egdb.md and the potential of its wavefront; the
 * shares of ranks and of ranges of units adding up to the whole; and a
 * database solved wavefront by wavefront, highest potential first, equal
 * byte for byte to kalah_egdb_build's, no child read before it was solved. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#include "core_tests.h"
#include "kalah_egdb_partial.h"
#include "kalah_egdb_wave.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        if (!(cond))                                                                               \
            ck_abort_msg(__VA_ARGS__);                                                             \
    } while (0)

static kalah_rules rules(const char *text)
{
    kalah_rules r;
    kalah_error err;
    ck_assert_msg(kalah_rules_parse(text, &r, &err) == KALAH_OK, "%s: %s", text, err.message);
    return r;
}

static void wave_ok(kalah_wave *w, const kalah_rules *r, int K)
{
    kalah_error err = {.message = ""};
    ck_assert_msg(kalah_wave_init(w, r, K, &err) == KALAH_OK, "%s", err.message);
}

static void front_ok(const kalah_wave *w, int n, int p, kalah_wave_front *f)
{
    kalah_error err = {.message = ""};
    ck_assert_msg(kalah_wave_front_make(w, n, p, f, &err) == KALAH_OK, "%s", err.message);
}

/* Written here from docs/egdb.md's formula, not the library's. */
static uint64_t binom(int n, int k)
{
    if (k < 0 || k > n)
        return 0;
    uint64_t c = 1;
    for (int i = 1; i <= k; i++)
        c = c * (uint64_t)(n - k + i) / (uint64_t)i;
    return c;
}

static uint64_t index_of(const uint8_t *a, int P)
{
    uint64_t idx = 0;
    int q = -1;
    for (int k = 1; k <= P; k++) {
        q += a[k - 1] + 1;
        idx += binom(q, k);
    }
    return idx;
}

/* Every position of levels 0..K of r in one wavefront of its level, once,
 * for one rank and, shared by three ranks of blocks of 2^bits, once in the
 * share of its owner; each share enumerated in two ranges of units gives
 * the same as in one. */
static void cover(const char *text, int K, int bits)
{
    kalah_rules r = rules(text);
    kalah_wave w;
    wave_ok(&w, &r, K);
    const int P = 2 * r.pits;
    uint64_t N = binom(K + P, P);
    uint8_t *seen = calloc(N, 1);
    ck_assert_ptr_nonnull(seen);
    kalah_wave_front f = {0};
    enum { MAX = 64 };
    uint64_t idx[MAX], idx2[MAX];
    uint8_t a[MAX][2 * KALAH_MAX_PITS], a2[MAX][2 * KALAH_MAX_PITS];
    for (int n = 0; n <= K; n++) {
        CHECK(kalah_wave_level_start(&w, n) == (n ? binom(n - 1 + P, P) : 0), "level %d", n);
        for (int p = kalah_wave_pot_hi(&w, n); p >= kalah_wave_pot_lo(&w, n); p--) {
            front_ok(&w, n, p, &f);
            uint64_t all = 0;
            for (int rank = -1; rank < 3; rank++) {
                kalah_wave_owner own = {rank < 0 ? 1 : 3, rank < 0 ? 0 : rank, bits};
                kalah_wave_cursor c, c1, c2;
                uint64_t mid = f.units / 3;
                kalah_wave_cursor_init(&c, &w, &f, 0, f.units, &own);
                kalah_wave_cursor_init(&c1, &w, &f, 0, mid, &own);
                kalah_wave_cursor_init(&c2, &w, &f, mid, f.units, &own);
                int got;
                while ((got = kalah_wave_next(&c, idx, a, MAX)) > 0) {
                    int got2 = 0;
                    while (got2 < got) {
                        int k = kalah_wave_next(&c1, idx2 + got2, a2 + got2, got - got2);
                        if (k == 0)
                            k = kalah_wave_next(&c2, idx2 + got2, a2 + got2, got - got2);
                        CHECK(k > 0, "%s (%d, %d): the ranges end early", text, n, p);
                        got2 += k;
                    }
                    for (int i = 0; i < got; i++) {
                        int stones = 0, pot = 0;
                        for (int k = 0; k < P; k++) {
                            stones += a[i][k];
                            pot += (k % r.pits + 1) * a[i][k];
                        }
                        CHECK(idx[i] == idx2[i] && !memcmp(a[i], a2[i], sizeof a[i]),
                              "%s (%d, %d): the ranges differ", text, n, p);
                        CHECK(idx[i] == index_of(a[i], P), "%s: index %llu, not %llu", text,
                              (unsigned long long)idx[i], (unsigned long long)index_of(a[i], P));
                        CHECK(stones == n && pot == p, "%s: %d stones, potential %d in (%d, %d)",
                              text, stones, pot, n, p);
                        CHECK(rank < 0 || (int)((idx[i] >> bits) % 3) == rank,
                              "%s: rank %d given %llu", text, rank, (unsigned long long)idx[i]);
                        seen[idx[i]] += rank < 0 ? 1 : 16;
                        all++;
                    }
                }
                CHECK(kalah_wave_next(&c1, idx2, a2, MAX) == 0 &&
                          kalah_wave_next(&c2, idx2, a2, MAX) == 0,
                      "%s (%d, %d): the ranges go on", text, n, p);
            }
            CHECK(all == 2 * f.positions, "%s (%d, %d): %llu of %llu", text, n, p,
                  (unsigned long long)all, (unsigned long long)f.positions);
        }
    }
    for (uint64_t i = 0; i < N; i++)
        CHECK(seen[i] == 17, "%s: index %llu seen %d", text, (unsigned long long)i, seen[i]);
    kalah_wave_front_free(&f);
    kalah_wave_free(&w);
    free(seen);
}

START_TEST(wavefronts_cover_each_level_once)
{
    cover("kalah-6-4", 7, 3);
    cover("kalah-3-4", 12, 5);
    cover("kalah-1-4", 8, 1);
    cover("kalah-12-2", 2, 4);
}
END_TEST

/* Levels solved wavefront by wavefront into values, as the build over MPI
 * does, against kalah_egdb_build: the same bytes. */
static void build_check(const char *text, int K)
{
    kalah_rules r = rules(text);
    kalah_wave w;
    wave_ok(&w, &r, K);
    const int P = 2 * r.pits;
    uint64_t N = binom(K + P, P);
    int8_t *v = malloc(N);
    ck_assert_ptr_nonnull(v);
    memset(v, INT8_MIN, N);
    kalah_wave_front f = {0};
    kalah_wave_owner own = {1, 0, 14};
    enum { MAX = 32 };
    uint64_t idx[MAX];
    uint8_t a[MAX][2 * KALAH_MAX_PITS];
    for (int n = 0; n <= K; n++)
        for (int p = kalah_wave_pot_hi(&w, n); p >= kalah_wave_pot_lo(&w, n); p--) {
            front_ok(&w, n, p, &f);
            kalah_wave_cursor c;
            kalah_wave_cursor_init(&c, &w, &f, 0, f.units, &own);
            int got;
            while ((got = kalah_wave_next(&c, idx, a, MAX)) > 0)
                for (int i = 0; i < got; i++) {
                    kalah_wave_node x;
                    int8_t child[KALAH_MAX_PITS];
                    kalah_wave_expand(&r, a[i], idx[i], &x);
                    for (int k = 0; k < x.n; k++) {
                        child[k] = x.ch[k].ended ? 0 : v[x.ch[k].idx];
                        CHECK(x.ch[k].ended || child[k] != INT8_MIN,
                              "%s: %llu reads %llu before it is solved", text,
                              (unsigned long long)idx[i], (unsigned long long)x.ch[k].idx);
                    }
                    CHECK(v[idx[i]] == INT8_MIN, "%s: %llu solved twice", text,
                          (unsigned long long)idx[i]);
                    v[idx[i]] = (int8_t)kalah_wave_finish(&x, child);
                }
        }
    kalah_egdb *db = NULL;
    kalah_error err = {.message = ""};
    ck_assert_msg(kalah_egdb_build(&r, K, 2, NULL, NULL, &db, &err) == KALAH_OK, "%s",
                  err.message);
    CHECK(db->positions == N, "%s: %llu positions", text, (unsigned long long)db->positions);
    for (uint64_t i = 0; i < N; i++)
        CHECK(v[i] == db->values[i], "%s: %llu is %+d, the builder says %+d", text,
              (unsigned long long)i, v[i], db->values[i]);
    kalah_egdb_free(db);
    kalah_wave_front_free(&f);
    kalah_wave_free(&w);
    free(v);
}

START_TEST(wavefronts_build_the_same_database)
{
    build_check("kalah-6-4", 9);
    build_check("kalah-6-4+empty", 9);
    build_check("kalah-4-4+mover", 12);
    build_check("kalah-3-3+empty+mover", 14);
}
END_TEST

/* A whole file's bytes (NULL when it cannot be read), its size in *n. */
static uint8_t *slurp(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    fseek(f, 0, SEEK_SET);
    uint8_t *d = malloc(len > 0 ? (size_t)len : 1);
    *n = d && fread(d, 1, (size_t)len, f) == (size_t)len ? (size_t)len : 0;
    fclose(f);
    return d;
}

static int8_t byte_at(const char *path, long at)
{
    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    fseek(f, at, SEEK_SET);
    int c = fgetc(f);
    fclose(f);
    return (int8_t)c;
}

static void poke(const char *path, long at, int byte)
{
    FILE *f = fopen(path, "r+b");
    ck_assert_ptr_nonnull(f);
    fseek(f, at, SEEK_SET);
    fputc(byte, f);
    fclose(f);
}

/* A database written a level at a time into a partial file: after each
 * commit the file is the database of the levels so far (kalah_egdb_open
 * takes it, with its checksum), a level appended but not committed is
 * dropped on resuming, a damaged file is refused, and the finished file
 * is kalah_egdb_save's, byte for byte. The checksum a piece at a time is
 * the one of the whole. */
START_TEST(partial_files_hold_whole_levels)
{
    kalah_rules r = rules("kalah-4-3+empty");
    const int K = 9;
    kalah_egdb *db = NULL;
    kalah_error err = {.message = ""};
    ck_assert_msg(kalah_egdb_build(&r, K, 1, NULL, NULL, &db, &err) == KALAH_OK, "%s",
                  err.message);
    const uint8_t *v = (const uint8_t *)db->values;
    char dir[512], part[600], out[600], saved[600];
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/k61-partial-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(part, sizeof part, "%s/db.partial", dir);
    snprintf(out, sizeof out, "%s/db.egdb", dir);
    snprintf(saved, sizeof saved, "%s/saved.egdb", dir);
    kalah_egdb_partial f;
    ck_assert_msg(kalah_egdb_partial_create(&f, part, &r, &err) == KALAH_OK, "%s", err.message);
    kalah_egdb *o = NULL;
    CHECK(kalah_egdb_open(part, &r, &o, &err) == KALAH_ESYNTAX, "a partial file with no level "
          "opens as a database");
    uint64_t start = 0;
    bool crashed = false;
    for (int n = 0; n <= K; n++) {
        uint64_t end = kalah_egdb_positions(&r, n);
        /* In two pieces, the first of an odd length. */
        uint64_t mid = start + (end - start) / 3 * 2 + 1;
        mid = mid > end ? end : mid;
        ck_assert(kalah_egdb_partial_append(&f, v + start, mid - start, &err) == KALAH_OK);
        ck_assert(kalah_egdb_partial_append(&f, v + mid, end - mid, &err) == KALAH_OK);
        if (n == 5 && !crashed) { /* a level written, never committed: the process dies */
            crashed = true;
            kalah_egdb_partial_close(&f);
            ck_assert_msg(kalah_egdb_partial_resume(&f, part, &r, &err) == KALAH_OK, "%s",
                          err.message);
            CHECK(f.levels == 5 && f.committed == start && f.positions == start,
                  "resumed with %d levels, %llu values", f.levels,
                  (unsigned long long)f.positions);
            n--;
            continue;
        }
        ck_assert_msg(kalah_egdb_partial_commit(&f, n, &err) == KALAH_OK, "%s", err.message);
        start = end;
        ck_assert_msg(kalah_egdb_open(part, &r, &o, &err) == KALAH_OK, "level %d: %s", n,
                      err.message);
        kalah_egdb_info info;
        kalah_egdb_describe(o, &info);
        CHECK(info.max_stones == n && info.positions == end, "level %d: %d stones, %llu", n,
              info.max_stones, (unsigned long long)info.positions);
        kalah_egdb_free(o);
    }
    uint8_t back[64];
    ck_assert(kalah_egdb_partial_read(&f, 1000, back, sizeof back, &err) == KALAH_OK);
    CHECK(!memcmp(back, v + 1000, sizeof back), "read back other values");
    ck_assert_msg(kalah_egdb_partial_finish(&f, out, &err) == KALAH_OK, "%s", err.message);
    ck_assert_msg(kalah_egdb_save(db, saved, &err) == KALAH_OK, "%s", err.message);
    size_t n1 = 0, n2 = 0;
    uint8_t *d1 = slurp(out, &n1), *d2 = slurp(saved, &n2);
    CHECK(d1 && d2 && n1 == n2 && n1 > 64 && !memcmp(d1, d2, n1), "the partial file finished "
          "is not kalah_egdb_save's (%zu and %zu bytes)", n1, n2);
    free(d1);
    free(d2);
    struct stat sb;
    CHECK(stat(part, &sb) != 0, "the partial file is still there");
    /* Damaged: one value, then the header; other rules. */
    int8_t was = byte_at(out, 64 + 777);
    poke(out, 64 + 777, was ^ 2);
    CHECK(kalah_egdb_partial_resume(&f, out, &r, &err) == KALAH_ESYNTAX &&
              strstr(err.message, "checksum"), "a changed value: %s", err.message);
    poke(out, 64 + 777, was);
    ck_assert_msg(kalah_egdb_partial_resume(&f, out, &r, &err) == KALAH_OK, "%s", err.message);
    CHECK(f.levels == K + 1, "%d levels", f.levels);
    kalah_egdb_partial_close(&f);
    poke(out, 20, K - 1);
    CHECK(kalah_egdb_partial_resume(&f, out, &r, &err) == KALAH_ESYNTAX, "a changed header");
    poke(out, 20, K);
    kalah_rules other = rules("kalah-4-3");
    CHECK(kalah_egdb_partial_resume(&f, out, &other, &err) == KALAH_EINVAL &&
              strstr(err.message, "other rules"), "other rules: %s", err.message);
    kalah_egdb_sum s;
    kalah_egdb_sum_init(&s);
    for (uint64_t i = 0; i < db->positions; i += 3)
        kalah_egdb_sum_add(&s, v + i, db->positions - i < 3 ? db->positions - i : 3);
    CHECK(kalah_egdb_sum_value(&s) == db->checksum, "the checksum in pieces of 3 differs");
    unlink(out);
    unlink(saved);
    rmdir(dir);
    kalah_egdb_free(db);
}
END_TEST

Suite *egdb_wave_suite(void)
{
    Suite *s = suite_create("egdb_wave");
    TCase *tc = tcase_create("wave");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, wavefronts_cover_each_level_once);
    tcase_add_test(tc, wavefronts_build_the_same_database);
    tcase_add_test(tc, partial_files_hold_whole_levels);
    suite_add_tcase(s, tc);
    return s;
}
