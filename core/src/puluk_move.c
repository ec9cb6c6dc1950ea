/* Pulúk's positions and moves: the rules of seed 004 and their variants
 * (docs/puluk.md, "Rules"). */
#include "puluk_internal.h"

#include <string.h>

_Static_assert(sizeof(puluk_pos) == 2 * (PULUK_MAX_STRIPS + 2) + PULUK_MAX_STRIPS + 3 + 4,
               "puluk_pos has no padding, so positions compare with memcmp");
_Static_assert(PULUK_MAX_HEIGHT <= 16, "a column's colours fit stack's 16 bits");

puluk_pos puluk_start(const puluk_rules *r)
{
    puluk_pos p;
    memset(&p, 0, sizeof p);
    p.town[PULUK_WHITE] = p.town[PULUK_BLACK] = (uint8_t)r->pieces;
    p.to_move = PULUK_WHITE;
    return p;
}

int puluk_top(const puluk_pos *p, int s)
{
    if (s < 0 || s > PULUK_MAX_STRIPS + 1 || p->height[s] == 0)
        return -1;
    return p->stack[s] & 1u;
}

puluk_census puluk_census_of(const puluk_rules *r, const puluk_pos *p, int side)
{
    puluk_census c = {.home = p->town[side]};
    int on_board = 0;
    for (int s = 1; s <= r->strips; s++) {
        int h = p->height[s];
        if (h == 0)
            continue;
        unsigned bits = p->stack[s];
        int top = (int)(bits & 1u);
        on_board += puluk_of_side(bits, h, side);
        if (top == side)
            c.free++;
        /* Below the top: under the English rules nothing is free before the
         * far town; otherwise a piece of the top's side ends the run of
         * prisoners above it and is free (Skiryuk's rule alone leaves such
         * pieces). */
        if (r->release != PULUK_RELEASE_TOWN)
            for (int k = 1; k < h; k++)
                if ((int)((bits >> k) & 1u) == top && top == side)
                    c.free++;
    }
    c.held = on_board - c.free;
    c.dead = r->pieces - c.home - on_board;
    return c;
}

int puluk_free_pieces(const puluk_rules *r, const puluk_pos *p, int side)
{
    puluk_census c = puluk_census_of(r, p, side);
    return c.home + c.free;
}

bool puluk_over(const puluk_rules *r, const puluk_pos *p)
{
    return puluk_free_pieces(r, p, p->to_move) == 0;
}

int puluk_winner(const puluk_rules *r, const puluk_pos *p)
{
    return puluk_over(r, p) ? 1 - p->to_move : -1;
}

kalah_status puluk_pos_check(const puluk_rules *r, const puluk_pos *p, kalah_error *err)
{
    static const char *const name[2] = {"White", "Black"};
    kalah_status st = puluk_rules_check(r, err);
    if (st != KALAH_OK)
        return st;
    if (p->to_move > 1)
        return kalah_fail(err, KALAH_EINVAL, 0, "the side to move must be White or Black");
    if (p->thrown > PULUK_MAX_THROW)
        return kalah_fail(err, KALAH_EINVAL, 0, "a throw is 1..5, not %d", p->thrown);
    for (int s = 0; s < PULUK_MAX_STRIPS + 3; s++) {
        bool strip = s >= 1 && s <= r->strips;
        int h = p->height[s];
        unsigned bits = s < PULUK_MAX_STRIPS + 2 ? p->stack[s] : 0;
        if (!strip && (h || bits))
            return kalah_fail(err, KALAH_EINVAL, 0, "square %d holds no column", s);
        if (h > 2 * r->pieces || (bits >> h) != 0)
            return kalah_fail(err, KALAH_EINVAL, 0, "strip %d: a column of %d pieces", s, h);
        if (strip && h > 1 && r->release == PULUK_RELEASE_HOME) {
            int top = (int)(bits & 1u);
            if (puluk_of_side(bits, h, top) != 1)
                return kalah_fail(err, KALAH_EINVAL, 0,
                                  "strip %d: under the author's rule a column holds only the "
                                  "other side's pieces under its top",
                                  s);
        }
    }
    for (int side = 0; side < 2; side++) {
        puluk_census c = puluk_census_of(r, p, side);
        if (c.dead < 0)
            return kalah_fail(err, KALAH_EINVAL, 0, "%s has %d pieces, more than the %d of the rules",
                              name[side], r->pieces - c.dead, r->pieces);
    }
    int mover = puluk_free_pieces(r, p, p->to_move),
        other = puluk_free_pieces(r, p, 1 - p->to_move);
    if (other == 0)
        return kalah_fail(err, KALAH_EINVAL, 0,
                          "%s has no free piece, so the game ended before %s was to move",
                          name[1 - p->to_move], name[p->to_move]);
    if (mover == 0 && p->thrown)
        return kalah_fail(err, KALAH_EINVAL, 0, "the game is over: %s throws no more",
                          name[p->to_move]);
    return KALAH_OK;
}

puluk_pos puluk_mirror(const puluk_rules *r, const puluk_pos *p)
{
    puluk_pos m;
    memset(&m, 0, sizeof m);
    for (int s = 1; s <= r->strips; s++) {
        int t = r->strips + 1 - s, h = p->height[s];
        m.height[t] = (uint8_t)h;
        m.stack[t] = (uint16_t)(p->stack[s] ^ ((1u << h) - 1u));
    }
    m.town[0] = p->town[1];
    m.town[1] = p->town[0];
    m.to_move = (uint8_t)(1 - p->to_move);
    m.thrown = p->thrown;
    return m;
}

kalah_status puluk_throw(const puluk_rules *r, puluk_pos *p, int throw_value, kalah_error *err)
{
    if (throw_value < 1 || throw_value > PULUK_MAX_THROW)
        return kalah_fail(err, KALAH_EINVAL, 0, "a throw is 1..5, not %d", throw_value);
    if (puluk_over(r, p))
        return kalah_fail(err, KALAH_EILLEGAL, 0, "the game is over");
    if (p->thrown)
        return kalah_fail(err, KALAH_EILLEGAL, 0, "the throw is made already (%d)", p->thrown);
    p->thrown = (uint8_t)throw_value;
    return KALAH_OK;
}

int puluk_unit_height(const puluk_rules *r, const puluk_pos *p, int s)
{
    int h = p->height[s];
    if (r->release == PULUK_RELEASE_TOWN)
        return h;
    unsigned bits = p->stack[s], top = bits & 1u;
    int k = 1;
    while (k < h && ((bits >> k) & 1u) != top)
        k++;
    return k;
}

bool puluk_legal(const puluk_rules *r, const puluk_pos *p, int from)
{
    int c = p->to_move;
    if (p->thrown < 1 || p->thrown > PULUK_MAX_THROW || puluk_over(r, p))
        return false;
    if (from == puluk_town_square(r, c)) {
        if (p->town[c] == 0)
            return false;
    } else if (from < 1 || from > r->strips || puluk_top(p, from) != c) {
        return false;
    }
    int to = puluk_dest(r, c, from, p->thrown);
    /* Two pieces of a side never share a strip: a column topped by the
     * mover's own piece cannot be landed on; the towns take any number. */
    return to == 0 || to == r->strips + 1 || puluk_top(p, to) != c;
}

int puluk_moves(const puluk_rules *r, const puluk_pos *p, int moves[PULUK_MAX_MOVES])
{
    int n = 0, c = p->to_move;
    if (!p->thrown || puluk_over(r, p))
        return 0;
    /* The tie rule's order: the piece nearest the far town first, then
     * back towards the mover's town; a piece from the town last. */
    for (int k = 0; k < r->strips; k++) {
        int s = c == PULUK_WHITE ? r->strips - k : 1 + k;
        if (puluk_legal(r, p, s))
            moves[n++] = s;
    }
    int home = puluk_town_square(r, c);
    if (puluk_legal(r, p, home))
        moves[n++] = home;
    return n;
}

void puluk_apply(const puluk_rules *r, puluk_pos *p, int from, puluk_move_info *info)
{
    int c = p->to_move, o = 1 - c, t = p->thrown;
    puluk_move_info mi = {.from = from};
    unsigned unit;
    int uh;
    if (from == puluk_town_square(r, c)) {
        unit = (unsigned)c;
        uh = 1;
        p->town[c]--;
    } else {
        uh = puluk_unit_height(r, p, from);
        unit = p->stack[from] & ((1u << uh) - 1u);
        p->stack[from] = (uint16_t)(p->stack[from] >> uh);
        p->height[from] = (uint8_t)(p->height[from] - uh);
    }
    mi.carried = puluk_of_side(unit, uh, o);
    int to = puluk_dest(r, c, from, t);
    mi.to = to;
    if (to == 0 || to == r->strips + 1) {
        /* The far town: the mover's pieces go home (the top, and under the
         * English rules its freed prisoners), the other side's die. */
        int own = uh - mi.carried;
        p->town[c] = (uint8_t)(p->town[c] + own);
        mi.town = true;
        mi.killed = mi.carried;
        mi.freed = own - 1;
    } else {
        unsigned dest = p->stack[to];
        int dh = p->height[to];
        int own = puluk_of_side(dest, dh, c), theirs = dh - own;
        unsigned stack;
        int height;
        if (r->release == PULUK_RELEASE_HOME) {
            /* The taken column's own pieces go home; its other-side pieces
             * (its top) go under the mover's column. */
            p->town[c] = (uint8_t)(p->town[c] + own);
            mi.freed = own;
            mi.captured = theirs;
            stack = unit | (o == PULUK_BLACK ? ((1u << theirs) - 1u) << uh : 0u);
            height = uh + theirs;
        } else {
            stack = unit | (dest << uh);
            height = uh + dh;
            if (r->release == PULUK_RELEASE_STAY) {
                mi.freed = own;
                mi.captured = theirs;
            } else {
                mi.captured = dh > 0;
            }
        }
        p->stack[to] = (uint16_t)stack;
        p->height[to] = (uint8_t)height;
    }
    p->thrown = 0;
    p->to_move = (uint8_t)o;
    mi.won = puluk_free_pieces(r, p, o) == 0;
    if (info)
        *info = mi;
}

kalah_status puluk_play(const puluk_rules *r, puluk_pos *p, int from, puluk_move_info *info,
                        kalah_error *err)
{
    int c = p->to_move;
    if (puluk_over(r, p))
        return kalah_fail(err, KALAH_EILLEGAL, 0, "the game is over");
    if (!p->thrown)
        return kalah_fail(err, KALAH_EILLEGAL, 0, "nothing is thrown yet");
    int home = puluk_town_square(r, c);
    if (from != home && (from < 1 || from > r->strips))
        return kalah_fail(err, KALAH_EILLEGAL, 0, "%d is not a strip (1..%d) nor %s's town",
                          from, r->strips, c == PULUK_WHITE ? "White" : "Black");
    if (from == home && p->town[c] == 0)
        return kalah_fail(err, KALAH_EILLEGAL, 0, "no piece is at home");
    if (from != home && puluk_top(p, from) != c)
        return kalah_fail(err, KALAH_EILLEGAL, 0, "strip %d has no free %s piece on top", from,
                          c == PULUK_WHITE ? "white" : "black");
    if (!puluk_legal(r, p, from))
        return kalah_fail(err, KALAH_EILLEGAL, 0,
                          "%d from %s lands on strip %d, where a %s piece stands", p->thrown,
                          from == home ? "the town" : "there",
                          puluk_dest(r, c, from, p->thrown), c == PULUK_WHITE ? "white" : "black");
    puluk_apply(r, p, from, info);
    return KALAH_OK;
}
