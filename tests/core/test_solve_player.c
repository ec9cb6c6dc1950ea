/*
 * The exact player (kalah_search / kalah_analyze with KALAH_EXACT) and the
 * level "strong", against the brute force of test_solve.c: the move it
 * picks is optimal, analyze's values are the proven margins, and a budget
 * that runs out gives estimates in stones but still a legal move.
 */
#include "core_tests.h"

#include <check.h>

START_TEST(exact_player_is_optimal)
{
    const char *names[] = {"kalah-4-3", "kalah-3-3+empty", "kalah-4-2+mover", "relay-3-3"};
    kalah_rng g = kalah_rng_seed(61);
    for (int b = 0; b < 4; b++) {
        kalah_rules r;
        ck_assert_int_eq(kalah_rules_parse(names[b], &r, NULL), KALAH_OK);
        oracle *o = oracle_new(&r);
        const kalah_player pl = {.algo = KALAH_EXACT}; /* no budget: to the end */
        for (int n = 0; n < 60; n++) {
            kalah_pos p = solve_random_pos(&r, &g, 2, 12);
            kalah_result res;
            ck_assert_int_eq(kalah_analyze(&r, &p, &pl, NULL, &res, NULL), KALAH_OK);
            if (kalah_over(&r, &p)) {
                ck_assert_int_eq(res.count, 0);
                continue;
            }
            int best = oracle_value(o, &p);
            for (int k = 0; k < res.count; k++)
                ck_assert_msg(res.values[k] == oracle_after(o, &p, res.moves[k]) * KALAH_TERMINAL,
                              "%s pit %d: %g", solve_show(&r, &p), res.moves[k], res.values[k]);
            ck_assert_int_eq(oracle_after(o, &p, res.move), best);
            kalah_result one;
            ck_assert_int_eq(kalah_search(&r, &p, &pl, NULL, &one, NULL), KALAH_OK);
            ck_assert_msg(oracle_after(o, &p, one.move) == best, "%s: move %d",
                          solve_show(&r, &p), one.move);
            ck_assert(one.value == best * KALAH_TERMINAL);
        }
        oracle_free(o);
    }
}
END_TEST

START_TEST(strong_level_with_budget)
{
    kalah_player pl;
    ck_assert_int_eq(kalah_player_parse("strong", 2, &pl, NULL), KALAH_OK);
    ck_assert_int_eq(pl.algo, KALAH_EXACT);
    ck_assert_int_eq(kalah_player_parse("exact:2000", 2, &pl, NULL), KALAH_OK);
    ck_assert(pl.algo == KALAH_EXACT && pl.nodes == 2000);
    char text[64];
    kalah_player_format(&pl, text, sizeof text);
    ck_assert_str_eq(text, "exact 2000 nodes");
    kalah_error err;
    ck_assert_int_ne(kalah_player_parse("exact:e2", 2, &pl, &err), KALAH_OK);
    /* Kalah(6,6) cannot be solved in 2000 nodes: an estimate in stones
     * (far below the scale of proven values) and a legal move. */
    ck_assert_int_eq(kalah_player_parse("exact:2000", 2, &pl, NULL), KALAH_OK);
    kalah_rules r = kalah_rules_default();
    kalah_pos p = kalah_start(&r);
    kalah_result res;
    ck_assert_int_eq(kalah_search(&r, &p, &pl, NULL, &res, NULL), KALAH_OK);
    ck_assert(res.move >= 1 && res.move <= 6);
    ck_assert(res.value > -72 && res.value < 72);
    ck_assert(res.nodes >= 2000 && res.nodes < 2000 + 16 * 4096);
}
END_TEST

Suite *solve_player_suite(void)
{
    Suite *s = suite_create("solve_player");
    TCase *t = tcase_create("player");
    tcase_set_timeout(t, 120);
    tcase_add_test(t, exact_player_is_optimal);
    tcase_add_test(t, strong_level_with_budget);
    suite_add_tcase(s, t);
    return s;
}
