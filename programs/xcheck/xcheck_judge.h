/*
 * xcheck_judge.h: the strong level that judges the calculator's moves
 * (prefix xcheck_judge): the core's exact solver (kalah_solve.h) with a
 * node budget, run on the position a move was played from with every root
 * move's value. The window (emulator/ui) judges the calculator's first move
 * of each turn with it, `mk61 crosscheck --judge` every move.
 *
 * Values are final margins in stones, from the point of view of the side
 * that moved (the calculator): what it ends with minus what the other
 * ends with, both playing perfectly from there on. When the budget runs
 * out before the values are proven they are the solver's estimates of its
 * deepest finished iteration (depth), still in stones of final margin.
 *
 * Contract: no printing, no files. The judge owns one solver, created on
 * the first judgement for its rules and created again when the rules
 * change (a solver is bound to the rules it was made for); its table is
 * kept between judgements of the same rules, which is sound because it
 * holds positions, not games.
 */
#ifndef XCHECK_JUDGE_H
#define XCHECK_JUDGE_H

#include "kalah.h"
#include "kalah_solve.h"

#include <stdbool.h>
#include <stdint.h>

#define XCHECK_JUDGE_NODES 300000          /* default node budget of a judgement */
#define XCHECK_JUDGE_TT ((size_t)32 << 20) /* default table: 32 MiB */

typedef struct xcheck_judge {
    uint64_t max_nodes;  /* node budget per judgement; 0: XCHECK_JUDGE_NODES.
                            The only budget: no clock, so a judgement depends
                            only on the position and the judge's history (its
                            table), never on the machine's load */
    size_t tt_bytes;     /* the solver's table; 0: XCHECK_JUDGE_TT */
    kalah_solver *solver; /* NULL until the first judgement */
    kalah_rules rules;   /* the solver's */
} xcheck_judge;

typedef struct xcheck_judgement {
    int move, value;     /* the move judged and its value */
    int best_move, best; /* a best move (the lowest pit of the best value) and
                            its value: best >= value */
    bool exact;          /* both values are proven and no other move can do
                            better than best */
    int depth;           /* when not exact: the solver's deepest finished
                            iteration (0: none) */
    uint64_t nodes;
    double seconds;
} xcheck_judgement;

/* Judges move (a legal pit of the side to move in p, under r). False, with
 * why in err, when the solver cannot be made (out of memory) or the move is
 * not legal in p. */
bool xcheck_judge_move(xcheck_judge *j, const kalah_rules *r, const kalah_pos *p, int move,
                       xcheck_judgement *out, kalah_error *err);

/* What the judgements of many moves add up to (xcheck_judge_game). */
typedef struct xcheck_judge_tally {
    long moves;         /* moves judged */
    long best;          /* of them, a best move (value == best) */
    long exact;         /* judgements that were exact */
    long lost;          /* stones given away in all: the sum of best - value */
    double seconds, max_seconds; /* spent judging, and on the longest one */
    /* The first judgement that gave away the most stones (worst.best -
     * worst.value), when one gave any away (worst_lost > 0). */
    int worst_lost;
    xcheck_judgement worst;
    kalah_rules worst_rules;
    kalah_pos worst_pos;
} xcheck_judge_tally;

/* Judges every move of side (KALAH_SOUTH or KALAH_NORTH) in the moves in
 * effect of g and adds them to t. False, with why in err, when a
 * judgement fails (out of memory). */
bool xcheck_judge_game(xcheck_judge *j, const kalah_game *g, int side, xcheck_judge_tally *t,
                       kalah_error *err);

/* Releases the solver; the settings stay. */
void xcheck_judge_free(xcheck_judge *j);

#endif
