/* The Search panel's geometry and what a point in it hits (ui_search.h).
 * No SDL. */
#include "ui_search.h"

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

ui_rect ui_search_panel_rect(const ui_layout *l)
{
    return l->debugger ? (ui_rect){850, 310, 420, 460} : (ui_rect){420, 310, 850, 460};
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
