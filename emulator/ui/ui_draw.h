/*
 * ui_draw.h: drawing the window's fixed parts from the session (prefix
 * ui_): the calculator, the board and the cross-check panel. Each function
 * draws one region of the layout from what it reads in the session; none
 * changes anything. The panels that open and close draw themselves
 * (ui_panel.h).
 */
#ifndef UI_DRAW_H
#define UI_DRAW_H

#include "ui_gfx.h"
#include "ui_layout.h"
#include "ui_session.h"

/* ui_draw_calc.c: the calculator (body, display, switches, keys). */
void ui_draw_calc(ui_gfx *g, const ui_layout *l, const ui_session *s, const ui_look *look);
/* ui_draw_board.c: the Kalah board, the game's buttons, the status line. */
void ui_draw_board(ui_gfx *g, const ui_layout *l, const ui_session *s, const ui_look *look);
/* The label of pit i (0..5, the core's numbering) of side 0 (the person's
 * row) or 1 (the calculator's): P1..P6, and C1..C6 counted from the
 * person's left as the program numbers them (programs/kalah.md), so the
 * calculator's own pit 1 is C6. */
void ui_pit_label(int side, int i, char *buf, size_t size);
/* The game row's buttons (New game .. Load), the game's own two labels
 * given: Stones' and Depth's (on the Pulúk board the throw and the god);
 * depth_idle draws Depth dim and never hovered (nothing to choose). */
void ui_draw_game_buttons(ui_gfx *g, const ui_layout *l, const ui_session *s,
                          const ui_look *look, const char *stones, const char *depth,
                          bool depth_idle);
/* ui_draw_check.c: the cross-check panel. */
void ui_draw_check(ui_gfx *g, const ui_layout *l, const ui_session *s);
/* Its parts, for a game's panel of its own (ui_draw_puluk.c): the title
 * row (the first of titles that fits beside the ✓ and ✗ counts; returns
 * the y under it); the foot, text (the game so far) wrapped, its last 3
 * lines, over a rule (returns the bottom the entries may reach); the
 * entries, newest at the bottom, older ones scrolled away when they do not
 * fit: entry(g, ctx, i, x, y, w, bottom, draw) lays out entry i at y and
 * draws it when draw is set, returning its height. */
int ui_draw_check_title(ui_gfx *g, ui_rect p, const char *const *titles, int ntitles, int good,
                        int bad);
int ui_draw_check_foot(ui_gfx *g, ui_rect p, const char *text);
typedef int (*ui_check_entry_fn)(ui_gfx *g, const void *ctx, int i, int x, int y, int w,
                                 int bottom, bool draw);
void ui_draw_check_entries(ui_gfx *g, ui_rect p, int y, int bottom, int count,
                           ui_check_entry_fn entry, const void *ctx);
/* ui_panel_search.c: over the board, the node the Search panel picked
 * "what if" (ui_search_pick), with the turn line saying so. */
void ui_draw_whatif(ui_gfx *g, const ui_layout *l, const ui_session *s, const ui_look *look);

/* ui_panel_debugger.c: the address shown on listing line i when the
 * listing starts at top (an instruction boundary); i < 0 counts lines
 * above top. -1 before the program's start or past its end. */
int ui_listing_addr(const ui_session *s, int top, int i);
/* A top that keeps s->x.m.pc in view of `lines` lines, changing top as
 * little as possible: unchanged when pc is already shown, else pc placed
 * about a quarter down. */
int ui_listing_top(const ui_session *s, int top, int lines);

#endif
