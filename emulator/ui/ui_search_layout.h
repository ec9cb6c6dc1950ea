/*
 * ui_search_layout.h: the Search panel's geometry, what a point in it hits
 * and what a click does (ui_search_layout.c, no SDL); the model it shows is
 * ui_search.h's, the drawing ui_panel_search.c's. The panel's row is in
 * ui_panels.h.
 *
 * Top to bottom, in the panel's rect (design units):
 * - the heading: the title; the node counts and, beside them or under
 *   them in a narrow panel, the overlays' chips (alpha-beta in this order,
 *   in the core's order: a click shows which nodes it would skip); the
 *   node searched now, one line or two;
 * - the overview: one band a level, every node a cell of its parent's
 *   width / XCHECK_PITS;
 * - the zoom (depth 2 and 3): the subtree of one level-1 node (the focused
 *   line's) spread over the whole width, a band a level below it, so that
 *   its leaves are six times wider than in the overview (numbered in the
 *   order visited where they have room);
 * - the columns: one a level, headed by who chooses there (MAX or MIN),
 *   the window and the running bound, listing the legal moves of the
 *   focused line's node at the level above, one row each, no gaps;
 * - the details: how to read it, or the picked node's.
 * The heights given to the bands and the rows grow with the panel, so that
 * a tall panel (the debugger closed) is used.
 */
#ifndef UI_SEARCH_LAYOUT_H
#define UI_SEARCH_LAYOUT_H

#include "ui_layout.h"
#include "ui_search.h"
#include "ui_session.h"

typedef struct ui_search_geom {
    ui_rect panel;
    const ui_search *t;    /* the search laid out */
    bool wide;             /* the counts and the chips on one line */
    int head_y;            /* the heading's top */
    int counts_y, now_y;   /* its lines: the counts, the node searched now */
    ui_rect chip[UI_SEARCH_SETS]; /* the overlays' toggles (not for the
                                     calculator's own set: w 0) */
    ui_rect band[UI_SEARCH_DEPTH_MAX + 1]; /* the overview, depth 0..3 */
    int zoom_root;         /* the level-1 node the zoom spreads, -1 none */
    int zoom_y;            /* the zoom's caption */
    ui_rect zoom[UI_SEARCH_DEPTH_MAX + 1]; /* its bands, levels 2..depth */
    ui_rect columns;       /* the columns' area */
    int col_w, head_h, row_h; /* a column's width, its heading's height, a row's */
    int detail_y;          /* the detail lines' top */
} ui_search_geom;

/* The panel's geometry in its rect (ui_layout.panel[UI_PANEL_SEARCH]: over
 * the debugger's state and the cross-check panel, whatever they cover),
 * for the search t, its zoom spreading node zoom (-1: none). */
void ui_search_geometry(ui_search_geom *g, ui_rect panel, const ui_search *t, int zoom);
/* The level-1 node the zoom spreads: the focused line's (focus: node
 * indices from the root, as ui_search_focus writes them), else the first
 * legal one; -1 when the search is shallower than 2. */
int ui_search_zoom_root(const ui_search *t, const int *focus, int nfocus);
/* Everything a drawing or a click of the open panel needs: the focused
 * line (into focus, its length returned) and the geometry. */
int ui_search_prepare(ui_search_geom *g, const ui_session *s, const ui_layout *l,
                      const ui_look *look, int focus[UI_SEARCH_DEPTH_MAX + 1]);

/* The overview's cell of a node. */
ui_rect ui_search_cell(const ui_search_geom *g, int index);
/* The zoom's cell of a node under the zoom's root (w 0 for any other). */
ui_rect ui_search_zoom_cell(const ui_search_geom *g, int index);
/* The row of a node in the columns (its level's column, its rank among its
 * legal siblings), where it is drawn when its parent is on the focused
 * line. */
ui_rect ui_search_row(const ui_search_geom *g, int index);
/* The node at design point (x, y): a cell of the overview or the zoom, or
 * a row of the columns whose parent is on the focused line; -1 none. */
int ui_search_hit(const ui_search_geom *g, const int *focus, int nfocus, int x, int y);

/* The node picked "what if" (look->whatif), -1 when none is, the panel is
 * closed, or the pick belongs to an older search. */
int ui_search_pick(const ui_session *s, const ui_layout *l, const ui_look *look);
/* The overlay shown (look->overlay, UI_SEARCH_SET_CALC for none): only
 * over a search whose set it is known, and not the calculator's own. */
ui_search_set ui_search_overlay(const ui_search *t, const ui_look *look);

#endif
