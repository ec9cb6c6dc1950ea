/* Positions, games and log lines as text (docs/notation.md). */
#include "core_tests.h"
#include "kalah.h"

#include <stdlib.h>
#include <string.h>

static void pos_eq_text(const kalah_rules *r, const kalah_pos *p, const char *want)
{
    char buf[KALAH_TEXT_MAX];
    kalah_pos_format(r, p, buf, sizeof buf);
    ck_assert_str_eq(buf, want);
}

START_TEST(start_position_text)
{
    kalah_rules r = kalah_rules_default();
    r.stones = 4;
    kalah_pos p = kalah_start(&r);
    pos_eq_text(&r, &p, "kalah-6-4:S:4,4,4,4,4,4/0:4,4,4,4,4,4/0");
    /* The rules alone stand for the start. */
    kalah_rules r2;
    kalah_pos p2;
    ck_assert_int_eq(kalah_pos_parse("kalah-6-4", &r2, &p2, NULL), KALAH_OK);
    ck_assert_mem_eq(&p, &p2, sizeof p);
    ck_assert_int_eq(r2.stones, 4);
}
END_TEST

START_TEST(position_fields)
{
    kalah_rules r;
    kalah_pos p;
    kalah_error err;
    ck_assert_msg(kalah_pos_parse("kalah-4-3+empty:N:0,1,2,3/4:5,0,0,6/3", &r, &p, &err) ==
                      KALAH_OK, "%s", err.message);
    ck_assert_int_eq(r.pits, 4);
    ck_assert(r.empty_capture);
    ck_assert_int_eq(p.to_move, KALAH_NORTH);
    const int south[] = {0, 1, 2, 3}, north[] = {5, 0, 0, 6};
    for (int i = 0; i < 4; i++) {
        ck_assert_int_eq(p.pit[0][i], south[i]);
        ck_assert_int_eq(p.pit[1][i], north[i]);
    }
    ck_assert_int_eq(p.store[0], 4);
    ck_assert_int_eq(p.store[1], 3);
    pos_eq_text(&r, &p, "kalah-4-3+empty:N:0,1,2,3/4:5,0,0,6/3");
}
END_TEST

START_TEST(position_errors_name_the_column)
{
    const struct { const char *text; int col; const char *says; } bad[] = {
        {"kalah-6-4:X:4,4,4,4,4,4/0:4,4,4,4,4,4/0", 11, "side"},
        {"kalah-6-4:S:4,4,4,4,4/4:4,4,4,4,4,4/0", 22, "pit 6"},
        {"kalah-6-4:S:4,4,4,4,4,4,0/0:4,4,4,4,4,4/0", 24, "too many pits"},
        {"kalah-6-4:S:4,4,4,4,4,4/0:4,4,4,4,4,4", 38, "'/'"},
        {"kalah-6-4:S:4,4,4,4,4,4/0", 26, "north"},
        {"kalah-6-4:S:4,4,4,4,4,4/0:4,4,4,4,4,4/1", 1, "49 stones"},
        {"kalah-6-4:S:4,4,4,4,4,4/0:4,4,4,4,4,4/0x", 40, "unexpected"},
        {"kalah-6-4:S:4,4,a,4,4,4/0:4,4,4,4,4,4/0", 17, "pit 3"},
        {"kalah-6-4:S:4,4,999,4,4,4/0:4,4,4,4,4,4/0", 17, "pit 3"},
        {"kalah-6-4;S", 10, "unexpected"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        kalah_rules r = kalah_rules_default();
        kalah_pos p = kalah_start(&r), before = p;
        kalah_error err;
        ck_assert_msg(kalah_pos_parse(bad[i].text, &r, &p, &err) != KALAH_OK, "%s", bad[i].text);
        ck_assert_msg(err.pos == bad[i].col, "%s: column %d, expected %d (%s)", bad[i].text,
                      err.pos, bad[i].col, err.message);
        ck_assert_msg(strstr(err.message, bad[i].says), "%s: %s", bad[i].text, err.message);
        ck_assert_mem_eq(&p, &before, sizeof p);
    }
}
END_TEST

START_TEST(game_text)
{
    /* By hand, Kalah(6,4): south's pit 3 (4 stones) sows 4, 5, 6 and the
     * store: an extra turn. South's pit 6 (now 5) sows the store and north's
     * 1..4. North's pit 1 (now 5) sows north's 2..6. */
    kalah_game g = {0};
    kalah_error err;
    ck_assert_msg(kalah_game_parse("kalah-6-4 3 6 1", &g, &err) == KALAH_OK, "%s", err.message);
    ck_assert_int_eq(g.played, 3);
    pos_eq_text(&g.rules, kalah_game_pos(&g), "kalah-6-4:S:4,4,0,5,5,0/2:0,6,6,6,5,5/0");
    char buf[64];
    ck_assert_int_eq(kalah_game_format(&g, buf, sizeof buf), 15);
    ck_assert_str_eq(buf, "kalah-6-4 3 6 1");
    /* A game that starts elsewhere is written from its position. */
    kalah_game h = {0};
    ck_assert_int_eq(kalah_game_parse("kalah-6-4:S:4,4,0,5,5,0/2:0,6,6,6,5,5/0 1", &h, &err),
                     KALAH_OK);
    /* South's pit 1 (4 stones) sows pits 2..5; pit 5 was not empty. */
    pos_eq_text(&h.rules, kalah_game_pos(&h), "kalah-6-4:N:0,5,1,6,6,0/2:0,6,6,6,5,5/0");
    kalah_game_free(&g);
    kalah_game_free(&h);
}
END_TEST

START_TEST(game_errors_name_the_column_and_keep_the_game)
{
    kalah_game g = {0};
    kalah_error err;
    ck_assert_int_eq(kalah_game_parse("kalah-6-4 1", &g, &err), KALAH_OK);
    /* After 3 (an extra turn) south moves again, and pit 3 is empty. */
    ck_assert_int_eq(kalah_game_parse("kalah-6-4 3 3", &g, &err), KALAH_EILLEGAL);
    ck_assert_int_eq(err.pos, 13);
    ck_assert_ptr_nonnull(strstr(err.message, "move 2"));
    ck_assert_ptr_nonnull(strstr(err.message, "empty"));
    ck_assert_int_eq(kalah_game_parse("kalah-6-4 3 x", &g, &err), KALAH_ESYNTAX);
    ck_assert_int_eq(err.pos, 13);
    ck_assert_int_eq(kalah_game_parse("kalah-6-4 7", &g, &err), KALAH_EILLEGAL);
    ck_assert_int_eq(err.pos, 11);
    ck_assert_int_eq(kalah_game_parse("kalah-6-4 3a", &g, &err), KALAH_ESYNTAX);
    ck_assert_int_eq(err.pos, 11);
    /* The earlier game is untouched. */
    ck_assert_int_eq(g.played, 1);
    ck_assert_int_eq(g.moves[0], 1);
    kalah_game_free(&g);
}
END_TEST

START_TEST(log_line)
{
    kalah_rules r = kalah_rules_default();
    r.stones = 4;
    kalah_pos p = kalah_start(&r);
    ck_assert_int_eq(kalah_play(&r, &p, 3, NULL, NULL), KALAH_OK);
    char buf[KALAH_TEXT_MAX];
    kalah_log_format(&r, 1, KALAH_SOUTH, 3, &p, buf, sizeof buf);
    ck_assert_str_eq(buf, "1 S 3 kalah-6-4:S:4,4,0,5,5,5/1:4,4,4,4,4,4/0");
}
END_TEST

START_TEST(formatting_truncates_safely)
{
    kalah_rules r = kalah_rules_default();
    kalah_pos p = kalah_start(&r);
    char small[10];
    int need = kalah_pos_format(&r, &p, small, sizeof small);
    ck_assert_int_eq(need, (int)strlen("kalah-6-6:S:6,6,6,6,6,6/0:6,6,6,6,6,6/0"));
    ck_assert_str_eq(small, "kalah-6-6");
}
END_TEST

Suite *notation_suite(void)
{
    Suite *s = suite_create("notation");
    TCase *tc = tcase_create("notation");
    tcase_add_test(tc, start_position_text);
    tcase_add_test(tc, position_fields);
    tcase_add_test(tc, position_errors_name_the_column);
    tcase_add_test(tc, game_text);
    tcase_add_test(tc, game_errors_name_the_column_and_keep_the_game);
    tcase_add_test(tc, log_line);
    tcase_add_test(tc, formatting_truncates_safely);
    suite_add_tcase(s, tc);
    return s;
}
