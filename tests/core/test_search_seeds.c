/* The seeds' searches as they are written: seed 003's alpha-beta, which cuts
 * off only where a node's side to move differs from its parent's, against
 * minimax and on a tree counted by hand; seed 000's order, ties to the pit
 * nearest the store; and values without a negative zero. Expected values
 * come from minimax (a different algorithm) or from hand computations in the
 * comments. */
#include "core_tests.h"
#include "kalah.h"
#include "kalah_search.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static kalah_pos pos_of(const char *text, kalah_rules *r)
{
    kalah_pos p;
    kalah_error err;
    ck_assert_msg(kalah_pos_parse(text, r, &p, &err) == KALAH_OK, "%s: %s", text, err.message);
    return p;
}

static kalah_result run(const kalah_rules *r, const kalah_pos *p, const kalah_player *pl,
                        bool analyze)
{
    kalah_result res;
    kalah_error err;
    kalah_status st = analyze ? kalah_analyze(r, p, pl, NULL, &res, &err)
                              : kalah_search(r, p, pl, NULL, &res, &err);
    CHECK(st == KALAH_OK, "%s", err.message);
    return res;
}

/* ---- seed 003's alpha-beta ------------------------------------------------- */

START_TEST(alphabeta003_agrees_with_minimax)
{
    const char *rule_sets[] = {"kalah-6-6", "kalah-6-4+empty", "kalah-4-3+mover",
                               "kalah-6-3+decided", "relay-6-3"};
    kalah_rng g = kalah_rng_seed(303);
    for (size_t rs = 0; rs < sizeof rule_sets / sizeof rule_sets[0]; rs++) {
        kalah_rules r;
        kalah_error err;
        ck_assert(kalah_rules_parse(rule_sets[rs], &r, &err) == KALAH_OK);
        for (int n = 0; n < 200;) {
            kalah_pos p = kalah_random_opening(&r, kalah_rng_below(&g, 40), &g);
            if (kalah_over(&r, &p))
                continue;
            n++;
            for (int depth = 1; depth <= (n % 4 ? 4 : 6); depth++)
                for (int e = KALAH_E1; e <= KALAH_E3; e++) {
                    kalah_player mm = {.algo = KALAH_MINIMAX, .eval = (kalah_eval_id)e,
                                       .depth = depth};
                    kalah_player s3 = mm;
                    s3.algo = KALAH_ALPHABETA003;
                    kalah_result want = run(&r, &p, &mm, false), got = run(&r, &p, &s3, false),
                                 an = run(&r, &p, &s3, true);
                    CHECK(got.move == want.move && got.value == want.value &&
                              an.move == want.move && an.value == want.value,
                          "%s E%d depth %d: alphabeta003 pit %d (%.17g), analyze pit %d, "
                          "minimax pit %d (%.17g)",
                          solve_show(&r, &p), e + 1, depth, got.move, got.value, an.move, want.move,
                          want.value);
                    CHECK(got.nodes <= want.nodes && an.nodes <= want.nodes,
                          "%s depth %d: %llu nodes, minimax %llu", solve_show(&r, &p), depth,
                          (unsigned long long)got.nodes, (unsigned long long)want.nodes);
                    for (int k = 0; k < want.count; k++)
                        CHECK(an.values[k] == want.values[k] &&
                                  got.values[k] >= want.values[k] && got.values[k] <= got.value,
                              "%s E%d depth %d pit %d: analyze %.17g, search %.17g, minimax "
                              "%.17g",
                              solve_show(&r, &p), e + 1, depth, want.moves[k], an.values[k],
                              got.values[k], want.values[k]);
                }
        }
    }
}
END_TEST

/*
 * kalah-3-2:S:1,0,2/3:2,2,0/2, depth 3, E1, counted by hand.
 * Root R (South, max): pit 1 sows S2, empty, facing N2's 2: a capture of 3,
 * store 6 -> A = S 0,0,2/6 N 2,0,0/2, North to move; pit 3 sows the store and
 * N1 -> B = S 1,0,0/4 N 3,2,0/2, North to move. Minimax:
 *   A (min): only N1 (2): N2, N3 (no capture: S1 is empty) -> A1, South to
 *     move, S 0,0,2/6 N 0,1,1/2. A1: only S3: store, N1 -> South's side is
 *     empty: game over, North adds 3: 7 - 5 = +2 -> A = +2 (4 nodes: R A A1
 *     A1a).
 *   B (min): N1 (3): N2, N3, store, extra turn -> B1 = N 0,3,1/3; N2 (2):
 *     N3, store, extra turn -> B2 = N 3,0,1/3 (South 1,0,0/4 in both).
 *     B1: N2 (3): N3, store, S1 -> 4 - 4 = 0; N3 (1): store -> 0.
 *     B2: N1 (3): N2, N3, store -> 0; N3 (1): store -> 0. B = 0.
 *   Minimax: 1 + 3 + (1 + 3 + 3) = 11 nodes; pit 1, +2.
 * Seed 003: after A, alpha = +2. B is a min node under a max node: it may cut.
 * B1 is a min node under a min node (North's extra turn): it may not, so it
 * tries N3 after N2 gave 0 <= alpha. Back in B, 0 <= alpha: B cuts, B2 is
 * never generated. 4 + B + B1 + 2 = 8 nodes. (Cutting in B1 as well would
 * have made it 7.)
 */
START_TEST(alphabeta003_by_hand)
{
    kalah_rules r;
    kalah_pos p = pos_of("kalah-3-2:S:1,0,2/3:2,2,0/2", &r);
    kalah_player mm = {.algo = KALAH_MINIMAX, .eval = KALAH_E1, .depth = 3};
    kalah_player s3 = mm;
    s3.algo = KALAH_ALPHABETA003;
    kalah_result a = run(&r, &p, &mm, false), b = run(&r, &p, &s3, false);
    ck_assert_uint_eq(a.nodes, 11);
    ck_assert_uint_eq(b.nodes, 8);
    ck_assert_int_eq(b.move, 1);
    ck_assert(b.value == 2 * KALAH_TERMINAL);
    ck_assert(a.move == 1 && a.value == 2 * KALAH_TERMINAL);
}
END_TEST

START_TEST(alphabeta003_as_a_player)
{
    kalah_player pl;
    kalah_error err;
    ck_assert_int_eq(kalah_player_parse("alphabeta003:e1:8", 2, &pl, &err), KALAH_OK);
    ck_assert(pl.algo == KALAH_ALPHABETA003 && pl.eval == KALAH_E1 && pl.depth == 8);
    char buf[64];
    kalah_player_format(&pl, buf, sizeof buf);
    ck_assert_str_eq(buf, "alphabeta003 e1 depth 8");
    ck_assert_int_eq(kalah_player_parse("alphabeta003:0", 2, &pl, &err), KALAH_EINVAL);
}
END_TEST

/* ---- seed 000's order --------------------------------------------------------- */

/* The start of Kalah(6,4), depth 1, E1: pits 1 and 2 leave the stores at 0;
 * pit 3 (4 stones) ends in the store, pits 4, 5, 6 pass it: +1 each. The
 * lowest of the tied pits is 3, the one nearest the store 6. */
START_TEST(ties_to_the_store)
{
    kalah_rules r;
    kalah_pos p = pos_of("kalah-6-4", &r);
    const char *algos[] = {"minimax", "negamax", "alphabeta", "alphabeta003"};
    for (int a = 0; a < 4; a++)
        for (int analyze = 0; analyze < 2; analyze++) {
            char spec[64];
            kalah_player pl;
            kalah_error err;
            snprintf(spec, sizeof spec, "%s:e1:1", algos[a]);
            ck_assert_int_eq(kalah_player_parse(spec, 2, &pl, &err), KALAH_OK);
            ck_assert_int_eq(run(&r, &p, &pl, analyze).move, 3);
            snprintf(spec, sizeof spec, "%s:e1:1:store", algos[a]);
            ck_assert_int_eq(kalah_player_parse(spec, 2, &pl, &err), KALAH_OK);
            ck_assert(pl.ties_to_store);
            kalah_result res = run(&r, &p, &pl, analyze);
            ck_assert_msg(res.move == 6 && res.value == 1, "%s: pit %d", spec, res.move);
        }
    /* The seed's levels take it too; their move is one of equal value. */
    const char *levels[] = {"level1", "level2", "level3"};
    for (int k = 0; k < 3; k++) {
        char spec[32];
        kalah_player plain, store;
        snprintf(spec, sizeof spec, "%s:store", levels[k]);
        ck_assert_int_eq(kalah_player_parse(levels[k], 2, &plain, NULL), KALAH_OK);
        ck_assert_int_eq(kalah_player_parse(spec, 2, &store, NULL), KALAH_OK);
        ck_assert(store.ties_to_store && !plain.ties_to_store && store.algo == plain.algo &&
                  store.depth == plain.depth && store.eval == plain.eval);
        char buf[80];
        kalah_player_format(&store, buf, sizeof buf);
        ck_assert_msg(strstr(buf, ", ties to the store") != NULL, "%s", buf);
    }
    kalah_error err;
    kalah_player pl;
    ck_assert_int_eq(kalah_player_parse("first:store", 2, &pl, &err), KALAH_EINVAL);
    ck_assert_int_eq(kalah_player_parse("strong:store", 2, &pl, &err), KALAH_EINVAL);
    ck_assert_int_ne(kalah_player_parse(":store", 2, &pl, &err), KALAH_OK);
}
END_TEST

/* ---- no negative zero ---------------------------------------------------------- */

/* Pits 1 and 2 of Kalah(6,4) at depth 1 leave the store difference at 0
 * (above): every algorithm says +0, which prints as +0.00, not -0.00. */
START_TEST(zero_is_positive)
{
    kalah_rules r;
    kalah_pos p = pos_of("kalah-6-4", &r);
    for (int a = KALAH_MINIMAX; a <= KALAH_ALPHABETA003; a++)
        for (int analyze = 0; analyze < 2; analyze++) {
            kalah_player pl = {.algo = (kalah_algo)a, .eval = KALAH_E1, .depth = 1};
            kalah_result res = run(&r, &p, &pl, analyze);
            for (int k = 0; k < 2; k++) {
                char text[16];
                snprintf(text, sizeof text, "%+.2f", res.values[k]);
                ck_assert_msg(res.values[k] == 0 && !signbit(res.values[k]),
                              "algorithm %d pit %d: %s", a, k + 1, text);
                ck_assert_str_eq(text, "+0.00");
            }
        }
}
END_TEST

Suite *search_seeds_suite(void)
{
    Suite *s = suite_create("search_seeds");
    TCase *tc = tcase_create("seeds");
    tcase_set_timeout(tc, 900);
    tcase_add_test(tc, alphabeta003_agrees_with_minimax);
    tcase_add_test(tc, alphabeta003_by_hand);
    tcase_add_test(tc, alphabeta003_as_a_player);
    tcase_add_test(tc, ties_to_the_store);
    tcase_add_test(tc, zero_is_positive);
    suite_add_tcase(s, tc);
    return s;
}
