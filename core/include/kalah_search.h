/*
 * kalah_search.h: the search algorithms, evaluation functions, players and
 * levels of the seeds (prefix kalah_). Same contract as kalah.h: no printing,
 * no files; the only allocation is MCTS's tree, freed before it returns.
 *
 * Conventions (docs/search.md):
 * - Values are from the point of view of the side to move at the root,
 *   larger is better, as doubles.
 * - A finished game is worth its final margin times KALAH_TERMINAL, which is
 *   above any heuristic value.
 * - Depth counts moves: an extra turn is a move of its own (seed 003).
 * - Nodes are the positions a search generates, the root included, so full
 *   minimax to depth d on a 6-pit board generates up to 1 + 6 + ... + 6^d.
 * - Ties between equally valued moves go to the lowest pit, in every
 *   algorithm, unless the player asks for seed 000's order (ties_to_store).
 */
#ifndef KALAH_SEARCH_H
#define KALAH_SEARCH_H

#include "kalah.h"

#define KALAH_TERMINAL 1e6 /* value of one stone of final margin */

/* ---- evaluation functions (seed 000) ---------------------------------- */

typedef enum kalah_eval_id {
    KALAH_E1, /* Wetherell: own store minus the opponent's */
    KALAH_E2, /* seed 000's program: (store difference)*100 + own pits'
                 stones - the opponent's pits' stones */
    KALAH_E3  /* Tseitin's formula, read as in docs/search.md */
} kalah_eval_id;

/* The heuristic value of p for side (ignores whether the game is over). */
double kalah_eval(const kalah_rules *r, const kalah_pos *p, int side, kalah_eval_id e);

/* Seed 000's "activity" D of a side, as docs/search.md reads it: over the
 * side's non-empty pits, the stones a move from that pit sows into the side's
 * own pits minus those it sows into the opponent's, plus 7, at least 1. */
int kalah_activity(const kalah_rules *r, const kalah_pos *p, int side);

/* The value of p for side: the final margin times KALAH_TERMINAL when the
 * game is over, else the heuristic. */
double kalah_value(const kalah_rules *r, const kalah_pos *p, int side, kalah_eval_id e);

/* ---- algorithms ---------------------------------------------------------- */

typedef enum kalah_algo {
    KALAH_MINIMAX,   /* max and min nodes; after an extra turn a node keeps
                        its type (seed 003) */
    KALAH_NEGAMAX,   /* seed 000's half-rounds: the board is rotated so the
                        side to move is always south */
    KALAH_ALPHABETA, /* negamax alpha-beta; the window passes on unchanged
                        when the same side moves again */
    KALAH_ALPHABETA003, /* seed 003's alpha-beta: max and min nodes as in
                        minimax, pits in increasing order, and a node cuts
                        off only when its type differs from its parent's
                        (never after an extra turn) */
    KALAH_MCTS,      /* UCT with uniformly random playouts */
    KALAH_FIRST,     /* the first non-empty pit from the mover's left */
    KALAH_LAST,      /* the first non-empty pit from the mover's right */
    KALAH_RANDOM,    /* a uniformly random legal move */
    KALAH_EXACT      /* the exact solver (kalah_solve.h) with a node budget:
                        proven values when it finishes, else the estimate
                        of its deepest iteration; a position of the opening
                        book (kalah_book_probe) is played from the book */
} kalah_algo;

/* The algorithms that search to a depth: minimax, negamax and both
 * alpha-betas (they come first in kalah_algo). */
#define KALAH_DEPTH_ALGO(a) ((a) <= KALAH_ALPHABETA003)

/* A player: an algorithm and its settings. */
typedef struct kalah_player {
    kalah_algo algo;
    kalah_eval_id eval; /* minimax, negamax, alpha-beta */
    int depth;          /* minimax, negamax, alpha-beta: 1.. */
    int playouts;       /* MCTS: iterations, each one playout */
    double uct_c;       /* MCTS: exploration constant (0: sqrt(2)) */
    uint64_t nodes;     /* exact: node budget (0: none, solve to the end) */
    bool ties_to_store; /* depth algorithms: ties between root moves go to the
                           pit nearest the store, as seed 000's program scans
                           the pits "from the kalah" (default: the lowest) */
    bool pit_order;     /* alpha-beta: the moves tried in pit order (each
                           mover's pit 1 first, the calculator's order), not
                           ordered: the textbook alpha-beta of the MK-61
                           program (levels mk61ab-1..3; docs/search.md) */
} kalah_player;

/* A small deterministic generator (xorshift64*): the same seed gives the same
 * games. */
typedef struct kalah_rng {
    uint64_t state;
} kalah_rng;

kalah_rng kalah_rng_seed(uint64_t seed);
uint64_t kalah_rng_next(kalah_rng *g);
/* Uniform in 0..n-1 (n >= 1). */
int kalah_rng_below(kalah_rng *g, int n);

/* What a search found. values[k] is the value of moves[k] when the search
 * computed it exactly (analyze), else the bound the search saw. The exact
 * player's values are proven margins times KALAH_TERMINAL, or, when its
 * budget ran out first, estimates in stones (as E1's). */
typedef struct kalah_result {
    int move;      /* the pit chosen, 1..m; 0 when the game is over */
    double value;  /* of the chosen move, for the side to move */
    uint64_t nodes;
    int count;                      /* legal moves */
    int moves[KALAH_MAX_PITS];      /* pit numbers, increasing */
    double values[KALAH_MAX_PITS];  /* see above; MCTS: the win rate */
    uint32_t visits[KALAH_MAX_PITS];/* MCTS only */
} kalah_result;

/* Chooses a move for the side to move in p. rng is used by MCTS and the
 * random player (may be NULL for the others). Returns KALAH_ENOMEM when MCTS
 * cannot get its tree, KALAH_EINVAL for bad settings. */
kalah_status kalah_search(const kalah_rules *r, const kalah_pos *p, const kalah_player *pl,
                          kalah_rng *rng, kalah_result *out, kalah_error *err);

/* The exact search value of every legal move (each with a full window), for
 * hints; the chosen move is the best, ties as in kalah_search. Works for the
 * depth algorithms; the others fall back to kalah_search. */
kalah_status kalah_analyze(const kalah_rules *r, const kalah_pos *p, const kalah_player *pl,
                           kalah_rng *rng, kalah_result *out, kalah_error *err);

/* One node a depth search (minimax, alpha-beta, seed 003's alpha-beta) has
 * finished, for kalah_search_visit: the nodes of a search in the order it
 * finishes them (every node after its children, the root last). */
typedef struct kalah_node {
    int ply;               /* moves from the root: 0 is the root */
    const int *path;       /* the pits played from the root, path[0..ply-1],
                              each in its mover's numbering 1..m */
    const uint8_t *movers; /* who played each: KALAH_SOUTH or KALAH_NORTH */
    const kalah_pos *pos;  /* the node's position */
    double value;          /* as the search found it, for the side to move at
                              the root (a bound where alpha-beta cut off) */
    bool leaf;             /* evaluated (depth 0 or the game over) */
    /* The window the node was searched with, for the side to move at the
     * root (minimax's: -inf, +inf). Both alpha-betas are fail-soft: value
     * is exact when alpha < value < beta, an upper bound of the node's
     * minimax value when value <= alpha, a lower bound when value >= beta
     * (docs/search.md, "What a node's value is under alpha-beta"). */
    double alpha, beta;
    bool cut;              /* alpha-beta stopped it (alpha >= beta): its value
                              reached the bound, whether or not moves were
                              left untried */
} kalah_node;

typedef void (*kalah_visitor)(void *ctx, const kalah_node *node);

/* kalah_search for minimax, alpha-beta and seed 003's alpha-beta, calling
 * visit for every node the search generates (out->nodes of them), as it
 * finishes it. KALAH_EINVAL for another algorithm. */
kalah_status kalah_search_visit(const kalah_rules *r, const kalah_pos *p, const kalah_player *pl,
                                kalah_visitor visit, void *ctx, kalah_result *out,
                                kalah_error *err);

/* ---- levels -------------------------------------------------------------- */

/* Named players: seed 003's easy, medium, hard, veryhard (alpha-beta, E1,
 * depths coef, 2coef, 3coef, 4coef; coef 2 gives 2, 4, 6, 8) and seed 000's
 * level1, level2, level3; the MK-61 program's searches mk61-1..3 (minimax,
 * E1) and mk61ab-1..3 (alpha-beta, E1, pit_order); the simple players first, last, random,
 * mcts, and strong (the exact solver with KALAH_STRONG_NODES nodes a move,
 * and the opening book).
 * docs/search.md lists them. coef <= 0 means 2. */
#define KALAH_STRONG_NODES 1000000
kalah_status kalah_level(const char *name, int coef, kalah_player *out, kalah_error *err);

/* Parses a player: a level name, or ALGO[:EVAL][:DEPTH] such as
 * "alphabeta:e2:8", "minimax:e1:4", "mcts:2000" (playouts), "exact:500000"
 * (node budget; "exact" alone solves every position to the end). Either may
 * end in ":store" for a depth algorithm: ties to the pit nearest the store
 * ("level2:store", "negamax:e2:4:store"), and an alpha-beta player in
 * ":pits": the moves in pit order ("alphabeta:e1:3:pits" is mk61ab-3;
 * both suffixes may be given, in either order). */
kalah_status kalah_player_parse(const char *text, int coef, kalah_player *out,
                                kalah_error *err);

/* A short description: "alphabeta e2 depth 8" (", ties to the store"). */
int kalah_player_format(const kalah_player *pl, char *buf, size_t size);

/* The names of the levels, and of the algorithms (indexed by kalah_algo),
 * for help texts, NULL-terminated: every name kalah_player_parse takes
 * alone. */
extern const char *const kalah_level_names[];
extern const char *const kalah_algo_names[];

/* ---- games between players ------------------------------------------------ */

/* A position reached by plies uniformly random moves from the start of r
 * (fewer if the game ends first), for varied openings in matches. */
kalah_pos kalah_random_opening(const kalah_rules *r, int plies, kalah_rng *rng);

/* The outcome of one game between two players. */
typedef struct kalah_outcome {
    int margin;        /* south's final margin */
    int moves;         /* moves played */
    int side_moves[2]; /* of them, south's and north's */
    uint64_t nodes[2]; /* positions generated by south's and north's searches */
} kalah_outcome;

/* Plays a whole game from start: player[0] is south, player[1] north. */
kalah_status kalah_play_game(const kalah_rules *r, const kalah_pos *start,
                             const kalah_player player[2], kalah_rng *rng,
                             kalah_outcome *out, kalah_error *err);

#endif
