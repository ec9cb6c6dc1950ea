/* The Search panel's geometry, what a point in it hits, and what a click
 * does (ui_search.h; the panel's drawing is ui_panel_search.c). No SDL. */
#include "ui_search_layout.h"

#define PAD 8
#define HEAD_H 76   /* the heading's three lines */
#define BAND_H 14   /* a level of the overview */
#define BAND_GAP 3

/* XCHECK_PITS^k: the cells of level k. */
static int width_of(int k)
{
    int n = 1;
    while (k-- > 0)
        n *= XCHECK_PITS;
    return n;
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
    if (!look || !l->open[UI_PANEL_SEARCH] || look->whatif < 0 ||
        look->whatif >= UI_SEARCH_NODES || look->whatif_generation != t->generation ||
        !t->node[look->whatif].legal)
        return -1;
    return look->whatif;
}

void ui_panel_search_opened(ui_look *look)
{
    look->whatif = -1; /* a what-if of an earlier opening is forgotten */
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
    ui_rect p = l->panel[UI_PANEL_SEARCH];
    if (!ui_rect_has(p, x, y))
        return false;
    const ui_search *t = &s->search;
    ui_search_geom geo;
    ui_search_geometry(&geo, p, t->depth);
    int focus[UI_SEARCH_DEPTH_MAX + 1];
    int nfocus = ui_search_focus(t, &s->x.m, pick, focus);
    int k = ui_search_hit(t, &geo, focus, nfocus, x, y);
    if (k >= 0) { /* a node shown again goes back to the game */
        look->whatif = k == pick ? -1 : k;
        look->whatif_generation = t->generation;
    }
    return true;
}

void ui_search_geometry(ui_search_geom *g, ui_rect p, int depth)
{
    if (depth < 1 || depth > UI_SEARCH_DEPTH_MAX)
        depth = UI_SEARCH_DEPTH_MAX;
    *g = (ui_search_geom){.panel = p, .head_y = p.y + PAD};
    int x = p.x + PAD + 2, w = p.w - 2 * PAD - 4, y = p.y + HEAD_H;
    for (int k = 0; k <= depth; k++) {
        g->band[k] = (ui_rect){x, y, w, BAND_H};
        y += BAND_H + BAND_GAP;
    }
    y += 8;
    g->head_h = 20;
    g->col_w = w / depth;
    g->columns = (ui_rect){x, y, w, g->head_h + XCHECK_PITS * UI_SEARCH_ROW};
    g->detail_y = y + g->columns.h + 10;
}

ui_rect ui_search_cell(const ui_search_geom *g, int index)
{
    int path[UI_SEARCH_DEPTH_MAX];
    int n = ui_search_path(index, path);
    if (n < 0 || g->band[n].w <= 0)
        return (ui_rect){0, 0, 0, 0};
    int j = 0;
    for (int i = 0; i < n; i++)
        j = XCHECK_PITS * j + path[i] - 1;
    ui_rect b = g->band[n];
    int parts = width_of(n);
    int x0 = b.x + j * b.w / parts, x1 = b.x + (j + 1) * b.w / parts;
    /* A gap between cells while they are wide enough to show one. */
    int gap = x1 - x0 >= 4 ? 1 : 0;
    return (ui_rect){x0, b.y, x1 - x0 - gap, b.h};
}

ui_rect ui_search_row(const ui_search_geom *g, int index)
{
    int path[UI_SEARCH_DEPTH_MAX];
    int n = ui_search_path(index, path);
    if (n < 1)
        return (ui_rect){0, 0, 0, 0};
    return (ui_rect){g->columns.x + (n - 1) * g->col_w,
                     g->columns.y + g->head_h + (path[n - 1] - 1) * UI_SEARCH_ROW, g->col_w - 6,
                     UI_SEARCH_ROW};
}

int ui_search_hit(const ui_search *t, const ui_search_geom *g, const int *focus, int nfocus,
                  int x, int y)
{
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
    for (int c = 0; c < nfocus && c < t->depth; c++) {
        int first = ui_search_child(focus[c]);
        for (int r = 0; first >= 0 && r < XCHECK_PITS; r++)
            if (t->node[first + r].legal && ui_rect_has(ui_search_row(g, first + r), x, y))
                return first + r;
    }
    return -1;
}
