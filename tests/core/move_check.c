/* Helpers of the move tests (move_check.h). */
#include "move_check.h"
#include "core_tests.h"

#include <string.h>

kalah_rules rules_of(const char *text)
{
    kalah_rules r;
    kalah_error err;
    ck_assert_msg(kalah_rules_parse(text, &r, &err) == KALAH_OK, "%s: %s", text, err.message);
    return r;
}

void parse_ok(const char *text, kalah_rules *r, kalah_pos *p)
{
    kalah_error err = {.code = KALAH_OK, .pos = 0};
    kalah_status st = kalah_pos_parse(text, r, p, &err);
    ck_assert_msg(st == KALAH_OK, "cannot parse \"%s\": %s (column %d)", text,
                  err.message, err.pos);
}

kalah_pos pos_of(const char *text, kalah_rules *r)
{
    kalah_pos p;
    parse_ok(text, r, &p);
    return p;
}

void format_ok(const kalah_rules *r, const kalah_pos *p, char *buf)
{
    int n = kalah_pos_format(r, p, buf, KALAH_TEXT_MAX);
    ck_assert_int_gt(n, 0);
    ck_assert_int_lt(n, KALAH_TEXT_MAX);
}

/* Compares *p with the position text want. When any_side, the side to move
 * of *p is not compared (a finished game: the rules do not say whose turn it
 * would be). */
void expect_pos(const kalah_rules *r, const kalah_pos *p, const char *want,
                bool any_side)
{
    kalah_rules wr;
    kalah_pos wp;
    parse_ok(want, &wr, &wp);
    if (any_side)
        wp.to_move = p->to_move;
    char got_text[KALAH_TEXT_MAX], want_text[KALAH_TEXT_MAX];
    format_ok(r, p, got_text);
    format_ok(&wr, &wp, want_text);
    ck_assert_str_eq(got_text, want_text);
    ck_assert_msg(memcmp(p, &wp, sizeof wp) == 0, "positions differ: %s", got_text);
}

/* Parses before, plays pit, checks: KALAH_OK, the position after (any_side as
 * in expect_pos), stones conserved. Returns the move's info; the rules and
 * the new position go to *r and *p when not NULL. */
kalah_move_info play_expect(const char *before, int pit, const char *after,
                            bool any_side, kalah_rules *r_out, kalah_pos *p_out)
{
    kalah_rules r;
    kalah_pos p;
    parse_ok(before, &r, &p);
    int total = kalah_rules_total(&r);
    ck_assert_int_eq(kalah_total_stones(&r, &p), total);
    kalah_move_info info = {.extra_turn = false, .captured = -1, .relays = -1,
                            .ended = false};
    kalah_error err = {.code = KALAH_OK, .pos = 0};
    kalah_status st = kalah_play(&r, &p, pit, &info, &err);
    ck_assert_msg(st == KALAH_OK, "%s pit %d: status %d (%s)", before, pit, (int)st,
                  err.message);
    expect_pos(&r, &p, after, any_side);
    ck_assert_int_eq(kalah_total_stones(&r, &p), total);
    if (r_out)
        *r_out = r;
    if (p_out)
        *p_out = p;
    return info;
}

/* Plays pit on *p (already checked rules) and compares with after. */
kalah_move_info play_on(const kalah_rules *r, kalah_pos *p, int pit,
                        const char *after, bool any_side)
{
    int total = kalah_total_stones(r, p);
    kalah_move_info info = {.extra_turn = false, .captured = -1, .relays = -1,
                            .ended = false};
    ck_assert_int_eq(kalah_play(r, p, pit, &info, NULL), KALAH_OK);
    expect_pos(r, p, after, any_side);
    ck_assert_int_eq(kalah_total_stones(r, p), total);
    return info;
}

void expect_plain(kalah_move_info info)
{
    ck_assert(!info.extra_turn);
    ck_assert_int_eq(info.captured, 0);
    ck_assert_int_eq(info.relays, 0);
    ck_assert(!info.ended);
}

void expect_capture(kalah_move_info info, int n)
{
    ck_assert(!info.extra_turn);
    ck_assert_int_eq(info.captured, n);
    ck_assert(!info.ended);
}

void expect_over(const kalah_rules *r, const kalah_pos *p, int margin)
{
    int moves[KALAH_MAX_PITS];
    ck_assert(kalah_over(r, p));
    ck_assert_int_eq(kalah_moves(r, p, moves), 0);
    ck_assert_int_eq(kalah_margin(r, p), margin);
}

void expect_moves(const kalah_rules *r, const kalah_pos *p, int n,
                  const int *want)
{
    int moves[KALAH_MAX_PITS];
    ck_assert(!kalah_over(r, p));
    ck_assert_int_eq(kalah_moves(r, p, moves), n);
    for (int i = 0; i < n; i++)
        ck_assert_int_eq(moves[i], want[i]);
}

