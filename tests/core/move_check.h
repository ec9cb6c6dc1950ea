/* Helpers of the core tests (test_moves.c, test_relay.c, test_game.c,
 * test_search.c): parse rules and positions written in the text notation,
 * play a move and compare the outcome with a hand-computed position. */
#ifndef MOVE_CHECK_H
#define MOVE_CHECK_H

#include "kalah.h"

#include <stdbool.h>

/* The rules a text stands for (kalah_rules_parse); the text must parse. */
kalah_rules rules_of(const char *text);
/* Parses a position text into *r and *p; the text must parse. */
void parse_ok(const char *text, kalah_rules *r, kalah_pos *p);
/* parse_ok returning the position (the rules go to *r). */
kalah_pos pos_of(const char *text, kalah_rules *r);
void format_ok(const kalah_rules *r, const kalah_pos *p, char *buf);
void expect_pos(const kalah_rules *r, const kalah_pos *p, const char *want,
                bool any_side);
kalah_move_info play_expect(const char *before, int pit, const char *after,
                            bool any_side, kalah_rules *r_out, kalah_pos *p_out);
kalah_move_info play_on(const kalah_rules *r, kalah_pos *p, int pit,
                        const char *after, bool any_side);
/* No extra turn, capture or relay, and the game goes on. */
void expect_plain(kalah_move_info info);
/* No extra turn, n stones captured, and the game goes on. */
void expect_capture(kalah_move_info info, int n);
void expect_over(const kalah_rules *r, const kalah_pos *p, int margin);
void expect_moves(const kalah_rules *r, const kalah_pos *p, int n,
                  const int *want);

#endif
