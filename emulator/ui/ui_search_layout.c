/* The Search panel's geometry, what a point in it hits, and what a click
 * does (ui_search_layout.h; the panel's drawing is ui_panel_search.c). No
 * SDL. */
#include "ui_search_layout.h"

#define PAD 8
#define TITLE_H 22 /* the title's line */
#define LINE_H 16  /* a line of the small font */
#define CHIP_H 20
#define CHIP_W 196
#define GAP 8      /* between the parts */
#define DETAIL_H 58 /* the details: a rule and three lines */
#define WIDE 600   /* a panel at least this wide puts the counts and the chips
                      on one line, the node searched now on one line */

/* XCHECK_PITS^k: the cells of level k. */
static int width_of(int k)
{
    int n = 1;
    while (k-- > 0)
        n *= XCHECK_PITS;
    return n;
}

static int clamp(int v, int lo, int hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

/* Over the debugger's state and the cross-check panel, whatever they
 * cover (with the debugger closed, the cross-check panel's lower right). */
void ui_panel_search_layout(ui_layout *l)
{
    ui_rect c = l->check, s = l->state;
    if (s.w <= 0 || s.h <= 0)
        s = c;
    l->panel[UI_PANEL_SEARCH] = (ui_rect){s.x, s.y, s.w, c.y + c.h - s.y};
}

int ui_search_pick(const ui_session *s, const ui_layout *l, const ui_look *look)
{
    const ui_search *t = &s->search;
    if (!look || !l->open[UI_PANEL_SEARCH] || !t->on || look->whatif < 0 ||
        look->whatif >= UI_SEARCH_NODES || look->whatif_generation != t->serial ||
        !t->node[look->whatif].legal)
        return -1;
    return look->whatif;
}

ui_search_set ui_search_overlay(const ui_search *t, const ui_look *look)
{
    int o = look ? look->overlay : UI_SEARCH_SET_CALC;
    if (o <= UI_SEARCH_SET_CALC || o >= UI_SEARCH_SETS || !t->on || !t->have_set[o] ||
        (t->alphabeta && o == UI_SEARCH_SET_DRAWN))
        return UI_SEARCH_SET_CALC;
    return (ui_search_set)o;
}

void ui_panel_search_opened(ui_look *look)
{
    look->whatif = -1; /* a what-if of an earlier opening is forgotten */
}

int ui_search_zoom_root(const ui_search *t, const int *focus, int nfocus)
{
    if (!t->on || t->depth < 2)
        return -1;
    if (nfocus > 1 && t->node[focus[1]].legal)
        return focus[1];
    int kids[XCHECK_PITS];
    return ui_search_children(t, 0, kids) > 0 ? kids[0] : -1;
}

int ui_search_prepare(ui_search_geom *g, const ui_session *s, const ui_layout *l,
                      const ui_look *look, int focus[UI_SEARCH_DEPTH_MAX + 1])
{
    const ui_search *t = &s->search;
    int nfocus = t->on ? ui_search_focus(t, &s->x.m, ui_search_pick(s, l, look), focus) : 0;
    ui_search_geometry(g, l->panel[UI_PANEL_SEARCH], t, ui_search_zoom_root(t, focus, nfocus));
    return nfocus;
}

bool ui_panel_search_click(ui_session *s, ui_layout *l, ui_look *look, int x, int y)
{
    int pick = ui_search_pick(s, l, look);
    /* While the board shows a what-if, a click on it goes back to the game
     * (and plays nothing). */
    if (pick >= 0 && ui_rect_has(l->board, x, y) &&
        ui_layout_hit(l, x, y).kind != UI_HIT_BUTTON) {
        look->whatif = -1;
        return true;
    }
    if (!ui_rect_has(l->panel[UI_PANEL_SEARCH], x, y))
        return false;
    const ui_search *t = &s->search;
    ui_search_geom geo;
    int focus[UI_SEARCH_DEPTH_MAX + 1];
    int nfocus = ui_search_prepare(&geo, s, l, look, focus);
    for (int o = UI_SEARCH_SET_CALC + 1; o < UI_SEARCH_SETS; o++)
        if (geo.chip[o].w > 0 && ui_rect_has(geo.chip[o], x, y)) { /* an overlay on or off */
            look->overlay = look->overlay == o ? UI_SEARCH_SET_CALC : o;
            return true;
        }
    int k = ui_search_hit(&geo, focus, nfocus, x, y);
    if (k >= 0) { /* a node shown again goes back to the game */
        look->whatif = k == pick ? -1 : k;
        look->whatif_generation = t->serial;
    }
    return true;
}

void ui_search_geometry(ui_search_geom *g, ui_rect p, const ui_search *t, int zoom)
{
    int depth = t->depth;
    if (depth < 1 || depth > UI_SEARCH_DEPTH_MAX)
        depth = UI_SEARCH_DEPTH_MAX;
    *g = (ui_search_geom){.panel = p, .t = t, .head_y = p.y + PAD, .zoom_root = -1};
    int x = p.x + PAD + 2, w = p.w - 2 * PAD - 4;
    g->wide = p.w >= WIDE;
    /* The heading: the counts (with the chips beside them, or under them),
     * then the node searched now (on two lines in a narrow panel). */
    int y = g->head_y + TITLE_H;
    g->counts_y = y;
    int cx = g->wide ? x + w - 2 * CHIP_W - 6 : x, cy = g->wide ? y - 2 : y + LINE_H + 2;
    for (int o = UI_SEARCH_SET_CALC + 1; o < UI_SEARCH_SETS; o++, cx += CHIP_W + 6)
        g->chip[o] = (ui_rect){cx, cy, CHIP_W, CHIP_H};
    y = cy + CHIP_H + 4;
    g->now_y = y;
    y += (g->wide ? 1 : 2) * LINE_H + GAP;

    /* What is left between the heading and the details: the overview, the
     * zoom, the columns; at their smallest, then grown. */
    g->detail_y = p.y + p.h - PAD - DETAIL_H + 8;
    int bands = depth + 1, zooms = zoom >= 0 && depth >= 2 ? depth - 1 : 0;
    int room = g->detail_y - 8 - GAP - y;
    int band_h = 10, zoom_h = 14, row_h = 18, head_h = 2 * LINE_H + 4;
    int fixed = bands * 3 + GAP + (zooms ? LINE_H + zooms * 3 + GAP : 0) + head_h;
    int need = fixed + bands * band_h + zooms * zoom_h + XCHECK_PITS * row_h;
    if (need > room && zooms) { /* no room for the zoom: without it */
        fixed -= LINE_H + zooms * 3 + GAP;
        need -= LINE_H + zooms * 3 + GAP + zooms * zoom_h;
        zooms = 0;
    }
    int spare = room - need > 0 ? room - need : 0;
    /* The spare height: the rows first (up to 24), then the zoom (up to
     * 30), then the overview (up to 18). */
    int grow = clamp(spare / XCHECK_PITS, 0, 6);
    row_h += grow;
    spare -= grow * XCHECK_PITS;
    if (zooms) {
        grow = clamp(spare / zooms, 0, 16);
        zoom_h += grow;
        spare -= grow * zooms;
    }
    band_h += clamp(spare / bands, 0, 8);

    for (int k = 0; k < bands; k++) {
        g->band[k] = (ui_rect){x, y, w, band_h};
        y += band_h + 3;
    }
    y += GAP;
    if (zooms) {
        g->zoom_root = zoom;
        g->zoom_y = y;
        y += LINE_H;
        for (int k = 2; k <= depth; k++) {
            g->zoom[k] = (ui_rect){x, y, w, zoom_h};
            y += zoom_h + 3;
        }
        y += GAP;
    }
    g->head_h = head_h;
    g->row_h = row_h;
    g->col_w = w / depth;
    g->columns = (ui_rect){x, y, w, head_h + XCHECK_PITS * row_h};
}

/* A cell of node index, at level n (its path's length), in band b, which
 * spreads the level's nodes under an ancestor at level from (its path's
 * first from pits are that ancestor's). */
static ui_rect cell_in(ui_rect b, const int *path, int n, int from)
{
    int j = 0;
    for (int i = from; i < n; i++)
        j = XCHECK_PITS * j + path[i] - 1;
    int parts = width_of(n - from);
    int x0 = b.x + j * b.w / parts, x1 = b.x + (j + 1) * b.w / parts;
    /* A gap between cells while they are wide enough to show one. */
    int gap = x1 - x0 >= 4 ? 1 : 0;
    return (ui_rect){x0, b.y, x1 - x0 - gap, b.h};
}

ui_rect ui_search_cell(const ui_search_geom *g, int index)
{
    int path[UI_SEARCH_DEPTH_MAX];
    int n = ui_search_path(index, path);
    if (n < 0 || g->band[n].w <= 0)
        return (ui_rect){0, 0, 0, 0};
    return cell_in(g->band[n], path, n, 0);
}

ui_rect ui_search_zoom_cell(const ui_search_geom *g, int index)
{
    int path[UI_SEARCH_DEPTH_MAX], root[UI_SEARCH_DEPTH_MAX];
    int n = ui_search_path(index, path);
    if (n < 2 || g->zoom_root < 0 || g->zoom[n].w <= 0 || ui_search_path(g->zoom_root, root) != 1 ||
        path[0] != root[0])
        return (ui_rect){0, 0, 0, 0};
    return cell_in(g->zoom[n], path, n, 1);
}

ui_rect ui_search_row(const ui_search_geom *g, int index)
{
    int path[UI_SEARCH_DEPTH_MAX];
    int n = ui_search_path(index, path), rank = ui_search_rank(g->t, index);
    if (n < 1 || rank < 0)
        return (ui_rect){0, 0, 0, 0};
    return (ui_rect){g->columns.x + (n - 1) * g->col_w,
                     g->columns.y + g->head_h + rank * g->row_h, g->col_w - 6, g->row_h};
}

int ui_search_hit(const ui_search_geom *g, const int *focus, int nfocus, int x, int y)
{
    const ui_search *t = g->t;
    if (!t->on)
        return -1;
    for (int k = 0; k <= t->depth && k <= UI_SEARCH_DEPTH_MAX; k++) {
        ui_rect b = g->band[k];
        if (b.w > 0 && ui_rect_has(b, x, y)) {
            int parts = width_of(k), j = (x - b.x) * parts / b.w;
            int i = ui_search_index((int[]){1, 1, 1}, k) + j;
            return i < UI_SEARCH_NODES && t->node[i].legal ? i : -1;
        }
    }
    for (int k = 2; g->zoom_root >= 0 && k <= t->depth && k <= UI_SEARCH_DEPTH_MAX; k++) {
        ui_rect b = g->zoom[k];
        if (b.w > 0 && ui_rect_has(b, x, y)) {
            /* The level-k nodes under the zoom's root, in order. */
            int parts = width_of(k - 1), j = (x - b.x) * parts / b.w;
            int first = g->zoom_root;
            for (int d = 1; d < k; d++)
                first = ui_search_child(first);
            int i = first + j;
            return i < UI_SEARCH_NODES && t->node[i].legal ? i : -1;
        }
    }
    for (int c = 0; c < nfocus && c < t->depth; c++) {
        int kids[XCHECK_PITS], n = ui_search_children(t, focus[c], kids);
        for (int r = 0; r < n; r++)
            if (ui_rect_has(ui_search_row(g, kids[r]), x, y))
                return kids[r];
    }
    return -1;
}
