/*
 * puluk_players.h: Pulúk's computer players (prefix puluk_): seed 004's
 * three gods, random, expectimax to N plies, and perfect play by the
 * solved table; whole games between two players. Same contract as
 * puluk.h. docs/puluk.md, "The players", tells each choice the seed
 * leaves open and why.
 *
 * Every player chooses among the moves of one throw, already made (the
 * position's thrown). Ties between equally valued moves go to the first in
 * puluk_moves' order: the piece nearest the far town first, a piece from
 * the town last. So a god's choice is a function of the position, the
 * weights and, for Centeotl, the throws it remembers: nothing else.
 */
#ifndef PULUK_PLAYERS_H
#define PULUK_PLAYERS_H

#include "puluk.h"
#include "puluk_solve.h"

/* ---- the gods (seed 004) ------------------------------------------------- */

/* A god's weights, in tenths, so that scores are exact (docs/puluk.md,
 * "The gods"): the seed's movementWeights {HOME, CAPTURE, RELEASE,
 * CAPTURED_MOVE}, and Centeotl's weight for a move that saves pieces from
 * the throw it expects (0: the god does not look). */
typedef struct puluk_weights {
    int town;    /* a column reaches the far town (the seed's HOME) */
    int capture; /* takes the other side's pieces prisoner */
    int release; /* frees own pieces */
    int carry;   /* moves a column that holds prisoners (CAPTURED_MOVE) */
    int save;    /* takes pieces out of reach of the expected throw */
} puluk_weights;

extern const puluk_weights puluk_quetzalcoatl; /* {10, 11, 11, 15, 0} */
extern const puluk_weights puluk_camaxtli;     /* {10, 20, 11, 11, 0} */
extern const puluk_weights puluk_centeotl;     /* {10, 11, 11, 15, 30} */

/* A move's score is in ten-thousandths: 10000 is 1.0. */
#define PULUK_SCORE_ONE 10000

/* The throws a god remembers: the last PULUK_MEMORY of the game, both
 * sides', oldest first. */
#define PULUK_MEMORY 6
typedef struct puluk_memory {
    int n;
    uint8_t last[PULUK_MEMORY];
} puluk_memory;

/* Remembers a throw (the oldest is forgotten past PULUK_MEMORY). */
void puluk_memory_add(puluk_memory *m, int throw_value);

/* The throw Centeotl expects next: the one most "owed" by the throws
 * remembered, the count the rules' chances promise minus the count seen;
 * ties to the likelier throw, then the smaller. With nothing remembered,
 * the likeliest throw. */
int puluk_expected_throw(const puluk_rules *r, const puluk_memory *m);

/* The scores of the legal moves of a thrown p under weights w, in
 * puluk_moves' order; expect is the other side's next throw as the god
 * expects it (used when w->save is nonzero; 0 for none). Returns the moves. */
int puluk_god_scores(const puluk_rules *r, const puluk_pos *p, const puluk_weights *w,
                     int expect, int moves[PULUK_MAX_MOVES], int64_t scores[PULUK_MAX_MOVES]);

/* The god's move: the first of the highest score. -1 when there is none
 * (nothing thrown, or the game over). */
int puluk_god_choose(const puluk_rules *r, const puluk_pos *p, const puluk_weights *w,
                     int expect);

/* ---- players ---------------------------------------------------------------- */

typedef enum puluk_algo {
    PULUK_RANDOM,     /* a uniformly random legal move */
    PULUK_GOD,        /* weights (and memory, for Centeotl) */
    PULUK_EXPECTIMAX, /* a search to depth plies, throws as chance nodes */
    PULUK_PERFECT     /* the solved table */
} puluk_algo;

typedef struct puluk_player {
    puluk_algo algo;
    char name[32];             /* as parsed: "camaxtli", "expectimax-3" */
    puluk_weights weights;     /* PULUK_GOD */
    int depth;                 /* PULUK_EXPECTIMAX: 1..8 */
    const puluk_table *table;  /* PULUK_PERFECT: set by the caller */
} puluk_player;

/* "random", "quetzalcoatl", "camaxtli", "centeotl", "expectimax-N" (N
 * 1..8), "perfect". */
kalah_status puluk_player_parse(const char *text, puluk_player *out, kalah_error *err);

/* The names, for help texts, NULL-terminated ("expectimax-N" among them). */
extern const char *const puluk_player_names[];

/* What a player chose. */
typedef struct puluk_choice {
    int move;         /* the square left; -1 when there is no move */
    double value;     /* expectimax and perfect: the chance to win after it
                         as the player sees it; a god: its score / 10000 */
    uint64_t nodes;   /* positions the search generated (expectimax) */
} puluk_choice;

/* Chooses a move for the side to move in the thrown p. mem: the throws of
 * the game so far, this one included (Centeotl; may be NULL for the
 * others); rng: the random player's. KALAH_EINVAL for perfect without a
 * table or with a table of other rules, or nothing thrown. */
kalah_status puluk_choose(const puluk_rules *r, const puluk_pos *p, const puluk_player *pl,
                          const puluk_memory *mem, kalah_rng *rng, puluk_choice *out,
                          kalah_error *err);

/* The heuristic value of p for its side to move, a chance in (0, 1):
 * 1 / (1 + e^(-d)), d the difference in material (docs/puluk.md); a
 * finished game 0. */
double puluk_eval(const puluk_rules *r, const puluk_pos *p);

/* The expectimax value of p (thrown or not) for its side to move, to depth
 * plies; *nodes counts the positions generated. */
double puluk_expectimax(const puluk_rules *r, const puluk_pos *p, int depth, uint64_t *nodes);

/* ---- games ------------------------------------------------------------------- */

/* A game that runs this long is stopped unfinished (docs/puluk.md, "A
 * game that does not end"). */
#define PULUK_MAX_PLIES 2000

typedef struct puluk_outcome {
    int winner;       /* PULUK_WHITE, PULUK_BLACK, or -1 when stopped */
    int plies;
    int captures, kills; /* pieces taken prisoner and killed, both sides */
} puluk_outcome;

/* Plays a game from start: player[0] White, player[1] Black; the throws
 * and the random player's moves from rng. */
kalah_status puluk_play_game(const puluk_rules *r, const puluk_pos *start,
                             const puluk_player player[2], kalah_rng *rng, puluk_outcome *out,
                             kalah_error *err);

#endif
