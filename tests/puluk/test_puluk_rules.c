/* Every rule of seed 004 and every variant, on positions made by hand from
 * the seed's text (docs/puluk.md, "Rules"). Expected positions are written
 * out as the rules say they must be, not taken from the code. */
#include "puluk_tests.h"

#include <stdio.h>

#include <string.h>

/* Plays from in text and checks the position after it (and returns the
 * move's info). */
static puluk_move_info play_to(const char *text, int from, const char *want)
{
    puluk_rules r;
    puluk_pos p = pos_of(text, &r);
    puluk_move_info mi;
    kalah_error err = {0};
    ck_assert_msg(puluk_play(&r, &p, from, &mi, &err) == KALAH_OK, "%s, move %d: %s", text,
                  from, err.message);
    ck_assert_str_eq(text_of(&r, &p), want);
    return mi;
}

static void moves_are(const char *text, const int *want, int n)
{
    puluk_rules r;
    puluk_pos p = pos_of(text, &r);
    int moves[PULUK_MAX_MOVES], got = puluk_moves(&r, &p, moves);
    ck_assert_msg(got == n, "%s: %d moves, expected %d", text, got, n);
    for (int i = 0; i < n; i++)
        ck_assert_msg(moves[i] == want[i], "%s: move %d is %d, expected %d", text, i, moves[i],
                      want[i]);
}

static void illegal(const char *text, int from, const char *why)
{
    puluk_rules r;
    puluk_pos p = pos_of(text, &r), before = p;
    kalah_error err = {0};
    ck_assert_int_eq(puluk_play(&r, &p, from, NULL, &err), KALAH_EILLEGAL);
    ck_assert_mem_eq(&p, &before, sizeof p);
    ck_assert_msg(strstr(err.message, why), "'%s' lacks '%s'", err.message, why);
}

START_TEST(start_and_throws)
{
    puluk_rules r = puluk_rules_default();
    puluk_pos p = puluk_start(&r);
    /* Eleven strips, the first and the last the towns: nine between. */
    ck_assert_int_eq(r.strips, 9);
    ck_assert_int_eq(p.town[0], 5);
    ck_assert_int_eq(p.town[1], 5);
    /* The author's count: marked sides up, 5 when none is; Skiryuk's the
     * blank sides, 5 when none is. All 16 falls of four kernels: */
    int author[6] = {0}, skiryuk[6] = {0};
    puluk_rules sk = r;
    sk.count = PULUK_COUNT_BLANK;
    for (unsigned m = 0; m < 16; m++) {
        author[puluk_throw_of(&r, m)]++;
        skiryuk[puluk_throw_of(&sk, m)]++;
    }
    const int fair[6] = {0, 4, 6, 4, 1, 1}; /* sixteenths: C(4,k), 5 for none */
    for (int t = 1; t <= 5; t++) {
        ck_assert_int_eq(author[t], fair[t]);
        ck_assert_int_eq(skiryuk[t], fair[t]);
    }
    ck_assert_int_eq(puluk_throw_of(&r, 0), 5);   /* no mark up */
    ck_assert_int_eq(puluk_throw_of(&sk, 15), 5); /* every mark up: no blank */
    ck_assert_int_eq(puluk_throw_of(&sk, 1), 3);  /* one mark up: three blanks */
    double prob[6], sum = 0;
    puluk_throw_probs(&r, prob);
    for (int t = 1; t <= 5; t++) {
        ck_assert_double_eq(prob[t], fair[t] / 16.0);
        sum += prob[t];
    }
    ck_assert_double_eq_tol(sum, 1, 1e-15);
    /* A bias: 80% marked up. Marked count: 5 when none is, 0.2^4. */
    r.bias = 80;
    puluk_throw_probs(&r, prob);
    ck_assert_double_eq_tol(prob[5], 0.0016, 1e-15);
    ck_assert_double_eq_tol(prob[4], 0.4096, 1e-15);
    sk.bias = 80;
    puluk_throw_probs(&sk, prob);
    ck_assert_double_eq_tol(prob[5], 0.4096, 1e-15); /* all marked: no blank */
    /* Thrown kernels follow the bias: 20000 throws of 80% kernels. */
    kalah_rng g = kalah_rng_seed(3);
    int fives = 0;
    for (int k = 0; k < 20000; k++)
        fives += puluk_throw_random(&sk, &g) == 5;
    ck_assert_int_gt(fives, 20000 * 0.4096 - 300);
    ck_assert_int_lt(fives, 20000 * 0.4096 + 300);
}
END_TEST

START_TEST(enter_and_step)
{
    /* A piece leaves its town the throw's strips towards the other town;
     * White counts from its town (square 0), Black from its own (10). */
    play_to("puluk:W3:5,-,-,-,-,-,-,-,-,-,5", 0, "puluk-9-5:B:4,-,-,w,-,-,-,-,-,-,5");
    play_to("puluk:B2:4,-,-,w,-,-,-,-,-,-,5", 10, "puluk-9-5:W:4,-,-,w,-,-,-,-,b,-,4");
    /* Pieces in between are passed over. */
    play_to("puluk:W4:3,w,-,b,-,-,w,-,-,-,4", 1, "puluk-9-5:B:3,-,-,b,-,w,w,-,-,-,4");
}
END_TEST

START_TEST(no_two_on_a_strip)
{
    /* Two pieces of a side never share a strip: with 2, the piece on 1
     * cannot go to 3 where White stands; the one on 3 and a new one can. */
    const int want[] = {3, 0};
    moves_are("puluk:W2:3,w,-,w,-,-,-,-,-,-,5", want, 2);
    illegal("puluk:W2:3,w,-,w,-,-,-,-,-,-,5", 1, "a white piece stands");
    /* A piece from the town cannot land on its own either. */
    const int want2[] = {1};
    moves_are("puluk:W1:4,w,-,-,-,-,-,-,-,-,5", want2, 1);
    illegal("puluk:W1:4,w,-,-,-,-,-,-,-,-,5", 0, "lands on strip 1");
    /* Not a piece of the mover, no piece at home, nothing thrown. */
    illegal("puluk:W1:4,-,-,-,-,b,-,-,-,-,4", 5, "no free white piece");
    illegal("puluk:W1:0,w,w,w,w,w,-,-,-,-,5", 0, "no piece is at home");
    illegal("puluk:W:4,w,-,-,-,-,-,-,-,-,5", 1, "nothing is thrown");
}
END_TEST

START_TEST(capture_and_columns)
{
    /* Landing on the other side's piece takes it prisoner: the mover's
     * piece goes on top. */
    puluk_move_info mi = play_to("puluk:W2:4,-,w,-,b,-,-,-,-,-,4", 2,
                                 "puluk-9-5:B:4,-,-,-,wb,-,-,-,-,-,4");
    ck_assert_int_eq(mi.captured, 1);
    ck_assert_int_eq(mi.carried, 0);
    /* The column moves on as that one piece and can take more. */
    mi = play_to("puluk:W3:4,-,wb,-,-,b,-,-,-,-,3", 2, "puluk-9-5:B:4,-,-,-,-,wbb,-,-,-,-,3");
    ck_assert_int_eq(mi.carried, 1);
    ck_assert_int_eq(mi.captured, 1);
    /* Black's columns move left and take as White's do. */
    play_to("puluk:B3:3,-,-,w,-,-,bw,-,-,-,4", 6, "puluk-9-5:W:3,-,-,bww,-,-,-,-,-,-,4");
}
END_TEST

START_TEST(release_author)
{
    /* Taking a column frees the capturer's pieces in it: by the author's
     * rule they go straight back to their town. White 3 home, w on 3, b on
     * 4 holding a white: 1 from 3 takes it; the freed white goes home. */
    puluk_move_info mi = play_to("puluk:W1:3,-,-,w,bw,-,-,-,-,-,4", 3,
                                 "puluk-9-5:B:4,-,-,-,wb,-,-,-,-,-,4");
    ck_assert_int_eq(mi.freed, 1);
    ck_assert_int_eq(mi.captured, 1);
}
END_TEST

START_TEST(release_skiryuk)
{
    /* Skiryuk's rule: the freed piece stays on the strip, free, under the
     * capturer's column... */
    puluk_move_info mi = play_to("puluk+skiryuk:W1:3,-,-,w,bw,-,-,-,-,-,4", 3,
                                 "puluk-9-5+skiryuk:B:3,-,-,-,wbw,-,-,-,-,-,4");
    ck_assert_int_eq(mi.freed, 1);
    puluk_rules r;
    puluk_pos p = pos_of("puluk+skiryuk:W2:3,-,-,-,wbw,-,-,-,-,-,4", &r);
    puluk_census c = puluk_census_of(&r, &p, PULUK_WHITE);
    ck_assert_int_eq(c.free, 2); /* both whites on 4 */
    ck_assert_int_eq(c.held, 0);
    /* ...and goes on by itself once the column above it has left: the top
     * moves with its prisoner, the freed one stays and may move later. */
    play_to("puluk+skiryuk:W2:3,-,-,-,wbw,-,-,-,-,-,4", 4,
            "puluk-9-5+skiryuk:B:3,-,-,-,w,-,wb,-,-,-,4");
    play_to("puluk+skiryuk:W1:3,-,-,-,w,-,wb,-,-,-,4", 4,
            "puluk-9-5+skiryuk:B:3,-,-,-,-,w,wb,-,-,-,4");
    /* Two freed at once share the strip (the commenter's game), and part
     * one at a time. */
    play_to("puluk+skiryuk:W1:2,-,-,w,bww,-,-,-,-,-,4", 3,
            "puluk-9-5+skiryuk:B:2,-,-,-,wbww,-,-,-,-,-,4");
    play_to("puluk+skiryuk:W3:2,-,-,-,wbww,-,-,-,-,-,4", 4,
            "puluk-9-5+skiryuk:B:2,-,-,-,ww,-,-,wb,-,-,4");
    play_to("puluk+skiryuk:W1:2,-,-,-,ww,-,-,wb,-,-,4", 4,
            "puluk-9-5+skiryuk:B:2,-,-,-,w,w,-,wb,-,-,4");
}
END_TEST

START_TEST(release_english)
{
    /* The English rules: nothing is freed on the way... */
    puluk_move_info mi = play_to("puluk+english:W1:3,-,-,w,bw,-,-,-,-,-,4", 3,
                                 "puluk-9-5+english:B:3,-,-,-,wbw,-,-,-,-,-,4");
    ck_assert_int_eq(mi.freed, 0);
    ck_assert_int_eq(mi.captured, 1);
    puluk_rules r;
    puluk_pos p = pos_of("puluk+english:W5:3,-,-,-,wbw,-,-,-,-,-,4", &r);
    puluk_census c = puluk_census_of(&r, &p, PULUK_WHITE);
    ck_assert_int_eq(c.free, 1);
    ck_assert_int_eq(c.held, 1);
    /* ...the whole column moves; in the far town the mover's pieces go home
     * and the other side's die. */
    mi = play_to("puluk+english:W5:3,-,-,-,-,-,wbw,-,-,-,4", 6,
                 "puluk-9-5+english:B:5,-,-,-,-,-,-,-,-,-,4");
    ck_assert(mi.town);
    ck_assert_int_eq(mi.freed, 1);
    ck_assert_int_eq(mi.killed, 1);
}
END_TEST

START_TEST(far_town)
{
    /* A column that reaches the far town kills its prisoners and its piece
     * goes home; no exact throw is needed: 2 reaches it from 8, so does 5. */
    for (int t = 2; t <= 5; t++) {
        char text[64];
        snprintf(text, sizeof text, "puluk:W%d:4,-,-,-,-,-,-,-,wb,-,4", t);
        puluk_move_info mi =
            play_to(text, 8, "puluk-9-5:B:5,-,-,-,-,-,-,-,-,-,4");
        ck_assert(mi.town);
        ck_assert_int_eq(mi.killed, 1);
        ck_assert_int_eq(mi.to, 10);
    }
    /* The piece goes home and may enter again; the dead stay dead. */
    puluk_rules r;
    puluk_pos p = pos_of("puluk:B:5,-,-,-,-,-,-,-,-,-,4", &r);
    ck_assert_int_eq(puluk_census_of(&r, &p, PULUK_BLACK).dead, 1);
    /* Black's far town is White's, square 0. */
    puluk_move_info mi = play_to("puluk:B4:3,-,bw,-,-,-,-,-,-,-,4", 2,
                                 "puluk-9-5:W:3,-,-,-,-,-,-,-,-,-,5");
    ck_assert_int_eq(mi.to, 0);
}
END_TEST

START_TEST(winning)
{
    /* Whoever takes or kills all the other side's pieces wins: Black's last
     * free piece (the rest dead) is taken. */
    puluk_move_info mi = play_to("puluk:W2:3,-,-,w,-,b,-,-,-,-,0", 3,
                                 "puluk-9-5:B:3,-,-,-,-,wb,-,-,-,-,0");
    ck_assert(mi.won);
    puluk_rules r;
    puluk_pos p = pos_of("puluk:B:3,-,-,-,-,wb,-,-,-,-,0", &r);
    ck_assert(puluk_over(&r, &p));
    ck_assert_int_eq(puluk_winner(&r, &p), PULUK_WHITE);
    int moves[PULUK_MAX_MOVES];
    p.thrown = 0;
    ck_assert_int_eq(puluk_throw(&r, &p, 3, NULL), KALAH_EILLEGAL);
    /* Taken, not dead: a side whose pieces are all prisoners has lost too. */
    p = pos_of("puluk:B:1,wb,wb,wb,wb,-,-,-,-,-,1", &r);
    ck_assert(!puluk_over(&r, &p));
    p.thrown = 1;
    ck_assert_int_eq(puluk_moves(&r, &p, moves), 1);
    /* A finished game with a throw is not a position. */
    kalah_error err;
    ck_assert_int_eq(puluk_pos_parse("puluk:B2:3,-,-,-,-,wb,-,-,-,-,0", &r, &p, &err),
                     KALAH_EINVAL);
}
END_TEST

START_TEST(seed_example)
{
    /* The seed's situation: bring a piece out of the town, take the piece on
     * the 5th strip with the one on the 3rd, or bring the column on the 8th
     * into the town and kill its prisoner: with a throw of 2, all three. */
    const int want[] = {8, 3, 0};
    moves_are("puluk:W2:2,-,-,w,-,b,-,-,wb,-,3", want, 3);
}
END_TEST

START_TEST(always_a_move)
{
    /* docs/puluk.md, "No move": a side with a free piece has a move for
     * every throw. Every position of the solver's index of two small boards,
     * and random ones of every variant. */
    const char *boards[] = {"puluk-5-3", "puluk-3-5"};
    for (int b = 0; b < 2; b++) {
        puluk_rules r;
        ck_assert_int_eq(puluk_rules_parse(boards[b], &r, NULL), KALAH_OK);
        uint64_t n = puluk_index_size(&r);
        for (uint64_t i = 0; i < n; i++) {
            puluk_pos p = puluk_index_pos(&r, i);
            if (puluk_free_pieces(&r, &p, 0) == 0)
                continue;
            for (int t = 1; t <= 5; t++) {
                p.thrown = (uint8_t)t;
                int moves[PULUK_MAX_MOVES];
                ck_assert_msg(puluk_moves(&r, &p, moves) > 0, "%s", text_of(&r, &p));
            }
        }
    }
    const char *variants[] = {"puluk", "puluk+skiryuk", "puluk+english", "puluk-4-5+skiryuk"};
    kalah_rng g = kalah_rng_seed(11);
    for (int v = 0; v < 4; v++) {
        puluk_rules r;
        ck_assert_int_eq(puluk_rules_parse(variants[v], &r, NULL), KALAH_OK);
        for (int k = 0; k < 300; k++) {
            puluk_pos p = random_pos(&r, &g, kalah_rng_below(&g, 120)); /* asserts a move */
            ck_assert_int_eq(puluk_pos_check(&r, &p, NULL), KALAH_OK);
        }
    }
}
END_TEST

START_TEST(pieces_conserved_and_mirror)
{
    /* Every move keeps each side's pieces (home + board + dead), never
     * revives the dead, and plays the same from either side: the mirrored
     * position's move leads to the mirrored result. */
    const char *variants[] = {"puluk", "puluk+skiryuk", "puluk+english"};
    kalah_rng g = kalah_rng_seed(5);
    for (int v = 0; v < 3; v++) {
        puluk_rules r;
        ck_assert_int_eq(puluk_rules_parse(variants[v], &r, NULL), KALAH_OK);
        for (int k = 0; k < 200; k++) {
            puluk_pos p = random_pos(&r, &g, kalah_rng_below(&g, 80));
            if (puluk_over(&r, &p))
                continue;
            p.thrown = (uint8_t)puluk_throw_random(&r, &g);
            int moves[PULUK_MAX_MOVES], n = puluk_moves(&r, &p, moves);
            for (int i = 0; i < n; i++) {
                puluk_pos a = p, m = puluk_mirror(&r, &p);
                puluk_census before[2] = {puluk_census_of(&r, &p, 0), puluk_census_of(&r, &p, 1)};
                puluk_play(&r, &a, moves[i], NULL, NULL);
                int mf = moves[i] == 0 ? r.strips + 1 : r.strips + 1 - moves[i];
                ck_assert_int_eq(puluk_play(&r, &m, mf, NULL, NULL), KALAH_OK);
                puluk_pos back = puluk_mirror(&r, &m);
                ck_assert_mem_eq(&a, &back, sizeof a);
                for (int s = 0; s < 2; s++) {
                    puluk_census c = puluk_census_of(&r, &a, s);
                    ck_assert_int_eq(c.home + c.free + c.held + c.dead, r.pieces);
                    ck_assert_int_ge(c.dead, before[s].dead);
                }
            }
        }
    }
}
END_TEST

Suite *puluk_rules_suite(void)
{
    Suite *s = suite_create("puluk_rules");
    TCase *tc = tcase_create("rules");
    tcase_add_test(tc, start_and_throws);
    tcase_add_test(tc, enter_and_step);
    tcase_add_test(tc, no_two_on_a_strip);
    tcase_add_test(tc, capture_and_columns);
    tcase_add_test(tc, release_author);
    tcase_add_test(tc, release_skiryuk);
    tcase_add_test(tc, release_english);
    tcase_add_test(tc, far_town);
    tcase_add_test(tc, winning);
    tcase_add_test(tc, seed_example);
    tcase_add_test(tc, always_a_move);
    tcase_add_test(tc, pieces_conserved_and_mirror);
    suite_add_tcase(s, tc);
    return s;
}
