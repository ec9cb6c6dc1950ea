/* Rule sets, their checks and their text form. */
#include "core_tests.h"
#include "kalah.h"

#include <string.h>

static kalah_rules board(int pits, int stones)
{
    kalah_rules r = kalah_rules_default();
    r.pits = pits;
    r.stones = stones;
    return r;
}

START_TEST(default_is_kalah_6_6)
{
    /* Seeds 000 and 003 play Kalah(6,6): 72 stones, standard rules. */
    kalah_rules r = kalah_rules_default();
    ck_assert_int_eq(r.pits, 6);
    ck_assert_int_eq(r.stones, 6);
    ck_assert_int_eq(r.variant, KALAH_STANDARD);
    ck_assert(!r.empty_capture);
    ck_assert_int_eq(r.end, KALAH_END_EITHER_EMPTY);
    ck_assert(!r.stop_when_decided);
    kalah_pos p = kalah_start(&r);
    ck_assert_int_eq(kalah_total_stones(&r, &p), 72);
    ck_assert_int_eq(kalah_rules_total(&r), 72);
    ck_assert_int_eq(p.to_move, KALAH_SOUTH);
    ck_assert_int_eq(p.store[0] + p.store[1], 0);
}
END_TEST

START_TEST(start_fills_every_pit_and_only_those)
{
    kalah_rules r = board(5, 3);
    kalah_pos p = kalah_start(&r);
    for (int s = 0; s < 2; s++)
        for (int i = 0; i < KALAH_MAX_PITS; i++)
            ck_assert_int_eq(p.pit[s][i], i < 5 ? 3 : 0);
    ck_assert_int_eq(kalah_total_stones(&r, &p), 30);
}
END_TEST

START_TEST(rules_out_of_range_are_refused_with_a_reason)
{
    kalah_error err;
    const int bad[][2] = {{0, 4}, {13, 4}, {6, 0}, {6, 13}};
    const char *why[] = {"pits", "pits", "stones", "stones"};
    for (int i = 0; i < 4; i++) {
        kalah_rules r = board(bad[i][0], bad[i][1]);
        ck_assert_int_eq(kalah_rules_check(&r, &err), KALAH_EINVAL);
        ck_assert_int_eq(err.code, KALAH_EINVAL);
        ck_assert_ptr_nonnull(strstr(err.message, why[i]));
    }
    kalah_rules edge[] = {board(1, 1), board(12, 12)};
    for (int i = 0; i < 2; i++)
        ck_assert_int_eq(kalah_rules_check(&edge[i], &err), KALAH_OK);
    /* The relay variant's end rules are fixed by seed 001. */
    kalah_rules relay = kalah_rules_relay(6, 3);
    ck_assert_int_eq(kalah_rules_check(&relay, &err), KALAH_OK);
    relay.empty_capture = true;
    ck_assert_int_eq(kalah_rules_check(&relay, &err), KALAH_EINVAL);
}
END_TEST

START_TEST(rules_text_round_trips)
{
    const char *texts[] = {"kalah-6-6", "kalah-6-4+empty", "kalah-4-3+mover",
                           "kalah-6-6+decided", "kalah-8-12+empty+mover+decided",
                           "relay-6-3", "kalah-1-1"};
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        kalah_rules r;
        kalah_error err;
        char buf[KALAH_TEXT_MAX];
        ck_assert_msg(kalah_rules_parse(texts[i], &r, &err) == KALAH_OK, "%s: %s", texts[i],
                      err.message);
        kalah_rules_format(&r, buf, sizeof buf);
        ck_assert_str_eq(buf, texts[i]);
    }
}
END_TEST

START_TEST(rules_text_fields)
{
    kalah_rules r;
    ck_assert_int_eq(kalah_rules_parse("kalah-6-4+empty+mover", &r, NULL), KALAH_OK);
    ck_assert_int_eq(r.pits, 6);
    ck_assert_int_eq(r.stones, 4);
    ck_assert(r.empty_capture);
    ck_assert_int_eq(r.end, KALAH_END_MOVER_EMPTY);
    ck_assert(!r.stop_when_decided);
    /* The board may be left out: Kalah(6,6). Options in any order. */
    ck_assert_int_eq(kalah_rules_parse("kalah+decided+empty", &r, NULL), KALAH_OK);
    ck_assert_int_eq(r.pits, 6);
    ck_assert_int_eq(r.stones, 6);
    ck_assert(r.stop_when_decided && r.empty_capture);
    ck_assert_int_eq(kalah_rules_parse("relay-6-3", &r, NULL), KALAH_OK);
    ck_assert_int_eq(r.variant, KALAH_RELAY);
    ck_assert_int_eq(r.end, KALAH_END_MOVER_EMPTY);
    ck_assert(r.stop_when_decided);
}
END_TEST

START_TEST(rules_text_errors_name_the_column)
{
    const struct { const char *text; int col; const char *says; } bad[] = {
        {"mancala-6-6", 1, "name"},
        {"kalah-x-6", 7, "pits"},
        {"kalah-6", 8, "stones"},
        {"kalah-6-", 9, "stones"},
        {"kalah-6-6+fast", 11, "option"},
        {"kalah-13-6", 1, "pits per side"},
        {"kalah-6-0", 1, "stones per pit"},
        {"relay-6-3+empty", 11, "no options"},
        {"kalah-6-6x", 10, "unexpected"},
        {"", 1, "name"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        kalah_rules r = kalah_rules_default();
        kalah_error err;
        ck_assert_msg(kalah_rules_parse(bad[i].text, &r, &err) != KALAH_OK, "%s", bad[i].text);
        ck_assert_msg(err.pos == bad[i].col, "%s: column %d, expected %d (%s)", bad[i].text,
                      err.pos, bad[i].col, err.message);
        ck_assert_msg(strstr(err.message, bad[i].says), "%s: %s", bad[i].text, err.message);
        ck_assert_int_eq(r.pits, 6); /* left as it was */
    }
}
END_TEST

Suite *rules_suite(void)
{
    Suite *s = suite_create("rules");
    TCase *tc = tcase_create("rules");
    tcase_add_test(tc, default_is_kalah_6_6);
    tcase_add_test(tc, start_fills_every_pit_and_only_those);
    tcase_add_test(tc, rules_out_of_range_are_refused_with_a_reason);
    tcase_add_test(tc, rules_text_round_trips);
    tcase_add_test(tc, rules_text_fields);
    tcase_add_test(tc, rules_text_errors_name_the_column);
    suite_add_tcase(s, tc);
    return s;
}
