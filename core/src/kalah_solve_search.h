/* The solver's search, shared by its two files (kalah_core only):
 * kalah_solve_search.c searches a position, kalah_solve.c drives runs. */
#ifndef KALAH_SOLVE_SEARCH_H
#define KALAH_SOLVE_SEARCH_H

#include "kalah_solve_internal.h"
#include "kalah_solve_move.h"

#include <pthread.h>

#define INF 30000

/* Where ETC starts by default: this many stones above the database, or
 * from this many stones in play without one; late ETC, this many above
 * the database, or everywhere without one (docs/solver.md). */
enum { ETC_ABOVE_DB = 13, ETC_NO_DB = 33, LATE_ETC_ABOVE_DB = 6 };

typedef struct worker worker;

/* The table of positions being searched (simplified ABDADA): 2^BUSY_BITS
 * slots. Only positions more than BUSY_ABOVE_DB stones above the database
 * are marked: those just above it take a few nodes, less than a wait. */
enum { BUSY_BITS = 14, BUSY_ABOVE_DB = 2 };

/* A history entry is a pit and the stones in it (the last stone's place),
 * the stones counted up to this many less one. */
enum { HISTORY_SEEDS = 32 };

struct kalah_solver {
    kalah_rules r;
    int P;                /* pits on the board: 2m */
    int total;            /* stones in the game */
    bool store_key;       /* the gain depends on the stores: key them */
    bool hash_key;        /* the index does not fit: hash the pits */
    bool parity;          /* exact gains have the parity of the stones in
                             play (every stone ends in a store) */
    uint64_t stores_mul;  /* key = index + stores_mul * own store */
    kalah_tt tt;
    const kalah_egdb *db;
    int db_max;           /* stones in play the database covers; -1: none */
    int etc_from;         /* ETC at nodes with at least this many stones */
    int late_from;        /* late ETC (after the first move) at nodes with at
                             least this many stones, where ETC is not done
                             before the moves */
    int threads;
    unsigned disable;

    /* The current run. */
    const kalah_solve_limits *lim;
    double t0, next_report, interval;
    _Atomic uint64_t nodes;  /* flushed by the workers every POLL nodes */
    _Atomic int stop;        /* a kalah_solve_stop reason + 1, or 0 */
    _Atomic int abort;       /* a root test is over: drop the rest */
    /* Positions some thread is searching now (key + 1; 0: free), so that
     * the others search their siblings first (simplified ABDADA). */
    _Atomic uint64_t busy[1 << BUSY_BITS];
    kalah_solve_progress prog; /* what the progress line says */
    pthread_mutex_t lock;    /* prog and the shared move queue */
};

/* Each worker on cache lines of its own: it writes nodes at every node, and
 * two workers sharing a line took turns at it (false sharing). */
struct worker {
    _Alignas(64) kalah_solver *s;
    int id;
    uint64_t nodes, flushed;
    uint64_t horizon; /* results that rest on a depth limit */
    bool stop;
    struct run *run; /* the run it works for */
    /* How often a move cut off lately, weighed by the work it saved
     * (kalah_solve_search): the order of moves the rules' order ties. */
    int32_t history[KALAH_MAX_PITS][HISTORY_SEEDS];
};

enum { POLL = 4096 };

/* A position to search, with what the search needs of it computed once:
 * as a move from its parent, also what the move is worth by itself. */
typedef struct child {
    kalah_rel pos;   /* as its side to move sees it */
    uint64_t key;    /* table key (not over) */
    int stones;      /* in play (not over) */
    int pit;         /* the move's pit index 0..m-1 */
    int gain;        /* the mover's store difference change (the final sweep
                        included when the move ends the game) */
    bool over, same; /* ended the game; the mover moves again */
    int order;       /* larger first */
    int32_t history; /* the worker's history of the move: larger first,
                        where order ties */
    int known_hi;    /* the most this move can be worth by the table (ETC),
                        INF when unknown */
    bool known_limited; /* known_hi rests on a depth limit */
} child;

/* Bounds rounded to the parity of the stones in play: when every stone ends
 * in a store, margin = 2 * own store - all stones is even, so the gain
 * (margin - store difference) is congruent to the stones in play. */
static inline int round_up(int v, int stones)
{
    return v + ((v - stones) & 1);
}

static inline int round_down(int v, int stones)
{
    return v - ((v - stones) & 1);
}

/* The gain of a child move: its own change plus or minus the child's. */
static inline int combine(const child *k, int g)
{
    return k->same ? k->gain + g : k->gain - g;
}

/* Bounds of a move's worth from bounds (lower, upper) of its child's gain:
 * the opponent's best is the mover's worst. */
static inline void combine_bounds(const child *k, int lower, int upper, int *lo, int *hi)
{
    *lo = combine(k, k->same ? lower : upper);
    *hi = combine(k, k->same ? upper : lower);
}

/* The depth left for a child: the exact search has no limit to count down. */
static inline int next_depth(int depth)
{
    return depth == KALAH_DEPTH_EXACT ? depth : depth - 1;
}

/* The table key of q (as kalah_tt_key makes it) of the placement index
 * (with the mover's store when the gain depends on the stores), or a hash
 * when the index does not fit in 63 bits. */
uint64_t kalah_solve_key(const kalah_solver *s, const kalah_rel *q);

/* Fills key and stones of c (not over; c->pos set) and starts fetching
 * what its search reads first. */
void kalah_solve_prepare(const kalah_solver *s, child *c);

/* The moves of node (not over), prepared, in the order to search them
 * (ttmove: the table's best pit index, or -1). Returns how many. */
int kalah_solve_expand(const kalah_solver *s, const child *node, child *c, int ttmove);

/* The fail-soft gain of the moves c[0..n-1] in (alpha, beta) searched to
 * depth; the best move's pit index in *best_pit. late_etc: after the first
 * move, the others' known bounds are read (enhanced transposition cutoffs)
 * and noted in c. */
int kalah_solve_moves(worker *w, child *c, int n, int alpha, int beta, int depth, bool late_etc,
                      int *best_pit);

/* The fail-soft gain of node (not over, prepared) in (alpha, beta),
 * searched to depth moves (KALAH_DEPTH_EXACT: to the end of the game). */
int kalah_solve_search(worker *w, const child *node, int alpha, int beta, int depth);

#endif
