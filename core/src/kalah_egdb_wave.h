/*
 * The endgame database in wavefronts (docs/solver-cluster.md, "What building
 * a level reads"): the order the build over MPI solves a level in, and the
 * parts of a position's solving that do not depend on where its children's
 * values are (kalah_core only; no messaging).
 *
 * The potential of a placement is the sum, over both rows, of each stone
 * times its pit's number, 1..m from the row owner's far end. A move that
 * keeps every stone in play (it stops in one of the mover's own pits,
 * before its store, without a capture) moves k stones of the mover's
 * forward and raises the potential by k(k+1)/2; every other move lowers the
 * stones in play. So a position's children are in lower levels or in the
 * same level at a higher potential: a level solved wavefront by wavefront,
 * highest potential first, only ever reads values already final, and the
 * positions of one wavefront are independent of each other.
 *
 * A wavefront is enumerated from tables of rows (the placements of up to K
 * stones in the m pits of one side, grouped by stones and potential): the
 * placement index of docs/egdb.md is the index of the mover's row among the
 * rows plus a term of the opponent's row and the mover's stones, so
 * fixing the opponent's row gives a stretch of the level. The unit of work
 * is one opponent's row (with every mover's row that completes the
 * wavefront); units are numbered, so threads and ranks can share them out
 * and any rank can enumerate another's share again in the same order.
 */
#ifndef KALAH_EGDB_WAVE_H
#define KALAH_EGDB_WAVE_H

#include "kalah_solve_internal.h"

/* The rows of one side, for databases of up to K stones. */
typedef struct kalah_wave {
    kalah_rules r;
    int m, P, K;
    int pot_max;      /* m * K */
    uint32_t rows;    /* C(K + m, m); a row's number is its placement index */
    uint8_t *pits;    /* rows * m: the row of each number */
    uint32_t *order;  /* row numbers by stones, then potential, then number */
    uint32_t *group;  /* group (s, p) is order[group[g] .. group[g + 1]), g =
                         s * (pot_max + 1) + p */
} kalah_wave;

kalah_status kalah_wave_init(kalah_wave *w, const kalah_rules *r, int K, kalah_error *err);
void kalah_wave_free(kalah_wave *w);

/* The first index of level n (placements of fewer stones), and its end. */
uint64_t kalah_wave_level_start(const kalah_wave *w, int n);

/* The potentials of level n's wavefronts run from n to m * n (one for n =
 * 0), highest first. */
int kalah_wave_pot_lo(const kalah_wave *w, int n);
int kalah_wave_pot_hi(const kalah_wave *w, int n);

/* A pair of groups that meet in a wavefront: opponent's rows
 * order[o0..o1), mover's rows order[m0..m1) with s_m stones. */
typedef struct kalah_wave_pair {
    uint32_t o0, o1, m0, m1;
    int s_m;
    uint64_t units_before;     /* units of the pairs before */
    uint64_t positions_before; /* positions of the pairs before */
} kalah_wave_pair;

/* Wavefront (n, p): its pairs, units (opponent's rows) and positions. */
typedef struct kalah_wave_front {
    int n, p;
    kalah_wave_pair *pair;
    int pairs, cap;
    uint64_t units, positions;
} kalah_wave_front;

/* Fills f for wavefront (n, p), reusing its array. */
kalah_status kalah_wave_front_make(const kalah_wave *w, int n, int p, kalah_wave_front *f,
                                   kalah_error *err);
void kalah_wave_front_free(kalah_wave_front *f);

/* The positions of units [0, u) of f, and the first unit u whose units
 * [0, u) hold at least positions of them (f->units when none). */
uint64_t kalah_wave_positions_before(const kalah_wave_front *f, uint64_t u);
uint64_t kalah_wave_unit_at(const kalah_wave_front *f, uint64_t positions);

/* Who holds a position: the index's block of 2^bits, dealt out in turn to
 * ranks. */
typedef struct kalah_wave_owner {
    int ranks, rank, bits;
} kalah_wave_owner;

static inline bool kalah_wave_mine(const kalah_wave_owner *o, uint64_t idx)
{
    return o->ranks == 1 || (int)((idx >> o->bits) % (uint64_t)o->ranks) == o->rank;
}

/* Enumerates the positions of units [u, end) of a wavefront that o holds,
 * in unit order, and in a unit by the mover's row's number (so by index). */
typedef struct kalah_wave_cursor {
    const kalah_wave *w;
    const kalah_wave_front *f;
    kalah_wave_owner own;
    uint64_t u, end;
    int pair;
    uint32_t r;     /* next mover's row in the unit, of order[] */
    uint64_t J;     /* the unit's term of the index */
    bool in_unit;   /* r, J are set for unit u */
} kalah_wave_cursor;

void kalah_wave_cursor_init(kalah_wave_cursor *c, const kalah_wave *w, const kalah_wave_front *f,
                            uint64_t u, uint64_t end, const kalah_wave_owner *own);

/* Up to max positions: their indices, and their placements (the mover's
 * row, then the opponent's; bytes past 2m are 0). 0 at the end. */
int kalah_wave_next(kalah_wave_cursor *c, uint64_t *idx, uint8_t (*a)[2 * KALAH_MAX_PITS],
                    int max);

/* A position being solved: the game's end, or its children. */
typedef struct kalah_wave_node {
    uint64_t idx;
    int n;     /* children; -1: over, value in value */
    int value;
    struct {
        uint64_t idx; /* not ended: the child's index, to look up */
        int gain;
        bool ended, same;
    } ch[KALAH_MAX_PITS];
} kalah_wave_node;

/* Expands the placement a (mover-relative) of index idx. */
void kalah_wave_expand(const kalah_rules *r, const uint8_t *a, uint64_t idx, kalah_wave_node *x);

/* Its value, got[k] being child k's (read for the children not ended). */
int kalah_wave_finish(const kalah_wave_node *x, const int8_t *got);

#endif
