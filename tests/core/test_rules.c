/* Rule sets and the starting position. */
#include "core_tests.h"
#include "kalah.h"

#include <string.h>

START_TEST(default_is_kalah_6_6)
{
    /* Seeds 000 and 003 play Kalah(6,6): 72 stones. */
    kalah_rules r = kalah_rules_default();
    ck_assert_int_eq(r.pits, 6);
    ck_assert_int_eq(r.stones, 6);
    kalah_pos p = kalah_start(&r);
    ck_assert_int_eq(kalah_total_stones(&r, &p), 72);
    ck_assert_int_eq(p.to_move, 0);
    ck_assert_int_eq(p.store[0] + p.store[1], 0);
}
END_TEST

START_TEST(start_fills_every_pit_and_only_those)
{
    kalah_rules r = {.pits = 5, .stones = 3};
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
    kalah_rules bad[] = {{0, 4}, {9, 4}, {6, 0}, {6, 13}};
    const char *why[] = {"pits", "pits", "stones", "stones"};
    for (int i = 0; i < 4; i++) {
        ck_assert_int_eq(kalah_rules_check(&bad[i], &err), KALAH_EINVAL);
        ck_assert_int_eq(err.code, KALAH_EINVAL);
        ck_assert_ptr_nonnull(strstr(err.message, why[i]));
    }
    kalah_rules edge[] = {{1, 1}, {8, 12}};
    for (int i = 0; i < 2; i++)
        ck_assert_int_eq(kalah_rules_check(&edge[i], &err), KALAH_OK);
}
END_TEST

Suite *rules_suite(void)
{
    Suite *s = suite_create("rules");
    TCase *tc = tcase_create("rules");
    tcase_add_test(tc, default_is_kalah_6_6);
    tcase_add_test(tc, start_fills_every_pit_and_only_those);
    tcase_add_test(tc, rules_out_of_range_are_refused_with_a_reason);
    suite_add_tcase(s, tc);
    return s;
}
