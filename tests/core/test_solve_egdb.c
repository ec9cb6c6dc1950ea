/* The endgame database of kalah_solve.h: its probes against the brute force
 * of test_solve.c, in memory and mapped from a saved file, solvers with and
 * without it, damaged files, and the rules it refuses. No expected value
 * was taken from a run of the code under test. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp, lstat */
#include "core_tests.h"
#include "kalah.h"
#include "kalah_search.h"
#include "kalah_solve.h"
#include "move_check.h"

#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define TT_SMALL ((size_t)1 << 20)

static kalah_egdb *build_ok(const kalah_rules *r, int max_stones, int threads)
{
    kalah_egdb *db = NULL;
    kalah_error err = {.message = ""};
    kalah_status st = kalah_egdb_build(r, max_stones, threads, NULL, NULL, &db, &err);
    ck_assert_msg(st == KALAH_OK, "kalah_egdb_build: status %d: %s", (int)st, err.message);
    ck_assert_ptr_nonnull(db);
    return db;
}

static int in_play(const kalah_rules *r, const kalah_pos *p)
{
    return kalah_side_stones(r, p, 0) + kalah_side_stones(r, p, 1);
}

/* What the database must answer for p: the brute-force margin minus the
 * mover's store lead, when p has at most max_stones in play and goes on. */
static void check_probe(const kalah_egdb *db, oracle *b, const kalah_rules *r, const kalah_pos *p,
                        int max_stones)
{
    int gain = INT_MIN;
    bool hit = kalah_egdb_probe(db, p, &gain);
    if (in_play(r, p) > max_stones || kalah_over(r, p)) {
        CHECK(!hit, "%s: found in a database of %d stones", solve_show(r, p), max_stones);
        return;
    }
    int want = oracle_value(b, p) - (p->store[p->to_move] - p->store[p->to_move ^ 1]);
    CHECK(hit, "%s: not in a database of %d stones", solve_show(r, p), max_stones);
    CHECK(gain == want, "%s: gain %+d, brute force %+d", solve_show(r, p), gain, want);
}

/* The files of the tests go into a directory made by the test case's
 * unchecked set-up, in Check's parent process, whose tear-down removes it
 * even after a test crashed. Each test works in a directory of its own
 * inside, made by make_dir and removed by rm_dir, which also checks that
 * nothing but the expected files is left (kalah_egdb_save's temporary file
 * is renamed or removed). */
static char top_dir[512];

static void rm_tree(const char *dir, int *files, char *names, size_t size)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        struct stat sb;
        if (lstat(path, &sb) == 0 && S_ISDIR(sb.st_mode)) {
            rm_tree(path, NULL, NULL, 0);
            continue;
        }
        unlink(path);
        if (files) {
            ++*files;
            strncat(names, " ", size - strlen(names) - 1);
            strncat(names, e->d_name, size - strlen(names) - 1);
        }
    }
    closedir(d);
    rmdir(dir);
}

static void top_dir_make(void)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(top_dir, sizeof top_dir, "%s/kalah61_egdb_XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(top_dir))
        top_dir[0] = '\0';
}

static void top_dir_remove(void)
{
    if (top_dir[0])
        rm_tree(top_dir, NULL, NULL, 0);
}

static char *make_dir(void)
{
    static char dir[sizeof top_dir + 8]; /* top_dir, "/XXXXXX" */
    ck_assert_msg(top_dir[0], "no temporary directory");
    snprintf(dir, sizeof dir, "%s/XXXXXX", top_dir);
    ck_assert_ptr_nonnull(mkdtemp(dir));
    return dir;
}

static void rm_dir(const char *dir, int want_files)
{
    int files = 0;
    char names[512] = "";
    rm_tree(dir, &files, names, sizeof names);
    struct stat sb;
    ck_assert_msg(stat(dir, &sb) != 0, "%s is still there", dir);
    ck_assert_msg(files == want_files, "%d files left (%s), expected %d", files, names,
                  want_files);
}

static void save_ok(const kalah_egdb *db, const char *path)
{
    kalah_error err = {.message = ""};
    kalah_status st = kalah_egdb_save(db, path, &err);
    ck_assert_msg(st == KALAH_OK, "kalah_egdb_save %s: status %d: %s", path, (int)st,
                  err.message);
}

static kalah_egdb *open_ok(const char *path, const kalah_rules *r)
{
    kalah_egdb *db = NULL;
    kalah_error err = {.message = ""};
    kalah_status st = kalah_egdb_open(path, r, &db, &err);
    ck_assert_msg(st == KALAH_OK, "kalah_egdb_open %s: status %d: %s", path, (int)st,
                  err.message);
    ck_assert_ptr_nonnull(db);
    return db;
}

/* ---- which rules ------------------------------------------------------------------ */

START_TEST(applies_to_rules_without_decided)
{
    const char *yes[] = {"kalah-4-3", "kalah-6-6+empty", "kalah-6-4+mover",
                         "kalah-5-3+empty+mover"};
    const char *no[] = {"relay-6-3", "relay-4-2", "kalah-6-6+decided", "kalah-4-3+empty+decided",
                        "kalah-6-4+mover+decided"};
    for (size_t k = 0; k < sizeof yes / sizeof yes[0]; k++) {
        kalah_rules r = rules_of(yes[k]);
        ck_assert_msg(kalah_egdb_applies(&r), "%s", yes[k]);
    }
    for (size_t k = 0; k < sizeof no / sizeof no[0]; k++) {
        kalah_rules r = rules_of(no[k]);
        ck_assert_msg(!kalah_egdb_applies(&r), "%s", no[k]);
        kalah_egdb *db = NULL;
        kalah_error err = {.message = ""};
        ck_assert_msg(kalah_egdb_build(&r, 4, 1, NULL, NULL, &db, &err) != KALAH_OK,
                      "%s: built", no[k]);
        ck_assert_msg(err.message[0], "%s: no message", no[k]);
    }
    /* Sizes out of range. */
    kalah_rules r = rules_of("kalah-4-3");
    const int bad[][2] = {{-1, 1}, {KALAH_EGDB_MAX_STONES + 1, 1}, {4, KALAH_SOLVE_MAX_THREADS + 1},
                          {4, -1}};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        kalah_egdb *db = NULL;
        kalah_error err = {.message = ""};
        ck_assert_msg(kalah_egdb_build(&r, bad[k][0], bad[k][1], NULL, NULL, &db, &err) !=
                          KALAH_OK,
                      "max_stones %d threads %d: built", bad[k][0], bad[k][1]);
        ck_assert(err.message[0]);
    }
}
END_TEST

/* C(n, k), exactly, for small numbers. */
static uint64_t binom(int n, int k)
{
    uint64_t c = 1;
    for (int i = 1; i <= k; i++)
        c = c * (uint64_t)(n - k + i) / (uint64_t)i;
    return c;
}

START_TEST(positions_are_counted)
{
    /* One gain for each way of putting up to K stones into the 2m pits
     * (seen from the side to move): C(K + 2m, 2m). */
    const char *boards[] = {"kalah-4-3", "kalah-6-4+empty", "kalah-8-2+mover"};
    for (size_t b = 0; b < 3; b++) {
        kalah_rules r = rules_of(boards[b]);
        for (int k = 0; k <= 30; k += 3)
            ck_assert_msg(kalah_egdb_positions(&r, k) == binom(k + 2 * r.pits, 2 * r.pits),
                          "%s up to %d stones: %llu", boards[b], k,
                          (unsigned long long)kalah_egdb_positions(&r, k));
    }
}
END_TEST

/* ---- probes ------------------------------------------------------------------------- */

/* Databases built here, probed at random (and, for Kalah(4,3), at every
 * placement of up to 7 stones), then saved, mapped and probed again. */
static const struct {
    const char *rules;
    int max_stones, threads;
} dbs[] = {{"kalah-4-3", 10, 1},
           {"kalah-4-3+empty+mover", 10, 2},
           {"kalah-5-2+mover", 9, 1},
           {"kalah-6-3", 9, 2},
           {"kalah-6-3+empty", 9, 1}};
enum { N_DBS = sizeof dbs / sizeof dbs[0] };

/* Every placement of up to left stones in pits i.. of the board seen from
 * south (i < 2m), with the rest of the game's stones in the stores. */
static int every_placement(const kalah_egdb *db, oracle *b, const kalah_rules *r, kalah_pos *p,
                           int i, int left, int max_stones)
{
    if (i == 2 * r->pits) {
        int s = kalah_rules_total(r) - in_play(r, p);
        int n = 0;
        for (int side = 0; side < 2; side++) {
            p->to_move = (uint8_t)side;
            p->store[0] = (uint8_t)(s / 2);
            p->store[1] = (uint8_t)(s - s / 2);
            check_probe(db, b, r, p, max_stones);
            n++;
        }
        return n;
    }
    int n = 0;
    for (int k = 0; k <= left; k++) {
        p->pit[i / r->pits][i % r->pits] = (uint8_t)k;
        n += every_placement(db, b, r, p, i + 1, left - k, max_stones);
    }
    p->pit[i / r->pits][i % r->pits] = 0;
    return n;
}

static void check_info(const kalah_egdb *db, const kalah_rules *r, int max_stones, bool mapped)
{
    kalah_egdb_info info;
    memset(&info, 0x5a, sizeof info);
    kalah_egdb_describe(db, &info);
    ck_assert(info.mapped == mapped);
    ck_assert_int_eq(info.max_stones, max_stones);
    ck_assert_uint_eq(info.positions, kalah_egdb_positions(r, max_stones));
    ck_assert_uint_eq(info.bytes, info.positions); /* one byte each */
    ck_assert_int_eq(info.rules.pits, r->pits);
    ck_assert(info.rules.empty_capture == r->empty_capture && info.rules.end == r->end &&
              info.rules.variant == r->variant && !info.rules.stop_when_decided);
}

START_TEST(probes_match_brute_force)
{
    kalah_rules r = rules_of(dbs[_i].rules);
    const int max = dbs[_i].max_stones;
    kalah_egdb *db = build_ok(&r, max, dbs[_i].threads);
    check_info(db, &r, max, false);
    oracle *b = oracle_new(&r);
    enum { N = 2500 };
    kalah_pos *ps = malloc(N * sizeof *ps);
    ck_assert_ptr_nonnull(ps);
    kalah_rng g = kalah_rng_seed(300 + (uint64_t)_i);
    for (int k = 0; k < N; k++) {
        ps[k] = solve_random_pos(&r, &g, 0, max + 3);
        check_probe(db, b, &r, &ps[k], max);
    }
    if (r.pits == 4) {
        kalah_pos p;
        memset(&p, 0, sizeof p);
        ck_assert_int_eq(every_placement(db, b, &r, &p, 0, 7, max), 2 * (int)binom(15, 8));
    }

    /* Saved and mapped: the same answers, header and checksum. */
    char *dir = make_dir(), path[600];
    snprintf(path, sizeof path, "%s/%s.egdb", dir, dbs[_i].rules);
    save_ok(db, path);
    kalah_egdb *mapped = open_ok(path, &r);
    check_info(mapped, &r, max, true);
    kalah_egdb_info a, m;
    kalah_egdb_describe(db, &a);
    kalah_egdb_describe(mapped, &m);
    ck_assert_uint_eq(a.checksum, m.checksum);
    for (int k = 0; k < N; k++)
        check_probe(mapped, b, &r, &ps[k], max);
    kalah_egdb *any = open_ok(path, NULL); /* without rules to match */
    check_info(any, &r, max, true);
    /* Pinned (copied out of the mapping, by two threads, a chunk at a
     * time): the same answers. */
    kalah_error err = {.message = ""};
    ck_assert_msg(kalah_egdb_pin(any, 2, &err) == KALAH_OK, "kalah_egdb_pin: %s", err.message);
    kalah_egdb_info pin;
    kalah_egdb_describe(any, &pin);
    ck_assert(pin.pinned && pin.checksum == m.checksum && pin.positions == m.positions);
    for (int k = 0; k < N; k++)
        check_probe(any, b, &r, &ps[k], max);
    kalah_egdb_free(any);
    ck_assert_int_eq(kalah_egdb_pin(db, 1, &err), KALAH_OK); /* built in memory: nothing to do */

    /* Solvers with the database give the brute force's values, also on
     * positions with more stones than the database holds. */
    kalah_solver *with = solver_ok(&r, TT_SMALL, 1, 0, mapped);
    ck_assert(kalah_solver_memory(with) >= m.bytes);
    for (int k = 0; k < 100; k++) {
        kalah_pos p = solve_random_pos(&r, &g, max - 2, max + 3);
        solve_check(with, b, &r, &p);
    }
    kalah_solver_free(with);
    kalah_egdb_free(mapped);
    kalah_egdb_free(db);
    oracle_free(b);
    free(ps);
    rm_dir(dir, 1);
}
END_TEST

/* Databases built by one thread and by several hold the same values. */
START_TEST(threads_build_the_same)
{
    kalah_rules r = rules_of("kalah-6-3+mover");
    kalah_egdb *one = build_ok(&r, 7, 1), *three = build_ok(&r, 7, 3);
    kalah_egdb_info a, b;
    kalah_egdb_describe(one, &a);
    kalah_egdb_describe(three, &b);
    ck_assert_uint_eq(a.checksum, b.checksum);
    kalah_rng g = kalah_rng_seed(9);
    for (int k = 0; k < 5000; k++) {
        kalah_pos p = solve_random_pos(&r, &g, 0, 8);
        int x = INT_MIN, y = INT_MAX;
        bool hx = kalah_egdb_probe(one, &p, &x), hy = kalah_egdb_probe(three, &p, &y);
        CHECK(hx == hy && (!hx || x == y), "%s: %d %+d, %d %+d", solve_show(&r, &p), hx, x, hy, y);
    }
    kalah_egdb_free(one);
    kalah_egdb_free(three);
}
END_TEST

/* The root values of Kalah(6,3) (reference) with a database of 12 stones. */
START_TEST(solver_with_database_keeps_the_reference)
{
    kalah_rules r = rules_of("kalah-6-3");
    kalah_egdb *db = build_ok(&r, 12, 2);
    kalah_solver *s = solver_ok(&r, (size_t)16 << 20, 1, 0, db);
    solve_check_root_6_3(s);
    kalah_solver_free(s);
    /* ... and every move with the same values as a solver without it, on
     * positions too large for the brute force. */
    kalah_solver *with = solver_ok(&r, TT_SMALL, 2, 0, db);
    kalah_solver *without = solver_ok(&r, TT_SMALL, 1, 0, NULL);
    kalah_rng g = kalah_rng_seed(77);
    for (int k = 0; k < 40; k++) {
        kalah_pos p = solve_random_pos(&r, &g, 14, 20);
        kalah_solution x = solve_ok(with, &r, &p, true, NULL);
        kalah_solution y = solve_ok(without, &r, &p, true, NULL);
        CHECK(x.exact && y.exact && x.value == y.value && x.count == y.count, "%s: %+d and %+d",
              solve_show(&r, &p), x.value, y.value);
        for (int i = 0; i < x.count; i++)
            CHECK(x.values[i] == y.values[i], "%s pit %d: %+d with the database, %+d without",
                  solve_show(&r, &p), x.moves[i], x.values[i], y.values[i]);
    }
    kalah_solver_free(with);
    kalah_solver_free(without);
    kalah_egdb_free(db);
}
END_TEST

/* A database serves the rules it was built for with any stones per pit
 * (docs/egdb.md), and no other rules. */
START_TEST(solver_takes_matching_databases)
{
    kalah_rules r = rules_of("kalah-4-3");
    kalah_egdb *db = build_ok(&r, 6, 1);
    const char *other[] = {"kalah-4-3+empty", "kalah-4-3+mover", "kalah-5-3", "kalah-4-3+decided",
                           "relay-4-3"};
    for (size_t k = 0; k < sizeof other / sizeof other[0]; k++) {
        kalah_rules o = rules_of(other[k]);
        kalah_solve_config cfg = {.tt_bytes = TT_SMALL, .egdb = db};
        kalah_solver *s = NULL;
        kalah_error err = {.message = ""};
        ck_assert_msg(kalah_solver_new(&o, &cfg, &s, &err) != KALAH_OK, "%s: accepted", other[k]);
        ck_assert_msg(err.message[0], "%s: no message", other[k]);
    }
    kalah_solver_free(solver_ok(&r, TT_SMALL, 1, 0, db));
    const char *same[] = {"kalah-4-4", "kalah-4-1"};
    kalah_rng g = kalah_rng_seed(44);
    for (size_t k = 0; k < 2; k++) {
        kalah_rules o = rules_of(same[k]);
        kalah_solver *s = solver_ok(&o, TT_SMALL, 1, 0, db);
        oracle *b = oracle_new(&o);
        for (int i = 0; i < 100; i++) {
            kalah_pos p = solve_random_pos(&o, &g, 0, 10);
            solve_check(s, b, &o, &p);
        }
        oracle_free(b);
        kalah_solver_free(s);
    }
    kalah_egdb_free(db);
}
END_TEST

/* ---- progress ------------------------------------------------------------------------ */

typedef struct build_log {
    int calls, bad, stop_after, max_stones;
    uint64_t done, total;
} build_log;

static bool on_build(int level, int max_stones, uint64_t done, uint64_t total, void *ctx)
{
    build_log *log = ctx;
    log->calls++;
    if (level < 0 || level > log->max_stones || max_stones != log->max_stones || done > total ||
        done < log->done || (log->total && total != log->total))
        log->bad = log->bad ? log->bad : log->calls;
    log->done = done;
    log->total = total;
    return log->stop_after == 0 || log->calls < log->stop_after;
}

START_TEST(build_progress_and_stop)
{
    kalah_rules r = rules_of("kalah-6-3");
    build_log log = {.max_stones = 9};
    kalah_egdb *db = NULL;
    kalah_error err = {.message = ""};
    ck_assert_int_eq(kalah_egdb_build(&r, 9, 1, on_build, &log, &db, &err), KALAH_OK);
    ck_assert_msg(log.calls >= 1 && !log.bad, "%d reports, report %d wrong", log.calls, log.bad);
    ck_assert_uint_eq(log.total, kalah_egdb_positions(&r, 9));
    kalah_egdb_free(db);

    build_log stop = {.max_stones = 9, .stop_after = 1};
    db = NULL;
    ck_assert_int_eq(kalah_egdb_build(&r, 9, 2, on_build, &stop, &db, &err), KALAH_EINVAL);
    ck_assert(err.message[0]);
}
END_TEST

/* ---- damaged files -------------------------------------------------------------------- */

static void write_file(const char *path, const uint8_t *data, size_t n)
{
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(data, 1, n, f), n);
    ck_assert_int_eq(fclose(f), 0);
}

/* data[0..n) written to path must be refused as damaged. */
static void expect_damaged(const char *path, const uint8_t *data, size_t n, const char *what)
{
    write_file(path, data, n);
    kalah_rules r = rules_of("kalah-4-3");
    for (int with_rules = 0; with_rules < 2; with_rules++) {
        kalah_egdb *db = NULL;
        kalah_error err = {.message = ""};
        kalah_status st = kalah_egdb_open(path, with_rules ? &r : NULL, &db, &err);
        if (st == KALAH_OK)
            kalah_egdb_free(db);
        CHECK(st == KALAH_ESYNTAX, "%s: status %d (%s)", what, (int)st, err.message);
        CHECK(err.message[0], "%s: no message", what);
    }
}

START_TEST(damaged_files_are_refused)
{
    kalah_rules r = rules_of("kalah-4-3");
    kalah_egdb *db = build_ok(&r, 6, 1);
    char *dir = make_dir(), good[600], bad[600];
    snprintf(good, sizeof good, "%s/good.egdb", dir);
    snprintf(bad, sizeof bad, "%s/bad.egdb", dir);
    save_ok(db, good);
    kalah_egdb_free(db);
    kalah_egdb_free(open_ok(good, &r));

    FILE *f = fopen(good, "rb");
    ck_assert_ptr_nonnull(f);
    uint8_t *data = malloc(1 << 16);
    ck_assert_ptr_nonnull(data);
    size_t n = fread(data, 1, 1 << 16, f);
    fclose(f);
    uint8_t *copy = malloc(n + 1);
    ck_assert_ptr_nonnull(copy);
    /* The header (docs/egdb.md) is small: most of the file is values. */
    ck_assert_uint_gt(n, kalah_egdb_positions(&r, 6));
    ck_assert_uint_lt(n, kalah_egdb_positions(&r, 6) + 4096);

    /* One value changed: in the middle, and the last one. */
    const size_t at[] = {n / 2, n - 1};
    for (int k = 0; k < 2; k++) {
        memcpy(copy, data, n);
        copy[at[k]] ^= 0x01;
        expect_damaged(bad, copy, n, "a value changed");
    }
    /* Magic (the first 8 bytes) and version (the next one). */
    memcpy(copy, data, n);
    copy[0] ^= 0x20;
    expect_damaged(bad, copy, n, "magic");
    /* Short files, a byte too many, garbage. */
    expect_damaged(bad, data, n - 1, "one byte short");
    expect_damaged(bad, data, n / 2, "half");
    expect_damaged(bad, data, 8, "only the magic");
    expect_damaged(bad, data, 0, "empty");
    memcpy(copy, data, n);
    copy[n] = 0;
    expect_damaged(bad, copy, n + 1, "a byte past the end");
    kalah_rng g = kalah_rng_seed(1);
    for (size_t i = 0; i < n; i++)
        copy[i] = (uint8_t)kalah_rng_next(&g);
    expect_damaged(bad, copy, n, "garbage");
    expect_damaged(bad, (const uint8_t *)"hello, world\n", 13, "text");
    memcpy(copy, data, n);
    copy[8] = (uint8_t)(copy[8] + 1);
    expect_damaged(bad, copy, n, "version");

    /* The good file, opened for other rules, or missing. */
    const char *other[] = {"kalah-4-3+empty", "kalah-4-3+mover", "kalah-5-3", "kalah-4-3+decided",
                           "relay-4-3"};
    for (size_t k = 0; k < sizeof other / sizeof other[0]; k++) {
        kalah_rules o = rules_of(other[k]);
        kalah_egdb *x = NULL;
        kalah_error err = {.message = ""};
        kalah_status st = kalah_egdb_open(good, &o, &x, &err);
        if (st == KALAH_OK)
            kalah_egdb_free(x);
        ck_assert_msg(st == KALAH_EINVAL && err.message[0], "%s: status %d", other[k], (int)st);
    }
    kalah_rules more = rules_of("kalah-4-5"); /* other stones per pit: fine */
    kalah_egdb_free(open_ok(good, &more));
    char missing[600];
    snprintf(missing, sizeof missing, "%s/missing.egdb", dir);
    kalah_egdb *x = NULL;
    kalah_error err = {.message = ""};
    ck_assert_int_eq(kalah_egdb_open(missing, &r, &x, &err), KALAH_EINVAL);
    ck_assert(err.message[0]);
    err.message[0] = '\0';
    ck_assert_int_eq(kalah_egdb_open(dir, &r, &x, &err), KALAH_EINVAL); /* a directory */
    ck_assert(err.message[0]);

    /* Saving where no file can be made. */
    db = build_ok(&r, 2, 1);
    err.message[0] = '\0';
    snprintf(missing, sizeof missing, "%s/no/such/dir.egdb", dir);
    ck_assert_int_ne(kalah_egdb_save(db, missing, &err), KALAH_OK);
    ck_assert(err.message[0]);
    kalah_egdb_free(db);

    free(data);
    free(copy);
    rm_dir(dir, 2);
}
END_TEST

Suite *egdb_suite(void)
{
    Suite *s = suite_create("egdb");
    TCase *units = tcase_create("units");
    tcase_set_timeout(units, 300);
    tcase_add_test(units, applies_to_rules_without_decided);
    tcase_add_test(units, positions_are_counted);
    tcase_add_test(units, solver_takes_matching_databases);
    tcase_add_test(units, build_progress_and_stop);
    tcase_add_test(units, damaged_files_are_refused);
    tcase_add_unchecked_fixture(units, top_dir_make, top_dir_remove);
    suite_add_tcase(s, units);
    TCase *probes = tcase_create("probes");
    tcase_set_timeout(probes, 900);
    tcase_add_loop_test(probes, probes_match_brute_force, 0, N_DBS);
    tcase_add_test(probes, threads_build_the_same);
    tcase_add_test(probes, solver_with_database_keeps_the_reference);
    tcase_add_unchecked_fixture(probes, top_dir_make, top_dir_remove);
    suite_add_tcase(s, probes);
    return s;
}
