/*
 * ui_puluk.h: the window's session with a program that declares a Pulúk
 * board (prefix ui_puluk_; docs/ui.md, "Pulúk"). SDL-free, part of the
 * session library: the session (ui_session.h) keeps one of these in
 * s->puluk when its program declares `.board game puluk`, and hands it
 * what concerns the game: every run the program starts and every stop it
 * makes (the cross-check, xcheck_puluk.h, watching the session's machine),
 * New game, Undo, a click on a cell or a throw, the turn line, and the
 * saved games. The machine stays the session's (s->x.m); the watcher keeps
 * copies of it, taken at each run's start and stop.
 */
#ifndef UI_PULUK_H
#define UI_PULUK_H

#include "xcheck_puluk.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct ui_session;

#define UI_PULUK_LINES 400  /* checked stops kept */
#define UI_PULUK_POINTS 160 /* undo points kept */
#define UI_PULUK_TEXT 1200  /* a mismatch's report, as the panel shows it */

/* One checked stop of the program: what was keyed, what it answered. */
typedef struct ui_puluk_line {
    bool ok, refused;
    xcheck_puluk_wait before;  /* what the program waited for when it ran */
    vm_num input;              /* what was keyed then */
    int you_from, you_throw;   /* the person's move of this run: the cell
                                  left (0..9) and the throw; -1 none */
    int calc_from, calc_throw, calc_event; /* the calculator's: its cell (1..10
                                  as the board numbers it), throw, event; -1 none */
    char text[UI_PULUK_TEXT];  /* on a mismatch: what differed */
} ui_puluk_line;

/* An undo point: the watcher (its machine is the calculator's then) at a
 * stop that waited for the person, and how many lines there were. */
typedef struct ui_puluk_point {
    xcheck_puluk watch;
    int lines;
} ui_puluk_point;

typedef struct ui_puluk {
    xcheck_puluk x;            /* the watcher */
    bool keyed;                /* New game's setting: the person keys the throws */
    uint64_t rng0;             /* К СЧ's state New game gave the machine */
    ui_puluk_line *lines;
    int nlines;
    ui_puluk_point *points;
    int npoints;
    int nredo; /* points past npoints that Redo brings back (Undo's, not yet replaced) */
} ui_puluk;

/* The game's state for a program that declares a Pulúk board (NULL for any
 * other, or out of memory); m is the session's machine. */
ui_puluk *ui_puluk_open(const vm_program *prog, const vm_decl *decl, const vm_machine *m);
void ui_puluk_free(ui_puluk *p);

/* The session's runs: one starts from a stop; each step (so that the
 * watcher sees the calculator's throw set); one came to a stop. */
void ui_puluk_started(struct ui_session *s);
void ui_puluk_step(struct ui_session *s);
void ui_puluk_finished(struct ui_session *s);

/* New game with the session's First setting and p->keyed: the machine
 * reloaded, К СЧ's state drawn from the session's clock, and the start-up
 * "N В/О С/П" queued. */
void ui_puluk_new_game(struct ui_session *s);

/* Back to the last point before this one where the person was to move;
 * Redo forward again to the point Undo left, until a new line is made.
 * (Redo's points are not saved: a loaded game has none.) */
bool ui_puluk_undo(struct ui_session *s);
bool ui_puluk_redo(struct ui_session *s);

/* The power went off: no game, no lines, no points. */
void ui_puluk_forget(struct ui_session *s);

/* What the program waits for now (XCHECK_PULUK_*), as the board and its
 * buttons need it; -1 while it runs or keys are queued. */
int ui_puluk_waiting(const struct ui_session *s);

/* A click on cell k (0: the person's town, 1..9 the strips): keys "k С/П"
 * when the person is to move and it is a legal move; false with why in the
 * status line otherwise. */
bool ui_puluk_cell(struct ui_session *s, int k);
/* Whether cell k holds a piece the person may move now (the hover). */
bool ui_puluk_movable(const struct ui_session *s, int k);
/* A throw button: keys "t С/П" (0: the calculator throws) when a keyed
 * throw is awaited. */
bool ui_puluk_throw(struct ui_session *s, int t);

/* The turn line, whose move it is (as ui_session_turn), and the state as
 * a ui_state (ui_session_state). */
int ui_puluk_state(const struct ui_session *s);
void ui_puluk_state_text(const struct ui_session *s, char *buf, size_t size);
int ui_puluk_turn(const struct ui_session *s);

/* Saved games (as ui_session_save / ui_session_load). */
bool ui_puluk_save(const struct ui_session *s, char **text, char *err, size_t size);
bool ui_puluk_load(struct ui_session *s, const char *text, const char *name, int line0,
                   char *err, size_t size);

#endif
