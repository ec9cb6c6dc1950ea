/* History with undo and redo, perft against published counts, and random
 * games under every rule set. */
#include "core_tests.h"
#include "kalah.h"
#include "move_check.h"

#include <stdlib.h>

/* Perft counts from ../shared/reference/kalah.md, computed independently
 * of this project. */
START_TEST(perft_matches_the_reference)
{
    const struct { const char *rules; int depth; uint64_t want[6]; } rows[] = {
        {"kalah-6-4", 6, {6, 35, 185, 942, 4690, 23233}},
        {"kalah-6-4+empty", 6, {6, 35, 185, 942, 4685, 23169}},
        {"kalah-6-3", 6, {6, 35, 182, 904, 4243, 19418}},
        {"kalah-6-6", 5, {6, 35, 190, 1056, 5882}},
        /* The two end rules agree on the first plies of Kalah(6,4). */
        {"kalah-6-4+mover", 6, {6, 35, 185, 942, 4690, 23233}},
    };
    for (size_t k = 0; k < sizeof rows / sizeof rows[0]; k++) {
        kalah_rules r = rules_of(rows[k].rules);
        kalah_pos p = kalah_start(&r);
        for (int d = 1; d <= rows[k].depth; d++)
            ck_assert_msg(kalah_perft(&r, &p, d) == rows[k].want[d - 1],
                          "%s depth %d: %llu, expected %llu", rows[k].rules, d,
                          (unsigned long long)kalah_perft(&r, &p, d),
                          (unsigned long long)rows[k].want[d - 1]);
        ck_assert_int_eq(kalah_perft(&r, &p, 0), 1);
    }
}
END_TEST

START_TEST(undo_and_redo)
{
    kalah_rules r = rules_of("kalah-6-4");
    kalah_game g;
    ck_assert_int_eq(kalah_game_init(&g, &r, NULL, NULL), KALAH_OK);
    kalah_pos start = *kalah_game_pos(&g);
    ck_assert(!kalah_game_undo(&g));
    ck_assert(!kalah_game_redo(&g));
    ck_assert_int_eq(kalah_game_play(&g, 3, NULL, NULL), KALAH_OK);
    kalah_pos after3 = *kalah_game_pos(&g);
    ck_assert_int_eq(kalah_game_play(&g, 6, NULL, NULL), KALAH_OK);
    kalah_pos after6 = *kalah_game_pos(&g);
    ck_assert(kalah_game_undo(&g));
    ck_assert_mem_eq(kalah_game_pos(&g), &after3, sizeof after3);
    ck_assert(kalah_game_undo(&g));
    ck_assert_mem_eq(kalah_game_pos(&g), &start, sizeof start);
    ck_assert(kalah_game_redo(&g));
    ck_assert(kalah_game_redo(&g));
    ck_assert_mem_eq(kalah_game_pos(&g), &after6, sizeof after6);
    ck_assert(!kalah_game_redo(&g));
    /* A new move after an undo forgets what could have been redone. */
    ck_assert(kalah_game_undo(&g));
    ck_assert_int_eq(kalah_game_play(&g, 1, NULL, NULL), KALAH_OK);
    ck_assert(!kalah_game_redo(&g));
    ck_assert_int_eq(g.played, 2);
    /* An illegal move changes nothing. */
    kalah_error err;
    ck_assert_int_eq(kalah_game_play(&g, 9, NULL, &err), KALAH_EILLEGAL);
    ck_assert_int_eq(g.played, 2);
    kalah_game_free(&g);
}
END_TEST

/* A small deterministic generator, so that a failure can be replayed. */
static uint32_t next_random(uint32_t *state)
{
    *state = *state * 1664525u + 1013904223u;
    return *state >> 8;
}

/* Plays random games under each rule set; on every move the stones are
 * conserved and the position round-trips through its text. Then the whole
 * history is undone and redone, and the game round-trips through text. */
START_TEST(random_games)
{
    const char *sets[] = {"kalah-6-6", "kalah-6-4+empty", "kalah-6-3+mover",
                          "kalah-4-3+decided", "kalah-8-12", "kalah-1-1",
                          "relay-6-3", "relay-6-6", "relay-4-2"};
    uint32_t seed = 61;
    long moves_played = 0;
    for (size_t k = 0; k < sizeof sets / sizeof sets[0]; k++) {
        kalah_rules r = rules_of(sets[k]);
        const int total = kalah_rules_total(&r);
        for (int game = 0; game < 40; game++) {
            kalah_game g;
            ck_assert_int_eq(kalah_game_init(&g, &r, NULL, NULL), KALAH_OK);
            kalah_pos *seen = malloc(sizeof *seen);
            seen[0] = *kalah_game_pos(&g);
            int legal[KALAH_MAX_PITS], n;
            while ((n = kalah_moves(&r, kalah_game_pos(&g), legal)) > 0) {
                kalah_move_info info;
                int mover = kalah_game_pos(&g)->to_move;
                ck_assert_int_eq(kalah_game_play(&g, legal[next_random(&seed) % (unsigned)n],
                                                 &info, NULL), KALAH_OK);
                const kalah_pos *p = kalah_game_pos(&g);
                ck_assert_int_eq(kalah_total_stones(&r, p), total);
                ck_assert_int_eq(info.ended, kalah_over(&r, p));
                if (!info.ended)
                    ck_assert_int_eq(p->to_move == mover, info.extra_turn);
                if (r.variant == KALAH_RELAY)
                    ck_assert(!info.extra_turn);
                char text[KALAH_TEXT_MAX];
                kalah_rules r2;
                kalah_pos p2;
                kalah_pos_format(&r, p, text, sizeof text);
                ck_assert_msg(kalah_pos_parse(text, &r2, &p2, NULL) == KALAH_OK, "%s", text);
                ck_assert_mem_eq(&p2, p, sizeof p2);
                seen = realloc(seen, (size_t)(g.played + 1) * sizeof *seen);
                seen[g.played] = *p;
                moves_played++;
            }
            const kalah_pos *end = kalah_game_pos(&g);
            ck_assert(kalah_over(&r, end));
            /* A game ends decided (the stones stay put, and the side with
             * more than half leads) or swept (every pit empty). */
            int margin = kalah_margin(&r, end), won = kalah_decided(&r, end);
            if (r.stop_when_decided && won >= 0) {
                ck_assert_int_eq(margin > 0, won == KALAH_SOUTH);
                ck_assert_int_eq(margin < 0, won == KALAH_NORTH);
            } else {
                ck_assert_int_eq(kalah_side_stones(&r, end, 0) + kalah_side_stones(&r, end, 1), 0);
                ck_assert_int_eq(margin, end->store[0] - end->store[1]);
            }
            int length = g.played;
            for (int i = length; i > 0; i--) {
                ck_assert(kalah_game_undo(&g));
                ck_assert_mem_eq(kalah_game_pos(&g), &seen[i - 1], sizeof seen[0]);
            }
            ck_assert(!kalah_game_undo(&g));
            for (int i = 1; i <= length; i++) {
                ck_assert(kalah_game_redo(&g));
                ck_assert_mem_eq(kalah_game_pos(&g), &seen[i], sizeof seen[0]);
            }
            ck_assert(!kalah_game_redo(&g));
            int need = kalah_game_format(&g, NULL, 0);
            char *text = malloc((size_t)need + 1);
            ck_assert_int_eq(kalah_game_format(&g, text, (size_t)need + 1), need);
            kalah_game h = {0};
            ck_assert_msg(kalah_game_parse(text, &h, NULL) == KALAH_OK, "%s", text);
            ck_assert_int_eq(h.played, length);
            ck_assert_mem_eq(kalah_game_pos(&h), end, sizeof *end);
            kalah_game_free(&h);
            free(text);
            free(seen);
            kalah_game_free(&g);
        }
    }
    ck_assert_int_ge(moves_played, 5000);
}
END_TEST

Suite *game_suite(void)
{
    Suite *s = suite_create("game");
    TCase *tc = tcase_create("game");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, perft_matches_the_reference);
    tcase_add_test(tc, undo_and_redo);
    tcase_add_test(tc, random_games);
    suite_add_tcase(s, tc);
    return s;
}
