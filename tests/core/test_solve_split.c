/* The search split at a frontier (kalah_solve_split.h, what the search over
 * MPI runs on its first rank) and the solver's runs with a window, against
 * the brute force of test_solve.c: the leaves' tests are answered here by a
 * solver in the order a pool of workers might finish them (at random), some
 * dropped half-way, and the root's value, best move and every root move's
 * value must be the brute force's. */
#include "core_tests.h"
#include "kalah.h"
#include "kalah_search.h"
#include "kalah_solve.h"
#include "kalah_solve_split.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        if (!(cond))                                                                               \
            ck_abort_msg(__VA_ARGS__);                                                             \
    } while (0)

#define TT_SMALL ((size_t)1 << 20)

static kalah_rules rules(const char *text)
{
    kalah_rules r;
    kalah_error err;
    ck_assert_msg(kalah_rules_parse(text, &r, &err) == KALAH_OK, "%s: %s", text, err.message);
    return r;
}

/* Every rule set the solver serves: standard with each option, and relay. */
static const char *const boards[] = {"kalah-4-3", "kalah-3-3+empty", "kalah-4-2+mover",
                                     "kalah-3-3+decided", "kalah-4-2+empty+mover",
                                     "relay-4-2", "kalah-5-2"};

/* The leaf tests of t answered by s, one at a time, each picked at random
 * among those listed; one in five is stopped after a few nodes and gives
 * only what it proved by then. Returns the tests run. */
static int drive(kalah_split *t, kalah_solver *s, const kalah_rules *r, kalah_rng *g)
{
    kalah_split_job jobs[256];
    int runs = 0, n;
    while ((n = kalah_split_needed(t, jobs, 256)) > 0) {
        CHECK(runs < 100000, "the split never ends");
        const kalah_split_job *j = &jobs[kalah_rng_below(g, n)];
        CHECK(j->leaf >= 0 && j->leaf < kalah_split_leaves(t), "leaf %d of %d", j->leaf,
              kalah_split_leaves(t));
        bool cut = kalah_rng_below(g, 5) == 0;
        kalah_solve_limits lim = {.window = true, .alpha = j->beta - 1, .beta = j->beta,
                                  .max_nodes = cut ? 1 + (uint64_t)kalah_rng_below(g, 200) : 0};
        kalah_solution sol = solve_ok(s, r, &j->pos, false, &lim);
        CHECK(sol.lower <= sol.upper, "%s: bounds [%+d, %+d]", solve_show(r, &j->pos),
              sol.lower, sol.upper);
        CHECK(cut || sol.lower >= j->beta || sol.upper < j->beta,
              "%s: the test >= %+d is not decided: [%+d, %+d]", solve_show(r, &j->pos), j->beta,
              sol.lower, sol.upper);
        kalah_split_learn(t, j->leaf, sol.lower, sol.upper,
                          sol.lower >= j->beta ? sol.move : 0);
        runs++;
    }
    return runs;
}

/* p split into about leaves leaves, with and without all, against brute
 * force. */
static void split_check(kalah_solver *s, oracle *b, const kalah_rules *r, const kalah_pos *p,
                        const kalah_egdb *db, int leaves, kalah_rng *g)
{
    const char *text = solve_show(r, p);
    int want = oracle_value(b, p);
    int moves[KALAH_MAX_PITS], n = kalah_moves(r, p, moves);
    for (int all = 0; all < 2; all++) {
        kalah_split *t = NULL;
        kalah_error err = {.message = ""};
        ck_assert_msg(kalah_split_new(r, p, all, db, leaves, &t, &err) == KALAH_OK, "%s: %s",
                      text, err.message);
        drive(t, s, r, g);
        kalah_solution sol;
        kalah_split_solution(t, &sol);
        CHECK(sol.exact && sol.value == want && sol.lower == want && sol.upper == want,
              "%s all=%d leaves %d (%d): %+d [%+d, %+d] exact %d, brute force %+d", text, all,
              leaves, kalah_split_leaves(t), sol.value, sol.lower, sol.upper, (int)sol.exact,
              want);
        CHECK(sol.count == n, "%s: %d moves, %d legal", text, sol.count, n);
        CHECK(oracle_after(b, p, sol.move) == want, "%s all=%d leaves %d: pit %d is worth %+d, "
              "the best %+d", text, all, leaves, sol.move, oracle_after(b, p, sol.move), want);
        for (int k = 0; all && k < n; k++) {
            int v = oracle_after(b, p, moves[k]);
            CHECK(sol.moves[k] == moves[k] && sol.exacts[k] && sol.values[k] == v &&
                      sol.lowers[k] == v && sol.uppers[k] == v,
                  "%s pit %d: %+d [%+d, %+d], brute force %+d", text, moves[k], sol.values[k],
                  sol.lowers[k], sol.uppers[k], v);
        }
        kalah_split_free(t);
    }
}

START_TEST(split_matches_brute_force)
{
    kalah_rng g = kalah_rng_seed(3600 + (uint64_t)_i);
    const int leaves[] = {1, 3, 10, 40, 150};
    int checked = 0;
    for (size_t k = 0; k < sizeof boards / sizeof boards[0]; k++) {
        kalah_rules r = rules(boards[k]);
        oracle *b = oracle_new(&r);
        kalah_solver *s = solver_ok(&r, TT_SMALL, 1 + _i, 0, NULL);
        for (int i = 0; i < 20; i++) {
            kalah_pos p = solve_random_pos(&r, &g, 6, 13);
            if (kalah_over(&r, &p))
                continue;
            split_check(s, b, &r, &p, NULL, leaves[i % 5], &g);
            checked++;
            if (i % 4 == 3)
                kalah_solver_clear(s);
        }
        kalah_solver_free(s);
        oracle_free(b);
    }
    ck_assert_int_gt(checked, 60);
}
END_TEST

/* With a database the tree's positions it holds are valued on the spot (the
 * root too: then its best move comes from its children). */
START_TEST(split_with_a_database)
{
    kalah_rng g = kalah_rng_seed(36);
    const char *const names[] = {"kalah-4-3", "kalah-4-3+empty"};
    for (int k = 0; k < 2; k++) {
        kalah_rules r = rules(names[k]);
        kalah_egdb *db = NULL;
        kalah_error err = {.message = ""};
        ck_assert_msg(kalah_egdb_build(&r, 9, 1, NULL, NULL, &db, &err) == KALAH_OK, "%s",
                      err.message);
        oracle *b = oracle_new(&r);
        kalah_solver *s = solver_ok(&r, TT_SMALL, 1, 0, db);
        for (int i = 0; i < 24; i++) {
            kalah_pos p = solve_random_pos(&r, &g, i < 6 ? 2 : 10, i < 6 ? 9 : 14);
            if (!kalah_over(&r, &p))
                split_check(s, b, &r, &p, db, 1 + i % 20, &g);
        }
        kalah_solver_free(s);
        oracle_free(b);
        kalah_egdb_free(db);
    }
}
END_TEST

/* A run with a window proves what it was asked and no less; the first test
 * is at beta. */
START_TEST(window_runs_decide_their_test)
{
    kalah_rng g = kalah_rng_seed(61);
    for (size_t k = 0; k < sizeof boards / sizeof boards[0]; k++) {
        kalah_rules r = rules(boards[k]);
        oracle *b = oracle_new(&r);
        kalah_solver *s = solver_ok(&r, TT_SMALL, 1, 0, NULL);
        for (int i = 0; i < 40; i++) {
            kalah_pos p = solve_random_pos(&r, &g, 2, 14);
            if (kalah_over(&r, &p))
                continue;
            int want = oracle_value(b, &p), total = kalah_rules_total(&r);
            int alpha = -total + kalah_rng_below(&g, 2 * total + 1);
            int beta = alpha + 1 + kalah_rng_below(&g, 3);
            kalah_solve_limits lim = {.window = true, .alpha = alpha, .beta = beta};
            kalah_solution sol = solve_ok(s, &r, &p, false, &lim);
            const char *text = solve_show(&r, &p);
            CHECK(sol.stopped == KALAH_SOLVE_DONE, "%s: stopped %d", text, (int)sol.stopped);
            CHECK(sol.lower <= want && want <= sol.upper, "%s: [%+d, %+d] misses %+d", text,
                  sol.lower, sol.upper, want);
            CHECK(sol.upper <= alpha || sol.lower >= beta || sol.lower == sol.upper,
                  "%s: window (%+d, %+d) not decided by [%+d, %+d]", text, alpha, beta,
                  sol.lower, sol.upper);
            CHECK(sol.exact == (sol.lower == sol.upper), "%s: exact %d for [%+d, %+d]", text,
                  (int)sol.exact, sol.lower, sol.upper);
            if (sol.lower >= beta && sol.lower > -total)
                CHECK(oracle_after(b, &p, sol.move) >= sol.lower,
                      "%s: pit %d is worth %+d, below the bound %+d", text, sol.move,
                      oracle_after(b, &p, sol.move), sol.lower);
        }
        kalah_solver_free(s);
        oracle_free(b);
    }
}
END_TEST

Suite *solve_split_suite(void)
{
    Suite *s = suite_create("solve_split");
    TCase *tc = tcase_create("split");
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, split_matches_brute_force, 0, 2); /* one thread, two */
    suite_add_tcase(s, tc);
    tc = tcase_create("database");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, split_with_a_database);
    suite_add_tcase(s, tc);
    tc = tcase_create("window");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, window_runs_decide_their_test);
    suite_add_tcase(s, tc);
    return s;
}
