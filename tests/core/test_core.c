/* test_core: the Check program for the reference Kalah engine. */
#include "core_tests.h"

#include <stdlib.h>

int main(void)
{
    SRunner *sr = srunner_create(rules_suite());
    srunner_add_suite(sr, moves_suite());
    srunner_add_suite(sr, relay_suite());
    srunner_add_suite(sr, notation_suite());
    srunner_add_suite(sr, game_suite());
    srunner_add_suite(sr, search_suite());
    srunner_add_suite(sr, players_suite());
    srunner_add_suite(sr, solve_suite());
    srunner_add_suite(sr, egdb_suite());
    srunner_add_suite(sr, solve_player_suite());
    srunner_add_suite(sr, search_seeds_suite());
    srunner_add_suite(sr, book_suite());
    srunner_add_suite(sr, solve_move_suite());
    srunner_add_suite(sr, solve_tt_suite());
    srunner_add_suite(sr, solve_split_suite());
    srunner_add_suite(sr, egdb_wave_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
