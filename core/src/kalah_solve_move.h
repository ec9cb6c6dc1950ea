/*
 * A move on a placement seen from the side to move: the solver's and the
 * endgame database's hot path (kalah_core only, and tests/core, which check
 * it against kalah_apply on every move of long random games of every rule
 * set the solver serves).
 *
 * kalah_apply (kalah_move.c) is the definition of the rules. This is the
 * same move for the standard variant (every capture and end rule,
 * "decided" included) without kalah_apply's conversions: it sows into the
 * mover-relative bytes the solver keys on and gives back the child in the
 * frame of the side that moves next, with what the search needs (the gain,
 * the stones in play). Relay Kalah goes through kalah_apply itself.
 */
#ifndef KALAH_SOLVE_MOVE_H
#define KALAH_SOLVE_MOVE_H

#include "kalah_internal.h"

#include <stdint.h>
#include <string.h>

/* A position as the side to move sees it: a[0..m-1] its pits 1..m,
 * a[m..2m-1] the opponent's pits 1..m (the bytes past 2m are 0); store[0]
 * its store, store[1] the opponent's; side[0] and side[1] the stones in
 * its pits and in the opponent's. A pit or a store holds at most 255
 * stones. */
typedef struct kalah_rel {
    uint8_t a[2 * KALAH_MAX_PITS];
    int store[2];
    int side[2];
} kalah_rel;

/* What a move did, besides the position after it. */
typedef struct kalah_rel_info {
    int gain;      /* the mover's store difference change, the final sweep
                      included */
    int in_play;   /* stones left in the pits (0 when a side's emptiness
                      ended the game) */
    int captured;  /* as kalah_move_info */
    bool same;     /* the mover moves next (an extra turn; also set when the
                      last stone reached the store and the game ended) */
    bool ended;
} kalah_rel_info;

/* p's pits and stores seen from its side to move. */
static inline void kalah_rel_of(const kalah_rules *r, const kalah_pos *p, kalah_rel *out)
{
    /* (The bound tells the compiler that a is large enough.) */
    const int m = r->pits <= KALAH_MAX_PITS ? r->pits : KALAH_MAX_PITS, me = p->to_move;
    memset(out, 0, sizeof *out);
    for (int i = 0; i < m; i++) {
        out->a[i] = (uint8_t)p->pit[me][i];
        out->a[m + i] = (uint8_t)p->pit[me ^ 1][i];
        out->side[0] += p->pit[me][i];
        out->side[1] += p->pit[me ^ 1][i];
    }
    out->store[0] = p->store[me];
    out->store[1] = p->store[me ^ 1];
}

/* The position q, with side to move `side` (to_move), as a kalah_pos. */
static inline kalah_pos kalah_rel_to_pos(const kalah_rules *r, const kalah_rel *q, int side)
{
    kalah_pos p;
    memset(&p, 0, sizeof p);
    for (int i = 0; i < r->pits; i++) {
        p.pit[side][i] = q->a[i];
        p.pit[side ^ 1][i] = q->a[r->pits + i];
    }
    p.store[side] = (uint16_t)q->store[0];
    p.store[side ^ 1] = (uint16_t)q->store[1];
    p.to_move = (uint16_t)side;
    return p;
}

/* The general path, for the variants kalah_rel_move does not sow itself. */
static inline void kalah_rel_move_general(const kalah_rules *r, const kalah_rel *p, int i,
                                          kalah_rel *out, kalah_rel_info *info)
{
    kalah_pos q = kalah_rel_to_pos(r, p, KALAH_SOUTH);
    kalah_move_info mi;
    kalah_apply(r, &q, i, &mi);
    kalah_rel_of(r, &q, out);
    info->same = q.to_move == KALAH_SOUTH;
    info->ended = mi.ended;
    info->captured = mi.captured;
    info->gain = (q.store[0] - q.store[1]) - (p->store[0] - p->store[1]);
    info->in_play = out->side[0] + out->side[1];
}

/* Adds one stone to each of a[from..to-1]. */
static inline void kalah_rel_sow(uint8_t *a, int from, int to)
{
    for (int k = from; k < to; k++)
        a[k]++;
}

/*
 * Plays the legal move from pit index i (p->a[i] > 0) of p into *out, seen
 * from the side that moves next. It sows on p's bytes in kalah_apply's ring
 * order: the mover's pits after i, its store, the opponent's pits, the
 * mover's pits from the first (the opponent's store is never sown into).
 */
static inline void kalah_rel_move(const kalah_rules *r, const kalah_rel *p, int i,
                                  kalah_rel *out, kalah_rel_info *info)
{
    if (r->variant != KALAH_STANDARD) {
        kalah_rel_move_general(r, p, i, out, info);
        return;
    }
    /* (The bound tells the compiler that a is large enough.) */
    const int m = r->pits <= KALAH_MAX_PITS ? r->pits : KALAH_MAX_PITS, cells = 2 * m + 1;
    uint8_t *a = out->a;
    memcpy(a, p->a, sizeof out->a);
    int n = a[i], to_store = 0;
    int own = -n, opp = 0; /* the stones each side's pits gain */
    a[i] = 0;
    if (n >= cells) { /* whole laps: a stone in every cell, this one too */
        const int laps = n / cells;
        for (int k = 0; k < 2 * m; k++)
            a[k] = (uint8_t)(a[k] + laps);
        to_store = laps;
        own += laps * m;
        opp += laps * m;
        n -= laps * cells;
    }
    /* n < cells stones left; last: the last stone's pit index in a, or -1
     * for the store. */
    int last;
    if (n <= m - 1 - i) {
        kalah_rel_sow(a, i + 1, i + 1 + n);
        own += n;
        last = i + n;
    } else {
        kalah_rel_sow(a, i + 1, m);
        own += m - 1 - i;
        n -= m - i; /* the store takes one */
        to_store++;
        if (n == 0) {
            last = -1;
        } else if (n <= m) {
            kalah_rel_sow(a, m, m + n);
            opp += n;
            last = m + n - 1;
        } else {
            kalah_rel_sow(a, m, 2 * m);
            kalah_rel_sow(a, 0, n - m);
            opp += m;
            own += n - m;
            last = n - m - 1;
        }
    }
    info->captured = 0;
    if (last >= 0 && last < m && a[last] == 1 &&
        (a[2 * m - 1 - last] > 0 || r->empty_capture)) {
        info->captured = a[2 * m - 1 - last] + 1;
        to_store += info->captured;
        own -= 1;
        opp -= info->captured - 1;
        a[2 * m - 1 - last] = 0;
        a[last] = 0;
    }
    own += p->side[0];
    opp += p->side[1];
    const bool same = last < 0;
    int mine = p->store[0] + to_store, theirs = p->store[1];
    info->same = same;
    info->gain = to_store;
    if (r->end == KALAH_END_EITHER_EMPTY ? own == 0 || opp == 0 : (same ? own : opp) == 0) {
        /* Each side's stones to its own store. */
        info->ended = true;
        info->gain += own - opp;
        info->in_play = 0;
        memset(a, 0, sizeof out->a);
        mine += own;
        theirs += opp;
        own = opp = 0;
    } else {
        const int total = 2 * m * r->stones;
        info->ended = r->stop_when_decided && (2 * mine > total || 2 * theirs > total);
        info->in_play = own + opp;
        if (!same) /* the opponent's view: the halves change places */
            for (int k = 0; k < m; k++) {
                uint8_t t = a[k];
                a[k] = a[m + k];
                a[m + k] = t;
            }
    }
    out->store[same ? 0 : 1] = mine;
    out->store[same ? 1 : 0] = theirs;
    out->side[same ? 0 : 1] = own;
    out->side[same ? 1 : 0] = opp;
}

#endif
