/* Helpers of the move tests: play a move on a position written in the text
 * notation and compare the outcome with a hand-computed position. */
#ifndef MOVE_CHECK_H
#define MOVE_CHECK_H

#include "kalah.h"

#include <stdbool.h>

void parse_ok(const char *text, kalah_rules *r, kalah_pos *p);
void format_ok(const kalah_rules *r, const kalah_pos *p, char *buf);
void expect_pos(const kalah_rules *r, const kalah_pos *p, const char *want,
                bool any_side);
kalah_move_info play_expect(const char *before, int pit, const char *after,
                            bool any_side, kalah_rules *r_out, kalah_pos *p_out);
kalah_move_info play_on(const kalah_rules *r, kalah_pos *p, int pit,
                        const char *after, bool any_side);
void expect_plain(kalah_move_info info);
void expect_over(const kalah_rules *r, const kalah_pos *p, int margin);
void expect_moves(const kalah_rules *r, const kalah_pos *p, int n,
                  const int *want);

#endif
