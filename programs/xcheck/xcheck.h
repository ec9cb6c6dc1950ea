/*
 * xcheck.h: the cross-check (prefix xcheck_). It keeps the reference core's
 * game beside a machine running the Kalah program (programs/kalah.mk61) and
 * checks, after every stop of the program, the board, the stores, whose move
 * it is and every move the calculator chose, against the core playing the
 * same moves with the same search (minimax or alpha-beta as the start-up
 * chose, E1, the same depth, ties to the lowest pit: mk61-d, mk61ab-d). The UI and the tests use it; `mk61 crosscheck` drives it.
 *
 * Contract: no printing, no files; a mismatch is reported as text in
 * x->report, with what differed and how to reproduce it (the rule set, the
 * game in the core's notation, the machine's state).
 *
 * The program's protocol (programs/kalah.md), its registers and signs, and
 * reading its board are xcheck_board.h's: start with the keys
 * `n В↑ d В↑ w В/О С/П` (w = 1: the person moves first; d 10 + the depth
 * for alpha-beta); a move is the pit number and С/П.
 *
 * Every run the cross-check makes itself (not the watcher's) is also held
 * against xcheck_portable.h: a step that leans on a behaviour the real
 * MK-61 does not share is a mismatch.
 */
#ifndef XCHECK_H
#define XCHECK_H

#include "kalah.h"
#include "kalah_search.h"
#include "vm.h"
#include "vm_decl.h"
#include "xcheck_board.h"
#include "xcheck_portable.h"

#include <stdbool.h>
#include <stdint.h>

/* The registers a refused input must leave alone: the pits, the stores,
 * STATE and LAST. */
#define XCHECK_GUARDED (2 * XCHECK_PITS + 4)

/* How the program searches: chosen at the start-up by the depth key. */
typedef enum xcheck_algo {
    XCHECK_MINIMAX,  /* depth key d: the core's mk61-d */
    XCHECK_ALPHABETA /* depth key 10 + d: the core's mk61ab-d */
} xcheck_algo;

typedef struct xcheck {
    vm_machine m;
    const vm_program *prog;
    xcheck_layout lay;
    kalah_rules rules;
    kalah_game game;       /* the core's game, South moving first */
    kalah_player calc;     /* what the program must play: mk61-d or mk61ab-d */
    int depth, stones;
    xcheck_algo algo;
    bool person_first;     /* the person is South */
    uint64_t budget;       /* instructions allowed for one run of the program */

    /* Counts. */
    long moves;            /* moves played, both sides */
    long calc_moves;       /* moves the calculator chose */
    long checked;          /* positions compared */
    long mismatches;
    long refusals;         /* illegal inputs refused as they should be */
    /* Instructions and real-machine milliseconds of each calculator turn's
     * run (one run answers a person's move, with all its extra turns),
     * appended here when the caller gives room; xcheck_start leaves them
     * (and turns) alone, so they accumulate over the caller's games. */
    uint64_t *turn_steps, *turn_ms;
    long turns, turns_cap;
    /* A watcher of the program's own runs, given the machine's step hook
     * (vm_look): called before every step of them and once more at their
     * stop, so that it sees the machine after every step. The search
     * tracker is fed this way (xcheck_tree_look, with the tracker as
     * watch_ctx). A false answer stops the run: a mismatch. NULL: none;
     * xcheck_start leaves both alone. */
    vm_look watch;
    void *watch_ctx;

    char report[XCHECK_REPORT_MAX]; /* the first mismatch, "" if none */

    /* Watching (xcheck_watch_*): what the run under way answers. */
    int watching;          /* XCHECK_RUN_* */
    vm_num input[3];       /* X, Y, Z when it started */
    vm_num guard[XCHECK_GUARDED]; /* the board's registers, STATE and LAST then */
    bool game_on;          /* a start-up sequence was seen and checked */
    bool start_refused;    /* the last start-up seen was refused */
    vm_num shown;          /* X at the last checked stop */

    xcheck_portable port;  /* the program's own runs, step by step */
} xcheck;

/* What a run of the program that the watcher saw start was. */
enum {
    XCHECK_RUN_NONE,   /* nothing to check (no game yet, or not watched) */
    XCHECK_RUN_START,  /* the start-up sequence: a new game */
    XCHECK_RUN_MOVE,   /* the person's move, or an input to refuse */
    XCHECK_RUN_IDLE    /* a С/П after the game's end or a refused start-up:
                          nothing may change, the same sign is shown */
};

/* Loads the program, keys the start-up sequence (the depth key d, or
 * XCHECK_KEY_AB + d for alpha-beta) and checks the position (the
 * calculator's first moves too, when it starts). decl is what the program
 * declares (its board is found by its register names); prog must outlive
 * x's use, decl need not. Allocates the core's game: xcheck_free releases
 * it. False on a mismatch or when the program does not stop within the
 * budget (see report). */
bool xcheck_start(xcheck *x, const vm_program *prog, const vm_decl *decl, int stones, int depth,
                  xcheck_algo algo, bool person_first, uint64_t budget);

/* The depth key of a search: d, or XCHECK_KEY_AB + d. */
int xcheck_depth_key(int depth, xcheck_algo algo);
void xcheck_free(xcheck *x);

/* The game as front ends show it, its key first: "game (you S, C1..C6 =
 * N6..N1): kalah-6-2 3 5 3"; what follows "): " is the core's game.
 * Returns the length it needed (snprintf-style). */
int xcheck_game_line(const xcheck *x, char *buf, size_t size);

/* Whether the game is over (by the core). */
bool xcheck_over(const xcheck *x);

/* Plays the person's move (a legal pit 1..6 of the person's) on both, runs
 * the program to its next stop and checks everything. False on a mismatch. */
bool xcheck_person_move(xcheck *x, int pit);

/* Keys an illegal input (the keys' names, e.g. "0", "7", "2 , 5", or an
 * empty pit's number) followed by С/П, and checks that the program refuses
 * it: the board, the stores, STATE and LAST unchanged, X -1. False
 * otherwise. */
bool xcheck_try_illegal(xcheck *x, const char *keys);

/* Loads the program and keys a start-up the program must refuse (the keys
 * before В/О С/П, e.g. "4 В↑ 4 В↑ 1"); checks that it stops with X -2 and
 * STATE 2, and that a move keyed then ("3 С/П") changes nothing and shows
 * -2 again. False, with the report, otherwise. xcheck_free releases what
 * it allocates (an empty core game, for the report). */
bool xcheck_start_refused(xcheck *x, const vm_program *prog, const vm_decl *decl,
                          const char *keys, uint64_t budget);

/* Plays the rest of the game: the person's moves chosen by the core player
 * opp, and every fourth of them preceded by illegal inputs (0, 7, 2.5,
 * 10^50 or -3, and an empty pit when there is one). False on the first
 * mismatch. */
bool xcheck_play(xcheck *x, const kalah_player *opp, kalah_rng *rng);

/* ---- watching a machine driven from outside (the UI) ----------------------
 * The caller keys x->m as it likes (a person at the keypad, the debugger
 * stepping) and tells the watcher when the program starts running from a
 * stop and when it stops again; the watcher works out what was keyed (a
 * start-up sequence when the run starts at the program's start address, a
 * move otherwise) and checks the stop as xcheck_start and
 * xcheck_person_move do; a start-up the program cannot play must be
 * refused (XCHECK_SIGN_NO_GAME, STATE 2). */

/* Watches x->m for prog (which the caller has loaded; decl what it
 * declares): the layout, no game yet. False, with why in report, when prog
 * has no layout. */
bool xcheck_watch_init(xcheck *x, const vm_program *prog, const vm_decl *decl);

/* The program is about to run from a stop (x->m.running just became true). */
void xcheck_watch_run(xcheck *x);

/* The program stopped (x->m.running is false). Checks what the run did;
 * returns XCHECK_RUN_NONE when there was nothing to check, else the kind of
 * run, with *ok telling agreement (report says what differed) and moves[]
 * the calculator's moves by the core (*n of them). */
int xcheck_watch_stop(xcheck *x, bool *ok, int moves[64], int *n);

/* Why m halted, in words, with the address: "ЕГГОГ at 194: a sixth nested
 * ПП". */
void xcheck_halt_text(const vm_machine *m, char *buf, size_t size);

/* Reads the board the program holds, in the core's orientation and
 * numbering (xcheck_read_board of x's machine and game). */
kalah_pos xcheck_read(const xcheck *x);

#endif
