/*
 * The top of a search tree whose leaves are searched elsewhere: the search
 * over MPI (kalah_solve_mpi.c) keeps one on its first rank and hands the
 * leaves' tests to the ranks' solvers (docs/solver-cluster.md, "The search
 * over MPI"). kalah_core only; no messaging here, so tests can drive it
 * with a solver of their own.
 *
 * The tree is the root's moves, theirs, and so on, breadth first, until it
 * has the leaves asked for (or none is left to expand). A finished game, or
 * a position in the endgame database, is a leaf with its value; the others
 * are searched elsewhere. Values are margins of the side to move in each
 * position (as kalah_solver_run's), so every rule set is served.
 *
 * The root's value is found as the solver finds it, by MTD(f): a sequence of
 * tests "value >= beta?" (with all, one sequence for each root move). A
 * test is decided on the tree from the bounds its leaves have been given;
 * kalah_split_needed lists the leaf tests that could decide it, in the order
 * a sequential search would make them: a worker takes the first one free,
 * and the others are speculative (a sibling may make them moot: then they
 * are no longer listed, and their searches can be stopped). Every bound a
 * leaf's search proves is kept, so later tests start from them.
 */
#ifndef KALAH_SOLVE_SPLIT_H
#define KALAH_SOLVE_SPLIT_H

#include "kalah_solve.h"

typedef struct kalah_split kalah_split;

/* A leaf's test: is the value of pos (its side to move's margin) >= beta? */
typedef struct kalah_split_job {
    int leaf;      /* the leaf's number, 0..kalah_split_leaves() - 1 */
    int beta;
    kalah_pos pos;
    uint64_t hash; /* of pos, the same on every rank: the rank whose table
                      saw it before can be preferred */
} kalah_split_job;

/* A tree of at least leaves leaves (1: the root alone, unless all, which
 * expands the root) over p, for rules r (which kalah_solver_new accepts);
 * db, when not NULL, gives the values of the positions it holds. p must
 * not be over. Allocates. */
kalah_status kalah_split_new(const kalah_rules *r, const kalah_pos *p, bool all,
                             const kalah_egdb *db, int leaves, kalah_split **out,
                             kalah_error *err);
void kalah_split_free(kalah_split *t);

/* Leaves to search elsewhere, and all positions of the tree. */
int kalah_split_leaves(const kalah_split *t);
int kalah_split_nodes(const kalah_split *t);

/* The leaf tests that could decide the tests under way, most urgent first,
 * at most max of them in out; 0 when the root (with all, every root move)
 * is exact. */
int kalah_split_needed(kalah_split *t, kalah_split_job *out, int max);

/* What a search of leaf proved: lower <= value <= upper (margins of its
 * side to move), and move, a move proven to reach lower (0: none). */
void kalah_split_learn(kalah_split *t, int leaf, int lower, int upper, int move);

/* The root's value, bounds and best move from what is known now (with
 * all, every root move's), as kalah_solver_run fills them; nodes, seconds
 * and memory are left to the caller. exact when everything asked is. */
void kalah_split_solution(const kalah_split *t, kalah_solution *out);

#endif
