/*
 * ui_draw_puluk.h: the window's Pulúk board (prefix ui_; docs/ui.md,
 * "Pulúk"), drawn in the board's place when the program declares a Pulúk
 * board (s->puluk): the towns with their pieces, the strips with their
 * columns (the top piece highest, its prisoners under it), read from the
 * registers the program declares; the throw buttons when a keyed throw is
 * asked for; the game's buttons and the turn line; and, in the cross-check
 * panel's place, each checked stop with its ✓ or ✗. Clicks on the board
 * are the game's: a cell moves a piece, a throw button keys a throw.
 */
#ifndef UI_DRAW_PULUK_H
#define UI_DRAW_PULUK_H

#include "ui_draw.h"

/* Where cell k (0: the person's town .. ncells - 1: the calculator's) and
 * the throw button t (1..5, 0 the calculator's К СЧ) are drawn. */
ui_rect ui_puluk_cell_rect(const ui_layout *l, int k, int ncells);
ui_rect ui_puluk_throw_rect(const ui_layout *l, int t);

void ui_draw_puluk(ui_gfx *g, const ui_layout *l, const ui_session *s, const ui_look *look);
void ui_draw_puluk_check(ui_gfx *g, const ui_layout *l, const ui_session *s);

/* A click at design point (x, y): true when the board took it (any point
 * of the board: it has no Kalah pits). */
bool ui_puluk_click(ui_session *s, const ui_layout *l, int x, int y);
/* What the mouse is over, for look.hover_pit: k + 1 for a cell the person
 * may move from now, -1 - t for throw button t, 0 nothing. */
int ui_puluk_hover(const ui_session *s, const ui_layout *l, int x, int y);

#endif
