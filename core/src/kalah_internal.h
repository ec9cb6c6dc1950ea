/* Shared inside kalah_core only; not part of the library's interface. */
#ifndef KALAH_INTERNAL_H
#define KALAH_INTERNAL_H

#include "kalah.h"

/* Reads decimal digits at *s into *out (at most max); advances *s. False,
 * with *s unmoved, when there is no digit or the value exceeds max. */
bool kalah_read_uint(const char **s, int *out, int max);

/* RULES at the start of text, up to the end, ':' or a space; *used gets the
 * characters taken; error columns count from 1 at text. */
kalah_status kalah_rules_parse_prefix(const char *text, kalah_rules *r, int *used,
                                      kalah_error *err);

/* Plays the legal move from pit index i (0-based) of the side to move. */
void kalah_apply(const kalah_rules *r, kalah_pos *p, int i, kalah_move_info *info);

/* MCTS for kalah_search (kalah_mcts.c); out already holds the legal moves. */
struct kalah_player;
struct kalah_rng;
struct kalah_result;
kalah_status kalah_mcts(const kalah_rules *r, const kalah_pos *p, const struct kalah_player *pl,
                        struct kalah_rng *rng, struct kalah_result *out, kalah_error *err);

/* The exact player (kalah_solve.c): a solver with a small table and the
 * player's node budget; with all, every move's value. out already holds
 * the legal moves. */
kalah_status kalah_exact_search(const kalah_rules *r, const kalah_pos *p,
                                const struct kalah_player *pl, bool all,
                                struct kalah_result *out, kalah_error *err);

#endif
