/* The players: the gods' scores worked out by hand from the seed's weights
 * (docs/puluk.md, "The gods"), Centeotl's memory, expectimax, the perfect
 * player, and games between them. */
#include "puluk_tests.h"

#include <math.h>
#include <string.h>

/* The god's scores of the moves of text, in puluk_moves' order. */
static void scores_are(const char *text, const puluk_weights *w, int expect, const int *moves,
                       const int64_t *want, int n)
{
    puluk_rules r;
    puluk_pos p = pos_of(text, &r);
    int got_moves[PULUK_MAX_MOVES];
    int64_t got[PULUK_MAX_MOVES];
    ck_assert_int_eq(puluk_god_scores(&r, &p, w, expect, got_moves, got), n);
    for (int i = 0; i < n; i++) {
        ck_assert_int_eq(got_moves[i], moves[i]);
        ck_assert_msg(got[i] == want[i], "%s move %d: %lld, expected %lld", text, moves[i],
                      (long long)got[i], (long long)want[i]);
    }
}

static int choice(const char *text, const puluk_weights *w, int expect)
{
    puluk_rules r;
    puluk_pos p = pos_of(text, &r);
    return puluk_god_choose(&r, &p, w, expect);
}

START_TEST(weights_decide)
{
    /* White throws 2: the piece on 5 carries a prisoner to 7; the one on 1
     * takes the black piece on 3; or a new piece comes out to 2. */
    const char *pos = "puluk:W2:3,w,-,b,-,wb,-,-,-,-,3";
    const int moves[] = {5, 1, 0};
    /* Quetzalcoatl: carrying 1 prisoner, (0 + 1) * 1.5 = 1.5; a capture of
     * 1, (0 + 1) * 1.1 = 1.1; nothing, 0. */
    const int64_t q[] = {15000, 11000, 0};
    scores_are(pos, &puluk_quetzalcoatl, 0, moves, q, 3);
    ck_assert_int_eq(choice(pos, &puluk_quetzalcoatl, 0), 5);
    /* Camaxtli: carrying 1.1, the capture 2.0: it takes the prisoner. */
    const int64_t c[] = {11000, 20000, 0};
    scores_are(pos, &puluk_camaxtli, 0, moves, c, 3);
    ck_assert_int_eq(choice(pos, &puluk_camaxtli, 0), 1);
}
END_TEST

START_TEST(seed_formula)
{
    /* The seed's calcInitialScores: a column reaching the town scores
     * (1 + its prisoners) * the HOME weight: the seed's situation with 2,
     * the column on 8 with one prisoner: (1 + 1) * 1.0 = 2.0; the capture on
     * 5: 1.1; the new piece 0. */
    const char *pos = "puluk:W2:2,-,-,w,-,b,-,-,wb,-,3";
    const int moves[] = {8, 3, 0};
    const int64_t q[] = {20000, 11000, 0};
    scores_are(pos, &puluk_quetzalcoatl, 0, moves, q, 3);
    /* Camaxtli: 2.0 and 2.0: the tie goes to the first in the order, the
     * piece nearest the far town. */
    const int64_t c[] = {20000, 20000, 0};
    scores_are(pos, &puluk_camaxtli, 0, moves, c, 3);
    ck_assert_int_eq(choice(pos, &puluk_camaxtli, 0), 8);
    /* Every term at once: the column on 2 with a prisoner takes the black
     * piece on 4, which holds a white one. Quetzalcoatl: capture
     * (0 + 1) * 1.1 = 1.1; release (1.1 + 1) * 1.1 = 2.31; carry
     * (2.31 + 1) * 1.5 = 4.965. Camaxtli: 2.0; (2 + 1) * 1.1 = 3.3;
     * (3.3 + 1) * 1.1 = 4.73. */
    const char *all = "puluk:W2:3,-,wb,-,bw,-,-,-,-,-,3";
    const int m2[] = {2}; /* a new piece would land on 2 */
    const int64_t q2[] = {49650}, c2[] = {47300};
    scores_are(all, &puluk_quetzalcoatl, 0, m2, q2, 1);
    scores_are(all, &puluk_camaxtli, 0, m2, c2, 1);
}
END_TEST

START_TEST(centeotl_memory)
{
    /* The seed's example: after 5, 5, 4, 3, 2, 3 it expects a 1. Owed:
     * 6 * p - seen = 1.5 for 1 (none seen), 2.25 - 1 = 1.25 for 2, less for
     * the others. */
    puluk_rules r = puluk_rules_default();
    puluk_memory m = {0};
    const int seen[] = {5, 5, 4, 3, 2, 3};
    for (int i = 0; i < 6; i++)
        puluk_memory_add(&m, seen[i]);
    ck_assert_int_eq(puluk_expected_throw(&r, &m), 1);
    /* Nothing remembered: the likeliest, 2. */
    puluk_memory none = {0};
    ck_assert_int_eq(puluk_expected_throw(&r, &none), 2);
    /* Six throws are kept: a seventh pushes out the oldest. After 1, 1, 1,
     * 1, 3, 3: owed 1.5 - 4, 2.25, 1.5 - 2, 0.375, 0.375: a 2. */
    const int more[] = {1, 1, 1, 1, 3, 3};
    for (int i = 0; i < 6; i++)
        puluk_memory_add(&m, more[i]);
    ck_assert_int_eq(m.n, 6);
    ck_assert_int_eq(puluk_expected_throw(&r, &m), 2);
    /* Only 4 and 5 remembered: owed 0.5 each for 1 and 3, 0.75 for 2. */
    puluk_memory two = {0};
    puluk_memory_add(&two, 4);
    puluk_memory_add(&two, 5);
    ck_assert_int_eq(puluk_expected_throw(&r, &two), 2);
}
END_TEST

START_TEST(centeotl_saves)
{
    /* White throws 2. The black piece on 3 takes White's piece on 2 with a
     * 1. Expecting a 1, Centeotl moves the piece on 2 out of reach (to 4):
     * one piece saved, (0 + 1) * 3.0. Quetzalcoatl sees nothing and plays
     * the first move, the piece on 6. A new piece cannot come out: it
     * would land on 2. */
    const char *pos = "puluk:W2:3,-,w,b,-,-,w,-,-,-,4";
    const int moves[] = {6, 2}; /* a new piece would land on 2 */
    const int64_t c[] = {0, 30000};
    scores_are(pos, &puluk_centeotl, 1, moves, c, 2);
    ck_assert_int_eq(choice(pos, &puluk_centeotl, 1), 2);
    ck_assert_int_eq(choice(pos, &puluk_quetzalcoatl, 1), 6);
    /* Expecting a 2, nothing of White's is in reach (Black's new piece
     * comes out on 8): moving 6 to 8 puts a piece in reach, which is no
     * save; all score 0 and the first move is played. */
    const int64_t c2[] = {0, 0};
    scores_are(pos, &puluk_centeotl, 2, moves, c2, 2);
    ck_assert_int_eq(choice(pos, &puluk_centeotl, 2), 6);
    /* Through puluk_choose, the memory decides. */
    puluk_rules r;
    puluk_pos p = pos_of(pos, &r);
    puluk_player pl;
    ck_assert_int_eq(puluk_player_parse("centeotl", &pl, NULL), KALAH_OK);
    puluk_memory m = {0};
    const int seen[] = {5, 5, 4, 3, 2, 2}; /* this throw, 2, last */
    for (int i = 0; i < 6; i++)
        puluk_memory_add(&m, seen[i]);
    puluk_choice ch;
    ck_assert_int_eq(puluk_choose(&r, &p, &pl, &m, NULL, &ch, NULL), KALAH_OK);
    ck_assert_int_eq(ch.move, 2);
    ck_assert_double_eq(ch.value, 3.0);
}
END_TEST

START_TEST(players_parse)
{
    puluk_player pl;
    kalah_error err;
    ck_assert_int_eq(puluk_player_parse("expectimax-3", &pl, NULL), KALAH_OK);
    ck_assert_int_eq(pl.algo, PULUK_EXPECTIMAX);
    ck_assert_int_eq(pl.depth, 3);
    ck_assert_int_eq(puluk_player_parse("camaxtli", &pl, NULL), KALAH_OK);
    ck_assert_int_eq(pl.weights.capture, 20);
    ck_assert_int_eq(puluk_player_parse("expectimax-9", &pl, &err), KALAH_ESYNTAX);
    ck_assert(strstr(err.message, "1..6"));
    ck_assert_int_eq(puluk_player_parse("zeus", &pl, &err), KALAH_ESYNTAX);
    ck_assert(strstr(err.message, "quetzalcoatl"));
    /* perfect without its table is refused when it must move. */
    ck_assert_int_eq(puluk_player_parse("perfect", &pl, NULL), KALAH_OK);
    puluk_rules r = puluk_rules_default();
    puluk_pos p = puluk_start(&r);
    p.thrown = 3;
    puluk_choice ch;
    ck_assert_int_eq(puluk_choose(&r, &p, &pl, NULL, NULL, &ch, &err), KALAH_EINVAL);
}
END_TEST

START_TEST(expectimax_search)
{
    puluk_rules r;
    /* A capture of Black's last free piece wins at once: value 1 at any
     * depth, and chosen. */
    puluk_pos p = pos_of("puluk:W2:3,-,-,w,-,b,-,-,-,-,0", &r);
    for (int d = 1; d <= 3; d++) {
        puluk_player pl = {.algo = PULUK_EXPECTIMAX, .depth = d};
        puluk_choice ch;
        ck_assert_int_eq(puluk_choose(&r, &p, &pl, NULL, NULL, &ch, NULL), KALAH_OK);
        ck_assert_int_eq(ch.move, 3);
        ck_assert_double_eq(ch.value, 1);
    }
    /* Nodes: depth 1 generates the moves; depth 2 also every child's
     * moves for every throw. From the start with 3: one move (h); then Black
     * has one move for each of five throws: 1 + 5. */
    p = puluk_start(&r);
    p.thrown = 3;
    uint64_t nodes = 0;
    puluk_expectimax(&r, &p, 1, &nodes);
    ck_assert_uint_eq(nodes, 1);
    nodes = 0;
    double v = puluk_expectimax(&r, &p, 2, &nodes);
    ck_assert_uint_eq(nodes, 6);
    ck_assert(v > 0 && v < 1);
    /* The evaluation: equal material is 1/2; a finished game 0. */
    p = puluk_start(&r);
    ck_assert_double_eq(puluk_eval(&r, &p), 0.5);
    p = pos_of("puluk:B:3,-,-,-,-,wb,-,-,-,-,0", &r);
    ck_assert_double_eq(puluk_eval(&r, &p), 0);
}
END_TEST

START_TEST(perfect_follows_the_table)
{
    puluk_rules r;
    ck_assert_int_eq(puluk_rules_parse("puluk-5-3", &r, NULL), KALAH_OK);
    puluk_table *t;
    ck_assert_int_eq(puluk_solve(&r, NULL, &t, NULL, NULL), KALAH_OK);
    puluk_player pl = {.algo = PULUK_PERFECT, .table = t};
    kalah_rng g = kalah_rng_seed(2);
    for (int k = 0; k < 300; k++) {
        puluk_pos p = random_pos(&r, &g, kalah_rng_below(&g, 60));
        if (puluk_over(&r, &p))
            continue;
        p.thrown = (uint8_t)puluk_throw_random(&r, &g);
        puluk_choice ch;
        ck_assert_int_eq(puluk_choose(&r, &p, &pl, NULL, NULL, &ch, NULL), KALAH_OK);
        ck_assert_double_eq(ch.value, puluk_table_value(t, &p));
        puluk_pos c = p;
        puluk_play(&r, &c, ch.move, NULL, NULL);
        ck_assert_double_eq_tol(1 - puluk_table_value(t, &c), ch.value, 1e-15);
    }
    /* A table of other rules is refused. */
    puluk_rules other = r;
    other.bias = 60;
    puluk_pos p = puluk_start(&other);
    p.thrown = 1;
    puluk_choice ch;
    ck_assert_int_eq(puluk_choose(&other, &p, &pl, NULL, NULL, &ch, NULL), KALAH_EINVAL);
    puluk_table_free(t);
}
END_TEST

/* First player's wins in n games of a against b on r. */
static int first_wins(const puluk_rules *r, const puluk_player *a, const puluk_player *b, int n,
                      uint64_t seed)
{
    puluk_player two[2] = {*a, *b};
    kalah_rng master = kalah_rng_seed(seed);
    puluk_pos start = puluk_start(r);
    int wins = 0;
    for (int g = 0; g < n; g++) {
        kalah_rng rng = kalah_rng_seed(kalah_rng_next(&master));
        puluk_outcome o;
        ck_assert_int_eq(puluk_play_game(r, &start, two, &rng, &o, NULL), KALAH_OK);
        ck_assert_int_ge(o.winner, 0); /* every game ends */
        wins += o.winner == PULUK_WHITE;
    }
    return wins;
}

START_TEST(games_against_the_solved_value)
{
    /* On puluk-5-3 (solved in milliseconds): perfect against itself wins as
     * first within three standard errors of the solved chance; against each
     * god it wins at least its solved chance in each seat (less three
     * standard errors), and more than half of the games. */
    puluk_rules r;
    ck_assert_int_eq(puluk_rules_parse("puluk-5-3", &r, NULL), KALAH_OK);
    puluk_table *t;
    ck_assert_int_eq(puluk_solve(&r, NULL, &t, NULL, NULL), KALAH_OK);
    puluk_pos start = puluk_start(&r);
    double v = puluk_table_value(t, &start);
    puluk_player perfect = {.algo = PULUK_PERFECT, .table = t};
    const int n = 2000;
    double se = sqrt(v * (1 - v) / n);
    int w = first_wins(&r, &perfect, &perfect, n, 1);
    ck_assert_msg(fabs((double)w / n - v) < 3 * se, "self-play %d of %d, solved %.4f", w, n, v);
    const char *gods[] = {"quetzalcoatl", "camaxtli", "centeotl", "random"};
    for (int k = 0; k < 4; k++) {
        puluk_player god;
        ck_assert_int_eq(puluk_player_parse(gods[k], &god, NULL), KALAH_OK);
        int first = first_wins(&r, &perfect, &god, n, 2);
        int second = n - first_wins(&r, &god, &perfect, n, 3);
        ck_assert_msg(first > (v - 3 * se) * n, "%s: perfect first %d", gods[k], first);
        ck_assert_msg(second > (1 - v - 3 * se) * n, "%s: perfect second %d", gods[k], second);
        ck_assert_msg(first + second > n, "%s: %d of %d", gods[k], first + second, 2 * n);
    }
    /* A search beats the random player (281 of 400 measured; 240 is ten
     * points, four standard errors, below). */
    puluk_player e2 = {.algo = PULUK_EXPECTIMAX, .depth = 2}, rnd = {.algo = PULUK_RANDOM};
    ck_assert_int_gt(first_wins(&r, &e2, &rnd, 400, 4), 240);
    puluk_table_free(t);
}
END_TEST

Suite *puluk_players_suite(void)
{
    Suite *s = suite_create("puluk_players");
    TCase *tc = tcase_create("players");
    tcase_add_test(tc, weights_decide);
    tcase_add_test(tc, seed_formula);
    tcase_add_test(tc, centeotl_memory);
    tcase_add_test(tc, centeotl_saves);
    tcase_add_test(tc, players_parse);
    tcase_add_test(tc, expectimax_search);
    tcase_add_test(tc, perfect_follows_the_table);
    tcase_add_test(tc, games_against_the_solved_value);
    suite_add_tcase(s, tc);
    return s;
}
