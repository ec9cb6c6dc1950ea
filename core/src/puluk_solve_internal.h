/* The solver's dense index of Pulúk's positions under the author's rule
 * (puluk_index.c), shared by the solver, the table and the tests. */
#ifndef PULUK_SOLVE_INTERNAL_H
#define PULUK_SOLVE_INTERNAL_H

#include "puluk_solve.h"

/* A position from the mover's side, the solver's form: code[i] is strip
 * i+1's column, read from the mover's town:
 *   0            empty
 *   1 + k        the mover's piece with k prisoners (k = 0..pieces)
 *   2 + P + k    the other side's piece with k of the mover's as prisoners
 * (P the pieces a side); home[0] the mover's pieces at home, home[1] the
 * other side's. */
#define PULUK_IX_CODES (2 * PULUK_MAX_PIECES + 3)

typedef struct puluk_ix_pos {
    uint8_t code[PULUK_MAX_STRIPS];
    uint8_t home[2];
} puluk_ix_pos;

typedef struct puluk_ix {
    int strips, pieces, codes;
    uint8_t use[PULUK_IX_CODES][2]; /* the mover's and the other side's
                                       pieces a code puts on the board */
    /* cnt[n][a][b]: columns of n strips holding exactly a of the mover's
     * pieces and b of the other side's; before[n][a][b][c]: of those of
     * n + 1 strips, the ones whose first strip's code is below c. */
    uint64_t cnt[PULUK_MAX_STRIPS + 1][PULUK_MAX_PIECES + 1][PULUK_MAX_PIECES + 1];
    uint64_t before[PULUK_MAX_STRIPS][PULUK_MAX_PIECES + 1][PULUK_MAX_PIECES + 1]
                   [PULUK_IX_CODES + 1];
    /* The indices of the positions with a and b pieces on the board start
     * at base[a][b]; each board comes with (P+1-a)(P+1-b) pairs of homes. */
    uint64_t base[PULUK_MAX_PIECES + 1][PULUK_MAX_PIECES + 1];
    uint64_t size;
} puluk_ix;

void puluk_ix_init(puluk_ix *ix, const puluk_rules *r);
uint64_t puluk_ix_rank(const puluk_ix *ix, const puluk_ix_pos *q);
void puluk_ix_unrank(const puluk_ix *ix, uint64_t index, puluk_ix_pos *q);
/* The board of rank k among those with a and b pieces on it (homes 0). */
void puluk_ix_board(const puluk_ix *ix, int a, int b, uint64_t k, puluk_ix_pos *q);

/* Between the forms: p of the author's rule, either side to move. */
void puluk_ix_from_pos(const puluk_ix *ix, const puluk_pos *p, puluk_ix_pos *q);
puluk_pos puluk_ix_to_pos(const puluk_ix *ix, const puluk_ix_pos *q);

/* The free pieces of the mover (side 0) or the other side (1). */
int puluk_ix_free(const puluk_ix *ix, const puluk_ix_pos *q, int side);

/* The moves of the mover with throw t: the positions they leave, from the
 * other side's view (it is to move there), in children[]; returns how many. */
int puluk_ix_children(const puluk_ix *ix, const puluk_ix_pos *q, int t,
                      puluk_ix_pos children[PULUK_MAX_MOVES]);

struct puluk_table {
    puluk_rules rules;
    puluk_ix ix;
    double gap;
    double *value; /* ix.size: the mover's chance to win, before the throw */
};

/* A table of r with room for its values (uninitialised); NULL without
 * memory. */
puluk_table *puluk_table_new(const puluk_rules *r);

#endif
