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
Suite *players_suite(void);  /* test_players.c: evaluations, levels, players by hand */
Suite *solve_suite(void);    /* test_solve.c: the exact solver against brute force */
Suite *egdb_suite(void);     /* test_solve_egdb.c: the endgame database */
Suite *solve_player_suite(void); /* test_solve_player.c: the exact player */
Suite *search_seeds_suite(void); /* test_search_seeds.c: the seeds' searches as written */
Suite *book_suite(void);         /* test_book.c: the opening book */
Suite *solve_move_suite(void);   /* test_solve_move.c: the solver's moves against the rules */
Suite *solve_tt_suite(void);     /* test_solve_tt.c: the solver's table keeps keys exact */
Suite *solve_split_suite(void);  /* test_solve_split.c: the search split at a frontier */
Suite *egdb_wave_suite(void);    /* test_egdb_wave.c: the database in wavefronts */

/* ck_assert logs every passing check (a write to Check's log), too slow
 * for the inner loops; they use CHECK, which only acts on a failure. */
#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        if (!(cond))                                                                               \
            ck_abort_msg(__VA_ARGS__);                                                             \
    } while (0)

/* Shared by test_solve.c (where they are) and the other suites. */
#include "kalah.h"
#include "kalah_search.h"
#include "kalah_solve.h"

/* The position as text, for failure messages (one per message). */
const char *solve_show(const kalah_rules *r, const kalah_pos *p);
/* Brute force: memoised negamax over kalah_moves / kalah_play. oracle_value
 * is p's final margin for its side to move under perfect play, oracle_after
 * that of playing pit, still for p's side to move. */
typedef struct oracle oracle;
oracle *oracle_new(const kalah_rules *r);
void oracle_free(oracle *b);
int oracle_value(oracle *b, const kalah_pos *p);
int oracle_after(oracle *b, const kalah_pos *p, int pit);
/* A random position of r with min..max stones in play (it may be over). */
kalah_pos solve_random_pos(const kalah_rules *r, kalah_rng *g, int min_in_play, int max_in_play);
/* A solver that must be created, and a run that must succeed. */
kalah_solver *solver_ok(const kalah_rules *r, size_t tt_bytes, int threads, unsigned disable,
                        const kalah_egdb *db);
kalah_solution solve_ok(kalah_solver *s, const kalah_rules *r, const kalah_pos *p, bool all,
                        const kalah_solve_limits *lim);
/* Runs with and without all on p against brute force. */
void solve_check(kalah_solver *s, oracle *b, const kalah_rules *r, const kalah_pos *p);
/* The reference root values of standard Kalah(6,3), with all. */
void solve_check_root_6_3(kalah_solver *s);
#endif
