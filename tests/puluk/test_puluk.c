/* test_puluk: the Check program for Pulúk in the core. */
#include "puluk_tests.h"

#include <stdlib.h>

puluk_pos pos_of(const char *text, puluk_rules *r)
{
    puluk_pos p;
    kalah_error err = {0};
    kalah_status st = puluk_pos_parse(text, r, &p, &err);
    ck_assert_msg(st == KALAH_OK, "%s: column %d: %s", text, err.pos, err.message);
    return p;
}

const char *text_of(const puluk_rules *r, const puluk_pos *p)
{
    static char buf[4][PULUK_TEXT_MAX];
    static int k;
    k = (k + 1) % 4;
    puluk_pos_format(r, p, buf[k], sizeof buf[k]);
    return buf[k];
}

puluk_pos random_pos(const puluk_rules *r, kalah_rng *g, int plies)
{
    puluk_pos p = puluk_start(r);
    for (int k = 0; k < plies && !puluk_over(r, &p); k++) {
        p.thrown = (uint8_t)puluk_throw_random(r, g);
        int moves[PULUK_MAX_MOVES], n = puluk_moves(r, &p, moves);
        ck_assert_int_gt(n, 0);
        ck_assert_int_eq(puluk_play(r, &p, moves[kalah_rng_below(g, n)], NULL, NULL), KALAH_OK);
    }
    return p;
}

int main(void)
{
    SRunner *sr = srunner_create(puluk_rules_suite());
    srunner_add_suite(sr, puluk_text_suite());
    srunner_add_suite(sr, puluk_perft_suite());
    srunner_add_suite(sr, puluk_solve_suite());
    srunner_add_suite(sr, puluk_players_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
