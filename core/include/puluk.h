/*
 * puluk.h: Pulúk, the board game of seed 004 (prefix puluk_): its rules as a
 * value with the variants as options, positions, throws, moves, the perft
 * count and the text notation. docs/puluk.md gives the rules, the variants
 * and every decision the seed leaves open.
 *
 * Contract: as kalah.h. Nothing here prints, exits or touches files; the
 * failures come back as a kalah_status with a kalah_error (the project's
 * one error type); only puluk_reach allocates, and frees before it returns.
 *
 * The board: a row of strips + 2 squares. Square 0 is White's town, squares
 * 1..strips the strips between the towns, square strips+1 Black's town. The
 * seed's board has 11 strips, the first and the last of them the towns, so
 * 9 between: puluk-9-5 (9 strips between the towns, 5 pieces a side). White
 * moves first and towards higher squares, Black towards lower ones.
 */
#ifndef PULUK_H
#define PULUK_H

#include "kalah.h"
#include "kalah_search.h" /* kalah_rng */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define PULUK_MAX_STRIPS 9 /* strips between the towns (the seed's board) */
#define PULUK_MAX_PIECES 5 /* pieces a side (the seed's) */
#define PULUK_MAX_THROW 5  /* a throw of four kernels scores 1..5 */
#define PULUK_KERNELS 4
/* A side moves one of its free pieces: at most one a piece. */
#define PULUK_MAX_MOVES PULUK_MAX_PIECES
/* Every piece of both sides in one column. */
#define PULUK_MAX_HEIGHT (2 * PULUK_MAX_PIECES)

enum { PULUK_WHITE = 0, PULUK_BLACK = 1 };

/* ---- rules --------------------------------------------------------------- */

/* What happens to the capturer's own pieces, held prisoner in a column that
 * it takes. */
typedef enum puluk_release {
    PULUK_RELEASE_HOME,  /* the author's (default): they go straight back to
                            their own town */
    PULUK_RELEASE_STAY,  /* Skiryuk's: they stay on the strip, free, under
                            the capturer's column; each goes on by itself
                            once the pieces above it have left (the column
                            is a stack: docs/puluk.md) */
    PULUK_RELEASE_TOWN   /* the English rules: nothing is freed on the way;
                            when a column reaches the far town, the mover's
                            pieces in it go home and the other side's die */
} puluk_release;

/* How four kernels, one side of each marked, score. */
typedef enum puluk_count {
    PULUK_COUNT_MARKED, /* the author's (default): the marked sides up, 5
                           when none is */
    PULUK_COUNT_BLANK   /* Skiryuk's: the blank sides up, 5 when none is */
} puluk_count;

/* A rule set is a value. */
typedef struct puluk_rules {
    int strips;            /* between the towns: 1..PULUK_MAX_STRIPS (9) */
    int pieces;            /* a side: 1..PULUK_MAX_PIECES (5) */
    puluk_release release;
    puluk_count count;
    int bias;              /* percent of throws a kernel lands marked side
                              up: 1..99 (50, fair kernels) */
} puluk_rules;

/* The seed's game: 9 strips, 5 pieces, the author's release and count,
 * fair kernels. */
puluk_rules puluk_rules_default(void);

kalah_status puluk_rules_check(const puluk_rules *r, kalah_error *err);

/* The chance of each throw: prob[1..5] (prob[0] = 0), summing to 1. With
 * fair kernels both counts give 4/16, 6/16, 4/16, 1/16, 1/16. */
void puluk_throw_probs(const puluk_rules *r, double prob[PULUK_MAX_THROW + 1]);

/* The score of four kernels: bit k of marked set when kernel k landed
 * marked side up. */
int puluk_throw_of(const puluk_rules *r, unsigned marked);

/* Throws four kernels with the rules' bias: 1..5. */
int puluk_throw_random(const puluk_rules *r, kalah_rng *rng);

/* ---- positions --------------------------------------------------------- */

/* A position. A square's column is a stack of pieces: bit k of stack[s] is
 * the colour of its k-th piece from the top (0 White, 1 Black), height[s]
 * how many there are; squares 0 and strips+1 (the towns) and those past
 * the board have no column (0, 0): the pieces at home are counted in
 * town[]. A side's pieces not at home and not on the board are dead. The
 * struct has no padding, and every unused bit is 0, so positions compare
 * with memcmp. */
typedef struct puluk_pos {
    uint16_t stack[PULUK_MAX_STRIPS + 2];
    uint8_t height[PULUK_MAX_STRIPS + 3]; /* one spare, always 0 */
    uint8_t town[2];  /* pieces at home, White's and Black's */
    uint8_t to_move;  /* PULUK_WHITE or PULUK_BLACK; in a finished game, the
                         side that lost (it would move next) */
    uint8_t thrown;   /* the throw of the side to move, 1..5; 0 before it
                         throws */
} puluk_pos;

/* The start: every piece at home, White to move, not thrown. */
puluk_pos puluk_start(const puluk_rules *r);

/* The squares: 0, White's town; strips + 1, Black's. */
static inline int puluk_town_square(const puluk_rules *r, int side)
{
    return side == PULUK_WHITE ? 0 : r->strips + 1;
}

/* The colour of the top piece of square s's column, or -1 when empty. */
int puluk_top(const puluk_pos *p, int s);

/* Where a side's pieces are. A piece is free when it can move, now or once
 * the pieces above it have left: at home, on the top of a column, or (under
 * Skiryuk's rule) freed under its own side's column. It is held when it is
 * under a piece of the other side that will carry it on (a prisoner; under
 * the English rules, also the mover's own pieces waiting to be freed in the
 * far town). */
typedef struct puluk_census {
    int home, free, held, dead; /* free: on the board */
} puluk_census;

puluk_census puluk_census_of(const puluk_rules *r, const puluk_pos *p, int side);

/* Pieces a side can still move: at home or free on the board. A side with
 * none has lost. */
int puluk_free_pieces(const puluk_rules *r, const puluk_pos *p, int side);

/* The game is over when the side to move has no free piece (it lost: the
 * other side took or killed all its pieces). */
bool puluk_over(const puluk_rules *r, const puluk_pos *p);

/* The winner of a finished game, or -1 while it goes on. */
int puluk_winner(const puluk_rules *r, const puluk_pos *p);

/* KALAH_OK when p is a position of r: no side with more pieces than the
 * rules' (at home and on the board), columns only on the strips and at most
 * 2 x pieces high, under the author's rule every piece under a top of the
 * other side, the side not to move with a free piece (else the game ended
 * before), thrown 0..5 and 0 in a finished game. */
kalah_status puluk_pos_check(const puluk_rules *r, const puluk_pos *p, kalah_error *err);

/* The same position with the sides exchanged: the board reversed, the
 * colours swapped. */
puluk_pos puluk_mirror(const puluk_rules *r, const puluk_pos *p);

/* ---- moves --------------------------------------------------------------- */

/* A move is named by the square its piece leaves: the mover's own town
 * (0 for White, strips+1 for Black) to bring a piece in, or a strip 1..strips
 * whose column the mover's piece tops. */

/* What one move did. */
typedef struct puluk_move_info {
    int from, to;  /* squares; to is the far town when the column got there */
    int carried;   /* the other side's pieces the moving column carried */
    int captured;  /* the other side's pieces it took prisoner (the free
                      ones: under Skiryuk's rule every column a stack holds) */
    int freed;     /* own prisoners it freed: sent home (the author's rule,
                      and the English in the far town) or left free on the
                      strip (Skiryuk's) */
    int killed;    /* the other side's pieces killed in the far town */
    bool town;     /* the column reached the far town */
    bool won;      /* the other side has no free piece left: game over */
} puluk_move_info;

/* Sets the throw of the side to move (1..5). KALAH_EINVAL for another
 * number, KALAH_EILLEGAL when the game is over or the throw is made. */
kalah_status puluk_throw(const puluk_rules *r, puluk_pos *p, int throw_value, kalah_error *err);

/* The legal moves of the side to move with its throw, in the order of the
 * tie rule (docs/puluk.md, "Order of moves"): the piece nearest the far town
 * first, a piece from the town last. Returns how many: 0 when the game is
 * over or nothing is thrown; else at least 1, for a side with a free piece
 * always has a move (docs/puluk.md, "No move"). */
int puluk_moves(const puluk_rules *r, const puluk_pos *p, int moves[PULUK_MAX_MOVES]);

/* Plays move from (a square, as above) with the throw in p: the throw is
 * used up and the other side is to move. KALAH_EILLEGAL with *p unchanged
 * when nothing is thrown, the game is over, or the move is not legal (and
 * the message says why). info may be NULL. */
kalah_status puluk_play(const puluk_rules *r, puluk_pos *p, int from, puluk_move_info *info,
                        kalah_error *err);

/* The move sequences of exactly depth plies from p, a ply being a throw
 * (each of 1..5, however likely) and a move; when p is thrown, its first
 * ply takes that throw only. A finished game has no plies. */
uint64_t puluk_perft(const puluk_rules *r, const puluk_pos *p, int depth);

/* The different positions (before the throw) reached after exactly
 * 0..depth plies: counts[0..depth]. Allocates a hash set of at most
 * max_positions positions: KALAH_ENOMEM when it cannot, KALAH_EINVAL when a
 * level holds more. */
kalah_status puluk_reach(const puluk_rules *r, const puluk_pos *p, int depth,
                         uint64_t max_positions, uint64_t *counts, kalah_error *err);

/* ---- text notation (docs/puluk.md, "Notation") --------------------------- */

#define PULUK_TEXT_MAX 192

/* Rules: "puluk-9-5", with options "+skiryuk" or "+english" (the release
 * rule), "+blank" (Skiryuk's count), "+bias=N" (N% marked side up):
 * "puluk-9-5+english+blank+bias=60". Parse takes "puluk" alone for
 * puluk-9-5. Format returns the length (snprintf-style). */
int puluk_rules_format(const puluk_rules *r, char *buf, size_t size);
kalah_status puluk_rules_parse(const char *text, puluk_rules *r, kalah_error *err);

/* Position: "RULES:SIDE[THROW]:HOME,STRIP1,...,STRIPn,HOME". SIDE is W or
 * B; THROW 1..5 when the side to move has thrown; the first field is the
 * number of White's pieces in White's town, the last Black's in Black's; a
 * strip is "-" when empty, else its column from the top down, one letter a
 * piece, w or b. The start: "puluk-9-5:W:5,-,-,-,-,-,-,-,-,-,5"; White has
 * thrown 3 and has a piece on strip 2 holding a black one:
 * "puluk-9-5:W3:4,wb,-,-,-,-,-,-,-,-,4". A text of RULES alone is the
 * start. */
int puluk_pos_format(const puluk_rules *r, const puluk_pos *p, char *buf, size_t size);
kalah_status puluk_pos_parse(const char *text, puluk_rules *r, puluk_pos *p, kalah_error *err);

/* A move as text: "h" (a piece from the town) or the strip number. */
int puluk_move_format(const puluk_rules *r, const puluk_pos *p, int from, char *buf,
                      size_t size);
/* Parses "h", "home", "town", "0" (White) or strips+1 (Black) for the
 * mover's town, or a strip number; the move need not be legal. */
kalah_status puluk_move_parse(const puluk_rules *r, const puluk_pos *p, const char *text,
                              int *from, kalah_error *err);

#endif
