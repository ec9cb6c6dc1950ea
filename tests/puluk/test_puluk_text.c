/* Pulúk's notation: rules, positions and moves as text, and back
 * (docs/puluk.md, "Notation"). */
#include "puluk_tests.h"

#include <string.h>

START_TEST(rules_text)
{
    const char *cases[][2] = {
        {"puluk", "puluk-9-5"},
        {"puluk-9-5", "puluk-9-5"},
        {"puluk-4-2+skiryuk", "puluk-4-2+skiryuk"},
        {"puluk+blank+english", "puluk-9-5+english+blank"},
        {"puluk+bias=60", "puluk-9-5+bias=60"},
        {"puluk+bias=50", "puluk-9-5"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        puluk_rules r;
        kalah_error err;
        ck_assert_msg(puluk_rules_parse(cases[k][0], &r, &err) == KALAH_OK, "%s: %s",
                      cases[k][0], err.message);
        char buf[PULUK_TEXT_MAX];
        puluk_rules_format(&r, buf, sizeof buf);
        ck_assert_str_eq(buf, cases[k][1]);
    }
    puluk_rules r;
    ck_assert_int_eq(puluk_rules_parse("puluk+english", &r, NULL), KALAH_OK);
    ck_assert_int_eq(r.release, PULUK_RELEASE_TOWN);
    ck_assert_int_eq(puluk_rules_parse("puluk+blank+bias=7", &r, NULL), KALAH_OK);
    ck_assert_int_eq(r.count, PULUK_COUNT_BLANK);
    ck_assert_int_eq(r.bias, 7);
}
END_TEST

/* text must be refused at column col with a message holding why. */
static void bad(const char *text, int col, const char *why)
{
    puluk_rules r;
    puluk_pos p;
    kalah_error err = {0};
    ck_assert_msg(puluk_pos_parse(text, &r, &p, &err) != KALAH_OK, "%s parsed", text);
    ck_assert_msg(err.pos == col, "%s: column %d, expected %d (%s)", text, err.pos, col,
                  err.message);
    ck_assert_msg(strstr(err.message, why), "%s: '%s' lacks '%s'", text, err.message, why);
}

START_TEST(malformed)
{
    bad("kalah-6-4", 1, "expected 'puluk'");
    bad("puluk-10-5", 7, "strips between the towns, 1..9");
    bad("puluk-9-6", 9, "pieces a side, 1..5");
    bad("puluk+fast", 7, "unknown rule option");
    bad("puluk+skiryuk+english", 15, "a second release rule");
    bad("puluk+bias=0", 12, "1..99");
    bad("puluk:X:5,-,-,-,-,-,-,-,-,-,5", 7, "W or B");
    bad("puluk:W6:5,-,-,-,-,-,-,-,-,-,5", 8, "a throw is 1..5");
    bad("puluk:W0:5,-,-,-,-,-,-,-,-,-,5", 8, "a throw is 1..5");
    bad("puluk:W:5,-,-,-,-,-,-,-,-,5", 27, "expected strip 9");
    bad("puluk:W:5,-,-,-,-,-,-,-,-,-,-,5", 29, "too many strips");
    bad("puluk:W:5,-,-,x,-,-,-,-,-,-,5", 15, "expected strip 3");
    bad("puluk:W:5,-,-,-,-,-,-,-,-,-,5,", 30, "too many strips");
    bad("puluk:W:6,-,-,-,-,-,-,-,-,-,5", 9, "0..5");
    bad("puluk:W:5,w,-,-,-,-,-,-,-,-,5", 0, "White has 6 pieces");
    bad("puluk:W:4,ww,-,-,-,-,-,-,-,-,5", 0, "only the other side's pieces");
    bad("puluk:W:5,-,-,-,-,-,-,-,-,-,0", 0, "Black has no free piece");
    bad("puluk-3-1:W:1,bbb,-,-,1", 17, "more than the 2 pieces");
}
END_TEST

START_TEST(round_trips)
{
    /* Random positions of every variant and several boards, thrown or not:
     * printed, parsed back to the same bytes, printed the same. */
    const char *variants[] = {"puluk",         "puluk+skiryuk", "puluk+english+blank",
                              "puluk-4-3+bias=70", "puluk-1-1", "puluk-6-5+skiryuk"};
    kalah_rng g = kalah_rng_seed(9);
    for (size_t v = 0; v < sizeof variants / sizeof variants[0]; v++) {
        puluk_rules r;
        ck_assert_int_eq(puluk_rules_parse(variants[v], &r, NULL), KALAH_OK);
        for (int k = 0; k < 400; k++) {
            puluk_pos p = random_pos(&r, &g, kalah_rng_below(&g, 150));
            if (!puluk_over(&r, &p) && kalah_rng_below(&g, 2))
                p.thrown = (uint8_t)(1 + kalah_rng_below(&g, 5));
            char text[PULUK_TEXT_MAX];
            puluk_pos_format(&r, &p, text, sizeof text);
            puluk_rules r2;
            puluk_pos q = pos_of(text, &r2);
            ck_assert_mem_eq(&r, &r2, sizeof r);
            ck_assert_msg(memcmp(&p, &q, sizeof p) == 0, "%s came back as %s", text,
                          text_of(&r2, &q));
        }
    }
}
END_TEST

START_TEST(positions_read_as_written)
{
    puluk_rules r;
    puluk_pos p = pos_of("puluk-9-5:B4:2,wb,-,-,-,bww,-,-,-,-,3", &r);
    ck_assert_int_eq(p.to_move, PULUK_BLACK);
    ck_assert_int_eq(p.thrown, 4);
    ck_assert_int_eq(p.town[PULUK_WHITE], 2);
    ck_assert_int_eq(p.town[PULUK_BLACK], 3);
    ck_assert_int_eq(puluk_top(&p, 1), PULUK_WHITE);
    ck_assert_int_eq(p.height[1], 2);
    ck_assert_int_eq(puluk_top(&p, 5), PULUK_BLACK);
    ck_assert_int_eq(p.height[5], 3);
    ck_assert_int_eq(p.stack[5], 1); /* b, w, w from the top: bits 1, 0, 0 */
    ck_assert_int_eq(puluk_top(&p, 2), -1);
    /* The rules alone are the start. */
    puluk_pos s = pos_of("puluk-4-2+english", &r);
    puluk_pos want = puluk_start(&r);
    ck_assert_mem_eq(&s, &want, sizeof s);
    ck_assert_str_eq(text_of(&r, &s), "puluk-4-2+english:W:2,-,-,-,-,2");
}
END_TEST

START_TEST(moves_text)
{
    puluk_rules r;
    puluk_pos p = pos_of("puluk:B2:4,-,-,w,-,-,-,-,-,-,5", &r);
    int from;
    ck_assert_int_eq(puluk_move_parse(&r, &p, "h", &from, NULL), KALAH_OK);
    ck_assert_int_eq(from, 10);
    ck_assert_int_eq(puluk_move_parse(&r, &p, "10", &from, NULL), KALAH_OK);
    ck_assert_int_eq(from, 10);
    ck_assert_int_eq(puluk_move_parse(&r, &p, "7", &from, NULL), KALAH_OK);
    ck_assert_int_eq(from, 7);
    kalah_error err;
    ck_assert_int_eq(puluk_move_parse(&r, &p, "0", &from, &err), KALAH_ESYNTAX);
    ck_assert_int_eq(puluk_move_parse(&r, &p, "x", &from, &err), KALAH_ESYNTAX);
    ck_assert(strstr(err.message, "a strip 1..9, or h"));
    char buf[8];
    puluk_move_format(&r, &p, 10, buf, sizeof buf);
    ck_assert_str_eq(buf, "h");
    puluk_move_format(&r, &p, 7, buf, sizeof buf);
    ck_assert_str_eq(buf, "7");
}
END_TEST

Suite *puluk_text_suite(void)
{
    Suite *s = suite_create("puluk_text");
    TCase *tc = tcase_create("text");
    tcase_add_test(tc, rules_text);
    tcase_add_test(tc, malformed);
    tcase_add_test(tc, round_trips);
    tcase_add_test(tc, positions_read_as_written);
    tcase_add_test(tc, moves_text);
    suite_add_tcase(s, tc);
    return s;
}
