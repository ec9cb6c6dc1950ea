/* The suites of test_core, one per source file. */
#ifndef CORE_TESTS_H
#define CORE_TESTS_H
#include <check.h>
Suite *rules_suite(void);    /* test_rules.c: rule sets and their text */
Suite *moves_suite(void);    /* test_moves.c: every standard rule, by hand */
Suite *relay_suite(void);    /* test_relay.c: seed 001's variant, by hand */
Suite *notation_suite(void); /* test_notation.c: positions, games, logs as text */
Suite *game_suite(void);     /* test_game.c: history, perft, random games */
Suite *search_suite(void);   /* test_search.c: algorithms against each other */
#endif
