/*
 * xcheck_puluk.h: the cross-check of the Pulúk program (prefix
 * xcheck_puluk_), beside the Kalah one (xcheck.h), whose watcher of runs it
 * shares (xcheck_runner). It keeps the core's game beside a machine running
 * a program that declares a Pulúk board (xcheck_puluk_board.h) and checks,
 * at every stop, the board, the throw and the display's sign, and every
 * move the calculator chooses against the core's god with the same weights
 * and the same throw (puluk_god_choose, Quetzalcoatl).
 *
 * The program's protocol (programs/puluk.md): the start-up `N В/О С/П`
 * (N = 0..3: bit 1 the calculator moves first, bit 0 the person keys the
 * throws); a move is the cell the person's piece leaves, 0..9, and С/П; a
 * keyed throw is its count 1..5, or 0 for the calculator's К СЧ, and С/П;
 * an input that is not one of these, or an illegal move, shows -1 and
 * changes nothing. The signs X shows are XCHECK_PULUK_*.
 *
 * Every run of the program is looked at step by step (xcheck_runner): the
 * portability check (with the allowances of decimals and К СЧ), the
 * caller's watcher if any, and this check's own look, which sees the
 * calculator's throw when the program sets it (the throw register going
 * negative: the declared register, no address) and the board at that
 * moment, the position after the person's move.
 *
 * Contract: as xcheck.h. No printing, no files; a mismatch is text in
 * report.
 */
#ifndef XCHECK_PULUK_H
#define XCHECK_PULUK_H

#include "puluk.h"
#include "puluk_players.h"
#include "vm.h"
#include "vm_decl.h"
#include "xcheck.h"
#include "xcheck_puluk_board.h"

#include <stdbool.h>
#include <stdint.h>

/* The signs X shows at a stop (programs/puluk.md, "The display"). */
#define XCHECK_PULUK_REFUSED (-1) /* an input refused: nothing changed */
#define XCHECK_PULUK_YOU_WON 8    /* the game over: the person took the
                                     calculator's last free piece */
#define XCHECK_PULUK_IT_WON (-8)  /* the calculator took the person's */
/* At the person's move: LAST x 10 + the person's throw; at the person's
 * keyed throw: LAST; at the calculator's keyed throw: the event of the
 * person's move (0 at a new game). LAST = the cell the calculator's piece
 * left x 100 + its throw x 10 + the event; 0 before it has moved. An
 * event: 0 the far town, 1 a plain move, 2 + f a capture that freed f. */
#define XCHECK_PULUK_FAR 0
#define XCHECK_PULUK_PLAIN 1
#define XCHECK_PULUK_CAPTURE 2

/* What the program waits for at a stop. */
typedef enum xcheck_puluk_wait {
    XCHECK_PULUK_START,      /* no game yet: N for the start-up */
    XCHECK_PULUK_YOUR_THROW, /* keyed throws: the person's count */
    XCHECK_PULUK_YOUR_MOVE,
    XCHECK_PULUK_ITS_THROW,  /* keyed throws: the calculator's count */
    XCHECK_PULUK_OVER
} xcheck_puluk_wait;

/* One ply of the game: a throw and the cell left, by whom. */
typedef struct xcheck_puluk_ply {
    uint8_t throw_value, from; /* from: the core's square */
    bool calc;
} xcheck_puluk_ply;

typedef struct xcheck_puluk {
    vm_machine m;
    const vm_program *prog;
    xcheck_puluk_layout lay;
    puluk_rules rules;
    puluk_pos pos;           /* the core's game */
    int plies;
    xcheck_puluk_ply ply[PULUK_MAX_PLIES];
    bool person_white;       /* the person moves first */
    bool keyed;              /* the person keys the throws */
    xcheck_puluk_wait wait;  /* what the program waits for */
    int last;                /* LAST: the calculator's last move as the display codes it */
    int shown;               /* the sign at the last checked stop */
    uint64_t budget;
    uint64_t rng0;           /* the machine's К СЧ state at the start-up */

    /* Counts. */
    long moves, calc_moves, checked, mismatches, refusals;
    long throws[PULUK_MAX_THROW + 1]; /* the calculator's К СЧ throws, by value */
    /* Instructions and real milliseconds of each run that made a
     * calculator's move, appended when the caller gives room (as xcheck's). */
    uint64_t *turn_steps, *turn_ms;
    long turns, turns_cap;
    vm_look watch;           /* the caller's watcher, as xcheck's; may be NULL */
    void *watch_ctx;
    char report[XCHECK_REPORT_MAX];
    xcheck_portable port;

    /* The run under way. */
    vm_num guard[PULUK_MAX_STRIPS + 2], guard_throw; /* the cells and the
                                throw when it started: a refused input
                                leaves them so */
    vm_num input;            /* X when it started */
    bool from_start;         /* it started at the program's start */
    int seen_throw;          /* the calculator's throw this run set, 0 none */
    bool seen_keyed;
    vm_num seen_board[PULUK_MAX_STRIPS + 2]; /* the cells at that moment */
    bool thrown_seen;        /* the look saw the calculator's throw set */
    uint64_t run_steps, run_ms;
    char keys[2048];         /* the keys pressed this game, for the report (cut
                                past its size) */
} xcheck_puluk;

/* Loads the program, keys the start-up (the person first or not, throws
 * keyed or by К СЧ; the machine's К СЧ state set to rng0 first) and checks
 * up to the first stop that waits for the person. Then x->pos is the
 * core's game. False on a mismatch (report says what). */
bool xcheck_puluk_start(xcheck_puluk *x, const vm_program *prog, const vm_decl *decl,
                        bool person_first, bool keyed, uint64_t rng0, uint64_t budget,
                        kalah_rng *rng);

/* Plays the game to its end: the person's moves by the core player opp,
 * their keyed throws (and the calculator's) from rng, every third turn
 * preceded by inputs the program must refuse (a number out of range, not
 * whole, an illegal move); after the end, С/П once more. False on the
 * first mismatch. */
bool xcheck_puluk_play(xcheck_puluk *x, const puluk_player *opp, kalah_rng *rng);

/* Whether the game is over (by the core). */
bool xcheck_puluk_over(const xcheck_puluk *x);

/* The game as text, for reports and the window: "puluk-9-5, you White,
 * throws by К СЧ: W3 h, B2 7, ..." (each ply its side, throw and square
 * left in the core's notation). snprintf-style. */
int xcheck_puluk_game_line(const xcheck_puluk *x, char *buf, size_t size);

/* ---- watching a machine keyed from outside (the window) -------------------
 * As xcheck_watch_*: the caller keys x->m as it likes and says when the
 * program starts running from a stop and when it stops; the watcher takes
 * what was keyed from X at the start, and checks the stop. */

/* Watches x->m (the caller has loaded prog into it); false, with why in
 * report, when prog declares no Pulúk board. */
bool xcheck_puluk_watch_init(xcheck_puluk *x, const vm_program *prog, const vm_decl *decl);

/* The program is about to run from a stop. */
void xcheck_puluk_watch_run(xcheck_puluk *x);

/* The program stopped. Checks the run; returns what the program waited for
 * when it started (XCHECK_PULUK_START for a start-up), with *ok telling
 * agreement (report says what differed) and *refused an input refused. */
xcheck_puluk_wait xcheck_puluk_watch_stop(xcheck_puluk *x, bool *ok, bool *refused);

/* The look before every step of the program's runs (a vm_look, ctx the
 * xcheck_puluk): a caller that runs the machine itself (the window) calls
 * it so that the check sees the calculator's throw when it is set.
 * Always true. */
bool xcheck_puluk_look(void *ctx, const vm_machine *m);

/* The calculator's move of the last stop that made one: the core's square
 * it left, its throw and whether there was one (the last ply by it). */
bool xcheck_puluk_last_calc(const xcheck_puluk *x, int *from, int *throw_value);

#endif
