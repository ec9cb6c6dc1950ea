/*
 * ui_search_layout.h: the Search panel's geometry, what a point in it hits
 * and what a click does (ui_search_layout.c, no SDL); the model it shows is
 * ui_search.h's, the drawing ui_panel_search.c's. The panel's row is in
 * ui_panels.h.
 */
#ifndef UI_SEARCH_LAYOUT_H
#define UI_SEARCH_LAYOUT_H

#include "ui_layout.h"
#include "ui_search.h"
#include "ui_session.h"

/* In the panel's rect p (design units): the heading lines, the overview
 * (one band a level, every node a cell of its parent's width /
 * XCHECK_PITS), the columns (level 1..depth: the children of the focused
 * path's node at the
 * level above, one row a pit), and the detail lines at the bottom. */
#define UI_SEARCH_ROW 22
typedef struct ui_search_geom {
    ui_rect panel;
    int head_y;            /* the heading's top */
    ui_rect band[UI_SEARCH_DEPTH_MAX + 1]; /* the overview, depth 0..3 */
    ui_rect columns;       /* the columns' area */
    int col_w, head_h;     /* a column's width, its heading's height */
    int detail_y;          /* the detail lines' top */
} ui_search_geom;

/* The panel's geometry in its rect (ui_layout.panel[UI_PANEL_SEARCH]: over
 * the debugger's state and the cross-check panel, whatever they cover). */
void ui_search_geometry(ui_search_geom *g, ui_rect panel, int depth);
/* The overview's cell of a node. */
ui_rect ui_search_cell(const ui_search_geom *g, int index);
/* The row of a node in the columns (its level's column, its pit's row),
 * where it is drawn when its parent is on the focused line. */
ui_rect ui_search_row(const ui_search_geom *g, int index);
/* The node at design point (x, y): a cell of the overview or a row of the
 * columns whose parent is on the focused line (focus: node indices from
 * the root, nfocus of them, as ui_search_focus writes them); -1 none. */
int ui_search_hit(const ui_search *t, const ui_search_geom *g, const int *focus, int nfocus,
                  int x, int y);

/* The node picked "what if" (look->whatif), -1 when none is, the panel is
 * closed, or the pick belongs to an older search. */
int ui_search_pick(const ui_session *s, const ui_layout *l, const ui_look *look);

#endif
