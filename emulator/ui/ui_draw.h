/*
 * ui_draw.h: drawing the window's parts from the session (prefix ui_).
 * Each function draws one region of the layout from what it reads in the
 * session; none changes the session.
 */
#ifndef UI_DRAW_H
#define UI_DRAW_H

#include "ui_gfx.h"
#include "ui_layout.h"
#include "ui_session.h"

/* What the shell adds to the session for drawing. */
typedef struct ui_look {
    int mouse_key;    /* the key held down by the mouse, -1 none */
    int hover_pit;    /* the person's pit under the mouse 1..6, 0 none */
    int hover_button; /* the button under the mouse, -1 none */
    int top_line;     /* the listing's first shown address */
    bool help;        /* the help overlay is open */
    bool search;      /* the Search panel is open (ui_search.h) */
    int whatif;       /* the node shown on the board "what if", -1 none */
    long whatif_generation; /* of the search it belongs to */
} ui_look;

/* ui_draw_calc.c: the calculator (body, display, switches, keys). */
void ui_draw_calc(ui_gfx *g, const ui_layout *l, const ui_session *s, const ui_look *look);
/* ui_draw_help.c: the help overlay (the keyboard mapping, the mouse). */
void ui_draw_help(ui_gfx *g, const ui_layout *l, const ui_theme *t);
/* The help panel's rectangle on the design canvas, and its inner margin:
 * nothing is drawn in the margin (everything wraps within it). */
ui_rect ui_help_rect(int *margin);
/* ui_draw_board.c: the Kalah board, the game's buttons, the status line. */
void ui_draw_board(ui_gfx *g, const ui_layout *l, const ui_session *s, const ui_look *look);
/* The label of pit i (0..5, the core's numbering) of side 0 (the person's
 * row) or 1 (the calculator's): P1..P6, and C1..C6 counted from the
 * person's left as the program numbers them (programs/kalah.md), so the
 * calculator's own pit 1 is C6. */
void ui_pit_label(int side, int i, char *buf, size_t size);
/* ui_draw_debug.c: the listing, the machine's state, the debugger's
 * buttons, and the cross-check panel. */
void ui_draw_debug(ui_gfx *g, const ui_layout *l, const ui_session *s, const ui_look *look);
void ui_draw_check(ui_gfx *g, const ui_layout *l, const ui_session *s);
/* ui_search_draw.c: the Search panel (over the debugger's state and the
 * cross-check panel), and over the board the node picked "what if". The
 * picked node, -1 when none is (or it belongs to an older search). */
void ui_draw_search(ui_gfx *g, const ui_layout *l, const ui_session *s, const ui_look *look);
void ui_draw_whatif(ui_gfx *g, const ui_layout *l, const ui_session *s, const ui_look *look);
int ui_search_pick(const ui_session *s, const ui_look *look);

/* The address shown on listing line i when the listing starts at top (an
 * instruction boundary); i < 0 counts lines above top. -1 before the
 * program's start or past its end. */
int ui_listing_addr(const ui_session *s, int top, int i);
/* A top that keeps s->x.m.pc in view of `lines` lines, changing top as
 * little as possible: unchanged when pc is already shown, else pc placed
 * about a quarter down. */
int ui_listing_top(const ui_session *s, int top, int lines);

#endif
