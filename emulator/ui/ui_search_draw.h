/*
 * ui_search_draw.h: the Search panel's tree, drawn (ui_search_draw.c): the
 * overview, the zoom and the columns of ui_search_layout.h's geometry, from
 * the model of ui_search.h. The panel's heading and details, and its row of
 * the table, are ui_panel_search.c's. Reads, changes nothing.
 *
 * How a node is drawn, everywhere alike:
 * - its state: grey not yet finished, green finished agreeing with the
 *   core, red differing; the node searched now in the debugger's current
 *   colour, the line above it framed;
 * - faded (washed with the panel's colour): a node the search does not
 *   visit: under the calculator's alpha-beta, one it skipped (shown once
 *   the cut that skips it has happened); with an overlay on, one the
 *   overlay's alpha-beta would skip;
 * - a cut: a bar in the cut colour at the right of the last child a cutting
 *   node visited (✂ in the columns), where the search stopped trying its
 *   moves;
 * - its number in the order visited (#12), where there is room.
 */
#ifndef UI_SEARCH_DRAW_H
#define UI_SEARCH_DRAW_H

#include "ui_gfx.h"
#include "ui_search_layout.h"

/* What the drawing of the tree reads besides the model: the node searched
 * now (-1 none), the best line and the focused line (node indices from the
 * root), the picked node (-1 none), the overlay shown. */
typedef struct ui_search_scene {
    const ui_search *t;
    const vm_machine *m; /* the machine searching (the line searched now) */
    const ui_search_geom *geo;
    int now, pick;
    const int *best, *focus;
    int nbest, nfocus;
    ui_search_set overlay;
} ui_search_scene;

void ui_search_draw_overview(ui_gfx *g, const ui_search_scene *sc);
void ui_search_draw_zoom(ui_gfx *g, const ui_search_scene *sc);
void ui_search_draw_columns(ui_gfx *g, const ui_search_scene *sc);

/* Text drawn within width w: in font f if it fits, else in the tiny font,
 * else cut (ui_copy_text); returns the width drawn. */
int ui_search_fit_text(ui_gfx *g, ui_font f, const char *text, int x, int y, int w, ui_colour c);

#endif
