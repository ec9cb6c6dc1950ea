/*
 * kalah.h: the reference Kalah engine (prefix kalah_).
 *
 * Contract: nothing here prints, exits or touches files. Memory is allocated
 * only by the functions that say so (kalah_game_*), and freed by
 * kalah_game_free. Failures come back as a kalah_status, with the details in
 * a kalah_error filled in by the callee (err may be NULL); a command's main()
 * decides what to say and how to exit.
 *
 * The rules are those of ../shared/reference/kalah.md and the seeds; the
 * decisions where the seeds are silent are in docs/rules.md, the text
 * notation in docs/notation.md.
 */
#ifndef KALAH_H
#define KALAH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define KALAH_MAX_PITS 12   /* pits per side, m in Kalah(m, n) */
#define KALAH_MAX_STONES 12 /* stones per pit at the start, n */
/* All stones of the largest game, 2·m·n: more than a byte holds, so the
 * counts of a position are 16 bits wide. */
#define KALAH_MAX_TOTAL (2 * KALAH_MAX_PITS * KALAH_MAX_STONES)

/* ---- errors ------------------------------------------------------------ */

typedef enum kalah_status {
    KALAH_OK = 0,
    KALAH_EINVAL,  /* a value out of range */
    KALAH_ESYNTAX, /* text that does not parse */
    KALAH_EILLEGAL, /* a move that the rules do not allow here */
    KALAH_ENOMEM   /* an allocation failed */
} kalah_status;

/* What went wrong and where: pos is the 1-based column in the text being
 * parsed, or 0 when the error has no position. message is one sentence,
 * without a newline and without the column. */
typedef struct kalah_error {
    kalah_status code;
    int pos;
    char message[160];
} kalah_error;

/* Fills *err (when not NULL) with code, column pos and a printf-style
 * message, and returns code: for the core and the libraries built on it. */
kalah_status kalah_fail(kalah_error *err, kalah_status code, int pos, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Seconds on a monotonic clock, for elapsed times and deadlines. */
double kalah_now(void);

/* ---- rule sets --------------------------------------------------------- */

typedef enum kalah_variant {
    KALAH_STANDARD, /* Kalah of seeds 000 and 003 */
    KALAH_RELAY     /* seed 001: relay sowing, 2-or-3 captures, no extra turn */
} kalah_variant;

typedef enum kalah_end_rule {
    KALAH_END_EITHER_EMPTY, /* a move that leaves either side empty ends the
                               game; each side's stones go to its owner */
    KALAH_END_MOVER_EMPTY   /* seed 000 read literally: the game ends when the
                               player to move has no stones; the other player
                               takes the stones left on their side */
} kalah_end_rule;

/* A rule set is a value. The relay variant always ends with
 * KALAH_END_MOVER_EMPTY and stop_when_decided, and has no empty capture;
 * kalah_rules_check refuses other combinations. */
typedef struct kalah_rules {
    int pits;               /* m: 1..KALAH_MAX_PITS */
    int stones;             /* n: 1..KALAH_MAX_STONES */
    kalah_variant variant;
    bool empty_capture;     /* seed 000's footnote 11: a last stone in an own
                               empty pit is captured even when the opposite
                               pit is empty */
    kalah_end_rule end;
    bool stop_when_decided; /* end the game as soon as a store holds more
                               than half of all stones */
} kalah_rules;

/* Standard Kalah(6,6): the board of seeds 000 and 003. */
kalah_rules kalah_rules_default(void);

/* Seed 001's relay Kalah with m pits and n stones. */
kalah_rules kalah_rules_relay(int pits, int stones);

/* KALAH_OK when r describes a playable game, else KALAH_EINVAL and why. */
kalah_status kalah_rules_check(const kalah_rules *r, kalah_error *err);

/* All stones of a game under r: 2·m·n. */
int kalah_rules_total(const kalah_rules *r);

/* Whether a and b are the same rules, field by field (a rule set's padding
 * may hold anything: never memcmp two). A new field of kalah_rules is
 * compared here too. */
bool kalah_rules_same(const kalah_rules *a, const kalah_rules *b);

/* ---- positions --------------------------------------------------------- */

enum { KALAH_SOUTH = 0, KALAH_NORTH = 1 };

/* A position. Side 0 (south) moves first. pit[s][i] is side s's pit i+1,
 * counted from that player's left, so pit[s][pits-1] is next to that
 * player's store. Pits past r->pits are always 0. Every field is 16 bits
 * (a count can exceed 255 in Kalah(12,12)), so the struct has no padding
 * and two positions can be compared with memcmp. */
typedef struct kalah_pos {
    uint16_t pit[2][KALAH_MAX_PITS];
    uint16_t store[2];
    uint16_t to_move; /* KALAH_SOUTH or KALAH_NORTH; in a finished game,
                         whoever would have moved next */
} kalah_pos;

/* The start of a game under r (which must pass kalah_rules_check). */
kalah_pos kalah_start(const kalah_rules *r);

/* Stones on the board and in both stores: conserved by every move. */
int kalah_total_stones(const kalah_rules *r, const kalah_pos *p);

/* Stones in side s's pits. */
int kalah_side_stones(const kalah_rules *r, const kalah_pos *p, int side);

/* The same position seen from the other side: the rows and stores change
 * places, and so does the side to move. */
kalah_pos kalah_pos_rotate(const kalah_pos *p);

/* Whether the game is over: no move can be made. */
bool kalah_over(const kalah_rules *r, const kalah_pos *p);

/* The side whose store holds more than half of all stones, or -1. A decided
 * game goes on unless r->stop_when_decided. */
int kalah_decided(const kalah_rules *r, const kalah_pos *p);

/* South's final margin (south's stones minus north's) of a finished game:
 * the stores, plus each side's own remaining stones when the game ended
 * because a side was empty. */
int kalah_margin(const kalah_rules *r, const kalah_pos *p);

/* ---- moves ------------------------------------------------------------- */

/* What one move did, beyond the new position. */
typedef struct kalah_move_info {
    bool extra_turn; /* the mover moves again (false when the move ended
                        the game) */
    int captured;    /* stones taken into the mover's store by captures,
                        the capturing stone included */
    int relays;      /* relay sowings after the first (relay variant) */
    bool ended;      /* the move ended the game */
} kalah_move_info;

/* The legal moves of the side to move, as pit numbers 1..m in increasing
 * order, in moves[]; returns how many (0 when the game is over). */
int kalah_moves(const kalah_rules *r, const kalah_pos *p, int moves[KALAH_MAX_PITS]);

/* Plays pit (1..m) of the side to move on *p. KALAH_EILLEGAL, with *p
 * unchanged, when the game is over, the pit number is out of range or the
 * pit is empty. info may be NULL. */
kalah_status kalah_play(const kalah_rules *r, kalah_pos *p, int pit,
                        kalah_move_info *info, kalah_error *err);

/* The number of move sequences of exactly depth moves from p (an extra turn
 * is a move of its own; a finished game has no moves). */
uint64_t kalah_perft(const kalah_rules *r, const kalah_pos *p, int depth);

/* ---- text notation (docs/notation.md) ---------------------------------- */

/* Buffers of this size hold any formatted rules, position or log line. */
#define KALAH_TEXT_MAX 256

/* Rules: "kalah-6-6", "kalah-6-4+empty+mover+decided", "relay-6-3".
 * Format returns the length written (snprintf-style). Parse takes a whole
 * string; the -M-N part may be left out (6 and 6). */
int kalah_rules_format(const kalah_rules *r, char *buf, size_t size);
kalah_status kalah_rules_parse(const char *text, kalah_rules *r, kalah_error *err);

/* Position: "RULES:SIDE:S1,...,Sm/STORE:N1,...,Nm/STORE", SIDE S or N,
 * for example "kalah-6-4:S:4,4,4,4,4,4/0:4,4,4,4,4,4/0". A text that is only
 * RULES stands for the start of that game. The stones must add up to 2·m·n. */
int kalah_pos_format(const kalah_rules *r, const kalah_pos *p, char *buf, size_t size);
kalah_status kalah_pos_parse(const char *text, kalah_rules *r, kalah_pos *p,
                             kalah_error *err);

/* ---- games: history with undo and redo --------------------------------- */

/* A game: its rules, where it started and the moves played. Moves undone
 * stay recorded until a different move is played, so they can be redone.
 * after[i] is the position after moves[0..i]. */
typedef struct kalah_game {
    kalah_rules rules;
    kalah_pos start;
    int played;        /* moves in effect */
    int recorded;      /* moves recorded: played..recorded-1 can be redone */
    int capacity;
    uint8_t *moves;    /* pit numbers 1..m */
    kalah_pos *after;
} kalah_game;

/* Starts an empty game at start (NULL: the start of r). Allocates. */
kalah_status kalah_game_init(kalah_game *g, const kalah_rules *r,
                             const kalah_pos *start, kalah_error *err);
void kalah_game_free(kalah_game *g);

/* The current position. */
const kalah_pos *kalah_game_pos(const kalah_game *g);

/* Plays a move (forgetting the moves that could have been redone). */
kalah_status kalah_game_play(kalah_game *g, int pit, kalah_move_info *info,
                             kalah_error *err);

/* Undo or redo one move; false when there is none. */
bool kalah_game_undo(kalah_game *g);
bool kalah_game_redo(kalah_game *g);

/* Game: the start (RULES, or a position when the game did not start at the
 * beginning), then the moves in effect, separated by spaces:
 * "kalah-6-4 3 6 1". Format returns the length it needed (snprintf-style);
 * parse replaces *g, which must be initialised or zeroed, and on error
 * leaves it as it was. */
int kalah_game_format(const kalah_game *g, char *buf, size_t size);
kalah_status kalah_game_parse(const char *text, kalah_game *g, kalah_error *err);

/* One line of a move log (no newline): "PLY SIDE PIT POSITION-AFTER", for
 * example "1 S 3 kalah-6-4:S:4,4,0,5,5,5/1:4,4,4,4,4,4/0". ply counts from 1;
 * side is the mover. */
int kalah_log_format(const kalah_rules *r, int ply, int side, int pit,
                     const kalah_pos *after, char *buf, size_t size);

#endif
