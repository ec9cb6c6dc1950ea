/* The suites of test_puluk, one per source file, and their shared helpers. */
#ifndef PULUK_TESTS_H
#define PULUK_TESTS_H

#include "puluk.h"
#include "puluk_players.h"
#include "puluk_solve.h"

#include <check.h>

Suite *puluk_rules_suite(void);   /* test_puluk_rules.c: every rule, by hand */
Suite *puluk_text_suite(void);    /* test_puluk_text.c: notation, round trips */
Suite *puluk_perft_suite(void);   /* test_puluk_perft.c: counts, and a second model */
Suite *puluk_solve_suite(void);   /* test_puluk_solve.c: the index, the solve, the file */
Suite *puluk_players_suite(void); /* test_puluk_players.c: gods, search, games */

/* The position of text, which must parse; its rules in *r. */
puluk_pos pos_of(const char *text, puluk_rules *r);
/* The position as text (a static buffer, one per message). */
const char *text_of(const puluk_rules *r, const puluk_pos *p);
/* A position of r reached by plies random throws and moves from the start
 * (fewer when the game ends), not thrown. */
puluk_pos random_pos(const puluk_rules *r, kalah_rng *g, int plies);

#endif
