/*
 * ui_session.h: the window's core (prefix ui_), in the manner of Free42's
 * core/shell contract: everything the calculator window shows and does,
 * with no SDL, no drawing, no files and no clock of its own. The SDL shell
 * (ui_app.c) turns events into these calls, calls ui_session_tick with the
 * time that passed, and draws what it reads from the struct; the tests
 * drive the same calls.
 *
 * Files are the shell's: a saved game comes and goes as text
 * (ui_session_save, ui_session_load), which the shell keeps in a file. The
 * build holds the session to this: it is a library of its own
 * (mk61_ui_session) that links no SDL and no file code, and a test
 * (ui_session_no_files) checks that it calls no file functions.
 *
 * One machine: s->x.m, watched by the cross-check (programs/xcheck) so that
 * every stop of the Kalah program is checked against the reference core,
 * whoever keyed it (the keypad, the computer keyboard, a click on a pit,
 * the New game button, the debugger's steps).
 *
 * Time: keys queued by a pit click or New game are pressed one at a time,
 * each shown held for UI_KEY_HOLD_MS; a running program executes at the
 * chosen speed (UI_SPEED_REAL: each step takes its real duration, vm_isa.h,
 * about 5 steps a second), and at most UI_TICK_STEPS_MAX steps per tick, so
 * a tick never takes long and the window stays responsive.
 */
#ifndef UI_SESSION_H
#define UI_SESSION_H

#include "ui_search.h"
#include "xcheck.h"
#include "xcheck_judge.h"

#include "vm_decl.h"
#include "vm_keys.h"
#include "vm_program.h"

#include <stdbool.h>
#include <stdint.h>

#define UI_KEY_HOLD_MS 110.0     /* a queued key is shown pressed this long */
#define UI_TICK_STEPS_MAX 400000 /* steps one tick may execute */
#define UI_QUEUE_MAX 32
#define UI_CHECKS_MAX 200        /* cross-check lines kept */
#define UI_HISTORY_MAX 200       /* undo points kept */
#define UI_STATUS_MAX 1200

typedef enum ui_speed { UI_SPEED_REAL, UI_SPEED_X10, UI_SPEED_X100, UI_SPEED_MAX, UI_SPEED_COUNT } ui_speed;

/* "real (MK-61)", "x10", "x100", "fastest" */
const char *ui_speed_name(ui_speed v);

/* One checked stop of the Kalah program: a start-up or a person's move and
 * the calculator's answer, or a refused input. */
typedef struct ui_check_line {
    bool ok;
    int kind;            /* XCHECK_RUN_START, _MOVE or _IDLE */
    int person;          /* the person's pit, 0 none (start, refused) */
    int refused;         /* the input was refused (an illegal move) */
    int calc[16], ncalc; /* the calculator's moves, as the core chose them */
    /* The strong level's judgement of the calculator's first move
     * (xcheck_judge.h: the exact solver within UI_JUDGE_NODES, no clock):
     * the move's value and the best move's, in stones of
     * final margin for the calculator, proven (exact) or the solver's
     * estimates at some depth; from is the position the move was played
     * from. */
    bool judged;
    xcheck_judgement judgement;
    kalah_pos from;
    char text[XCHECK_REPORT_MAX]; /* on a mismatch: what differed, the replay */
} ui_check_line;

/* The judgement's budget, in nodes only, so that the same game is judged
 * the same way on an idle machine and a busy one: about 0.1 s of search
 * (measured in docs/ui.md), short enough that the window does not stall
 * when the calculator stops. */
#define UI_JUDGE_NODES XCHECK_JUDGE_NODES
#define UI_JUDGE_TT XCHECK_JUDGE_TT /* the judge's table, bytes */

/* The judgement as the cross-check panel shows it, "" when there is none:
 * "played C6: -9, best C5: -5 (exact)", "played C4: +2, best move (depth 14)",
 * the calculator's pits named as on the board (ui_pit_label). */
void ui_check_judgement_text(const ui_check_line *c, char *buf, size_t size);

/* An undo point: the machine waiting for the person's move, and how far
 * the core's game and the cross-check lines had got. */
typedef struct ui_point {
    int plies, checks;
    xcheck watch; /* the machine (watch.m), the watcher's settings and
                     counters (its game is the live one: only plies of it
                     are kept) */
} ui_point;

typedef struct ui_session {
    vm_program prog;
    vm_decl decl;            /* what prog declares (names, source map, search) */
    char prog_name[256];
    xcheck x;                /* x.m is the machine */
    bool checking;           /* the program has the Kalah layout */
    bool power;              /* the power switch */

    /* New game's settings, shown on the buttons. */
    int stones, depth;
    bool person_first;

    /* Running. */
    ui_speed speed;
    bool strict;             /* pause at a step that makes a diagnostic
                                (vm_warn: the real machine goes on silently) */
    bool paused;             /* a started program waits for Run or Step */
    bool skip_break;         /* the next step may leave a breakpoint */
    int over_rsp;            /* stepping over a call: stop when the return
                                stack is back to this depth (-1: not) */
    double credit_ms;        /* real-speed time not yet spent on steps */
    double clock_ms;         /* time since the session began */
    double run_ms;           /* time the program has been running (for the
                                display's blink) */
    bool breakpoint[VM_MAX_STEPS];
    bool run_open;           /* a run the cross-check watches is under way */
    uint64_t move_exec;      /* m.executed when the person last started it */
    vm_num regs_before[VM_MAX_REGS]; /* registers before the last command,
                                        so that changes can be marked */

    /* Keys queued by a pit click or New game. */
    int queue[UI_QUEUE_MAX];
    int qlen, qpos;
    int key_down;            /* the key shown pressed, -1 none */
    double key_ms;           /* how long it has been shown */

    /* The game: cross-check lines and undo points. */
    ui_check_line *checks;   /* UI_CHECKS_MAX of them */
    int nchecks;
    ui_point *points;        /* UI_HISTORY_MAX of them */
    int npoints;
    int nredo;               /* points Undo took back that Redo gives again:
                                points[npoints..npoints+nredo), with their
                                cross-check lines past nchecks; a new line
                                (a move played) forgets them */
    int last_moves[2][16];   /* the last moves on the board: [0] the person's
                                pit, [1] the calculator's */
    int nlast[2];

    char status[UI_STATUS_MAX]; /* the latest news, one line */
    bool halted;             /* the program's last run ended in an error
                                halt (ЕГГОГ), and no run has started since */
    char halt_text[160];     /* what halted it, in words */

    /* The strong level judging the calculator's moves: its solver is made
     * on the first judgement, kept (with its table) while the rules stay
     * the same, and released by ui_session_free. */
    xcheck_judge judge;

    /* The calculator's search tree, fed before every step (ui_search.h). */
    ui_search search;
} ui_session;

/* Powers the calculator on with prog loaded (named name in messages; decl
 * what it declares, copied); s must be zeroed or hold a session.
 * Allocates: ui_session_free releases. False when out of memory. */
bool ui_session_load_program(ui_session *s, const vm_program *prog, const vm_decl *decl,
                             const char *name);
void ui_session_free(ui_session *s);

/* A key pressed by the person (keypad or keyboard), at once. */
void ui_session_press(ui_session *s, vm_key key);

/* A click on the person's pit 1..6: keys "pit С/П" (queued, each shown
 * pressed). False, with why in status, when the calculator is not waiting
 * for a move. */
bool ui_session_pit(ui_session *s, int pit);

/* New game with the settings: the machine is reset with the program, and
 * the start-up sequence "stones В↑ depth В↑ who В/О С/П" is queued. */
void ui_session_new_game(ui_session *s);

/* Advances time by ms: queued keys, the running program at its speed. */
void ui_session_tick(ui_session *s, double ms);

/* Ticks until nothing is under way (keys pressed, the program stopped or
 * paused); false when that takes more than max_steps instructions. */
bool ui_session_settle(ui_session *s, uint64_t max_steps);

/* Whether something is under way: keys queued or the program running and
 * not paused. */
bool ui_session_busy(const ui_session *s);

/* The debugger. Step: one instruction (starting the program from where it
 * waits, as С/П would, if it is not running). Over: the same, but a call
 * runs until it returns. Run: go on until a stop or a breakpoint. Pause:
 * hold a running program. */
void ui_session_step(ui_session *s);
void ui_session_over(ui_session *s);
void ui_session_run(ui_session *s);
void ui_session_pause(ui_session *s);
void ui_session_toggle_break(ui_session *s, int addr);
void ui_session_set_speed(ui_session *s, ui_speed v);

/* The power switch: off clears the machine (the program stays loaded, as
 * on a calculator whose program was keyed in... which the real one would
 * lose: here it is reloaded); the angle switch: VM_RAD, VM_GRAD, VM_DEG. */
void ui_session_power(ui_session *s, bool on);
void ui_session_angle(ui_session *s, vm_angle a);

/* Back to the previous point where the person was to move. */
bool ui_session_undo(ui_session *s);
/* Forward again to the point the last Undo left, with its cross-check
 * lines; false (with why in status) when there is none. */
bool ui_session_redo(ui_session *s);

/* Instructions executed since the person last started the program. */
uint64_t ui_session_since_move(const ui_session *s);

/* Whether the person moves first (South): in the game under way, else by
 * New game's setting. */
bool ui_session_person_first(const ui_session *s);

/* The board the program holds (core orientation, see xcheck_read), and
 * whether it can be read (the program has the Kalah layout and its
 * registers hold whole numbers). */
bool ui_session_board(const ui_session *s, kalah_pos *p);

/* What the game waits for, as the window's turn line says it; each state
 * of the program's display (programs/kalah.md) has its own. */
typedef enum ui_state {
    UI_STATE_NO_BOARD,      /* the program has no Kalah board, or the power is off */
    UI_STATE_NO_GAME,       /* no game started yet */
    UI_STATE_START_REFUSED, /* the program refused the start-up (-2) */
    UI_STATE_HALTED,        /* the program halted with ЕГГОГ (halt_text says why) */
    UI_STATE_THINKING,      /* the program runs, is held, or keys are being pressed */
    UI_STATE_YOUR_MOVE,     /* a new game, or the calculator has answered */
    UI_STATE_EXTRA_TURN,    /* the person's last stone fell in their store (0) */
    UI_STATE_REFUSED,       /* the person's input was refused (-1) */
    UI_STATE_OVER           /* the game is over (8, the margin) */
} ui_state;

ui_state ui_session_state(const ui_session *s);

/* The turn line: what the state means for the person, one line. */
void ui_session_state_text(const ui_session *s, char *buf, size_t size);

/* Whose move the program waits for: 1 the person, 0 the calculator is
 * thinking, -1 no game, a refused start-up or the game over, -2 the
 * program halted. */
int ui_session_turn(const ui_session *s);

/* ---- saved games (ui_save.c) -------------------------------------------
 * A saved game is text: the settings, the person's inputs of every turn
 * from the start-up on (so that the history and the cross-check are
 * rebuilt by replaying them) and the machine as it was (vm_state). Its
 * format is version UI_SAVE_VERSION; the shell keeps it in a file of kind
 * UI_SAVE_KIND (ui_game_file.c). Loading replays the inputs and then
 * requires the replayed machine's board to be the saved one before it
 * takes the saved machine as it was; on any failure s is left as it was.
 *
 * ui_session_save: the text in *text (malloc'd: the caller frees it);
 * false, with why in err, when out of memory. ui_session_load: name (the
 * file's) and line0 (the number of text's first line in it) are for the
 * messages only: "NAME:LINE: what". */
#define UI_SAVE_VERSION 2
#define UI_SAVE_KIND "kalah61-game"
bool ui_session_save(const ui_session *s, char **text, char *err, size_t size);
bool ui_session_load(ui_session *s, const char *text, const char *name, int line0, char *err,
                     size_t size);

#endif
