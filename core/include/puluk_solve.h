/*
 * puluk_solve.h: Pulúk solved exactly (prefix puluk_): every position's
 * chance of winning under perfect play by both sides, by value iteration
 * with bounds from below and above, and the table written to a file and
 * read back. Same contract as puluk.h; the table is the one allocation, and
 * files are touched only by puluk_table_save and puluk_table_load, at the
 * path they are given. docs/puluk.md, "The game solved", tells the method
 * and the figures.
 *
 * The solver takes the author's release rule (the default) on any board,
 * any number of pieces, either count and any bias: there a column is a top
 * piece and its prisoners, all of the other side, so a position is a few
 * numbers a strip and the positions can be counted and indexed densely.
 */
#ifndef PULUK_SOLVE_H
#define PULUK_SOLVE_H

#include "puluk.h"

/* ---- the dense index ------------------------------------------------------ */

/* Positions are indexed from the mover's side (as if White were to move and
 * nothing thrown; Black's are mirrored first): a strip holds nothing, the
 * mover's piece with k prisoners, or the other side's with k, and both
 * sides' pieces at home and on the board are at most their pieces. Every
 * such position has an index below puluk_index_size, reachable or not. */
uint64_t puluk_index_size(const puluk_rules *r);
/* The index of p (either side to move; its throw ignored). r must have the
 * author's release rule and p be a position of it. */
uint64_t puluk_index_of(const puluk_rules *r, const puluk_pos *p);
/* The position of an index, White to move, nothing thrown. */
puluk_pos puluk_index_pos(const puluk_rules *r, uint64_t index);

/* ---- solving ---------------------------------------------------------------- */

typedef struct puluk_table puluk_table;

typedef struct puluk_solve_opts {
    /* Stop iterating a layer when, at every position in it, the bound from
     * above minus the bound from below is at most this (0: 1e-12). */
    double epsilon;
    int max_sweeps;      /* a layer's sweeps at most (0: 100000) */
    /* Called after each sweep (may be NULL): the layer (0-based, of
     * layers), its positions, the sweep and the largest gap left. A
     * nonzero return stops the solve (KALAH_EINVAL, "stopped"). */
    int (*progress)(void *ctx, int layer, int layers, uint64_t positions, int sweep,
                    double gap);
    void *ctx;
} puluk_solve_opts;

typedef struct puluk_solve_stats {
    uint64_t positions;   /* indexed (the table's size) */
    uint64_t terminal;    /* of them, finished games (the mover has lost) */
    int layers;           /* groups of positions with the same pieces alive */
    uint64_t sweeps;      /* over all layers */
    uint64_t updates;     /* positions updated, over all sweeps */
    int max_layer_sweeps; /* the most sweeps one layer took */
    double gap;           /* the largest gap left at any position */
    double start_lo, start_hi; /* the bounds of the start's value */
    double seconds;
} puluk_solve_stats;

/* Solves r (author's release rule; KALAH_EINVAL otherwise). Allocates the
 * table (about 16 bytes a position while solving, 8 after). */
kalah_status puluk_solve(const puluk_rules *r, const puluk_solve_opts *opts, puluk_table **out,
                         puluk_solve_stats *stats, kalah_error *err);

void puluk_table_free(puluk_table *t);
const puluk_rules *puluk_table_rules(const puluk_table *t);
uint64_t puluk_table_size(const puluk_table *t);
/* The largest gap between the bounds when the table was built: every value
 * is within gap/2 of the exact one. */
double puluk_table_gap(const puluk_table *t);

/* The chance that the side to move in p wins under perfect play. Before
 * the throw, over the throws; after it, with the best move for that
 * throw. A finished game is 0 for the side to move (it lost). */
double puluk_table_value(const puluk_table *t, const puluk_pos *p);

/* The value for the mover of each legal move of a thrown p: the chance to
 * win after it (1 - the table's value of the position it leaves). Returns
 * the moves, in puluk_moves' order. */
int puluk_table_moves(const puluk_table *t, const puluk_pos *p, int moves[PULUK_MAX_MOVES],
                      double values[PULUK_MAX_MOVES]);

/* Counts the positions reachable from the start, as the solver indexes
 * them (the mover's side) and as positions (White's and Black's turns
 * told apart). Allocates and frees a bit set. */
kalah_status puluk_count_reachable(const puluk_rules *r, uint64_t *indexed, uint64_t *positions,
                                   kalah_error *err);

/* ---- the table's file (docs/puluk.md, "The table's file") -------------------- */

/* Writes the table to path atomically: a text header (the format and
 * version, the rules, the positions, the gap, zlib's crc32 of the values)
 * and the values as little-endian IEEE doubles. */
kalah_status puluk_table_save(const puluk_table *t, const char *path, kalah_error *err);
/* Reads a table back, checking its header, its size against its rules and
 * its checksum; a damaged file or another format is refused
 * (KALAH_ESYNTAX). Allocates *out. */
kalah_status puluk_table_load(const char *path, puluk_table **out, kalah_error *err);
/* zlib's crc32 of the table's values as the file holds them. */
uint32_t puluk_table_crc(const puluk_table *t);

#endif
