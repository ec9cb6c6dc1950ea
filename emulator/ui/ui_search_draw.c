/* The Search panel's tree: the overview, the zoom, the columns
 * (ui_search_draw.h). */
#include "ui_search_draw.h"

#include <stdio.h>
#include <string.h>

#define P XCHECK_PITS

int ui_search_fit_text(ui_gfx *g, ui_font f, const char *text, int x, int y, int w, ui_colour c)
{
    if (ui_gfx_text_w(g, f, text) > w && ui_gfx_text_w(g, UI_FONT_TINY, text) <= w)
        f = UI_FONT_TINY;
    char cut[UI_WRAP_LEN];
    ui_copy_text(cut, sizeof cut, text);
    /* Still too wide: cut at a whole character, with an ellipsis. */
    for (size_t n = strlen(cut); n > 0 && ui_gfx_text_w(g, f, cut) > w;) {
        while (n > 0 && (cut[n - 1] & 0xC0) == 0x80)
            n--;
        if (n > 0)
            n--;
        snprintf(cut + n, sizeof cut - n, "…");
    }
    return ui_gfx_text(g, f, cut, x, y, c, UI_ALIGN_LEFT);
}

static bool on_line(const int *line, int n, int k)
{
    for (int i = 0; i < n; i++)
        if (line[i] == k)
            return true;
    return false;
}

static ui_colour state_colour(const ui_search_node *k)
{
    if (k->state != UI_NODE_DONE)
        return UI_COL_PANELEDGE;
    return k->ok ? UI_COL_GOOD : UI_COL_BAD;
}

/* A node of the search shown that it does not visit, drawn faded: with an
 * overlay, the overlay's; under the calculator's alpha-beta, a node it
 * skips, once the cut that skips it has happened (the last child its
 * parent's search visits is finished). */
static bool faded(const ui_search_scene *sc, int k)
{
    const ui_search *t = sc->t;
    if (sc->overlay != UI_SEARCH_SET_CALC)
        return !ui_search_visits(t, k, sc->overlay);
    if (!t->alphabeta || k <= 0 || ui_search_visits(t, k, UI_SEARCH_SET_CALC))
        return false;
    int u = k; /* the skipped subtree's top: its parent is visited */
    while (ui_search_parent(u) > 0 && !ui_search_visits(t, ui_search_parent(u), UI_SEARCH_SET_CALC))
        u = ui_search_parent(u);
    int up = ui_search_parent(u), kids[P], n = ui_search_children(t, up, kids), last = up;
    for (int i = 0; i < n; i++)
        if (ui_search_visits(t, kids[i], UI_SEARCH_SET_CALC))
            last = kids[i];
    return t->node[last].state == UI_NODE_DONE;
}

/* Whether a cut mark follows node k: the search shown stops trying its
 * parent's moves after it, in the order drawn (the core's own order is
 * another, so its overlay marks none); under the calculator's alpha-beta,
 * once k is finished. */
static bool cut_mark(const ui_search_scene *sc, int k)
{
    const ui_search *t = sc->t;
    ui_search_set set = sc->overlay;
    if (set == UI_SEARCH_SET_ORDERED || (set == UI_SEARCH_SET_CALC && !t->alphabeta))
        return false;
    return ui_search_cut_after(t, k, set) &&
           (set != UI_SEARCH_SET_CALC || t->node[k].state == UI_NODE_DONE);
}

/* Whether node k has been entered by the calculator's search: finished,
 * or open (above the node searched now, or it). Only those show their
 * number, so that the numbers do not tell the search's future. */
static bool entered(const ui_search_scene *sc, int k)
{
    if (sc->t->node[k].state == UI_NODE_DONE)
        return true;
    for (int u = sc->now; u >= 0; u = ui_search_parent(u))
        if (u == k)
            return true;
    return false;
}

/* A cell washed out with the panel's colour, outlined in the dim colour
 * where it has room: a node left unvisited. */
static void wash(ui_gfx *g, ui_rect c)
{
    SDL_Color w = ui_gfx_sdl(g, UI_COL_PANEL);
    w.a = 200;
    ui_gfx_round_rgba(g, c, 0, w);
    if (c.w >= 4 && c.h >= 4)
        ui_gfx_frame(g, c, UI_COL_DIM);
}

/* One node's cell: its colour, faded or not, its number when it has room
 * (label: a move's name before it, when there is room for both), the best
 * line's underline, a cut's bar (over its right edge in the zoom, whose
 * cells are wide; in the overview, whose leaves may be a pixel or two, as
 * a tick in the gap above the band, so that it hides no cell). */
static void cell(ui_gfx *g, const ui_search_scene *sc, int k, ui_rect c, bool number)
{
    const ui_search *t = sc->t;
    const ui_search_node *n = &t->node[k];
    ui_gfx_fill(g, c, k == sc->now ? UI_COL_CURRENT : state_colour(n));
    bool fade = faded(sc, k);
    if (fade)
        wash(g, c);
    if (number && n->visit > 0 && !fade && entered(sc, k)) {
        char text[32], name[8];
        ui_search_move_name(t, k, name, sizeof name);
        snprintf(text, sizeof text, "%s #%d", name, n->visit);
        if (ui_gfx_text_w(g, UI_FONT_TINY, text) > c.w - 2)
            snprintf(text, sizeof text, "%d", n->visit);
        int h = ui_gfx_font_h(g, UI_FONT_TINY);
        if (ui_gfx_text_w(g, UI_FONT_TINY, text) <= c.w - 2 && h <= c.h)
            ui_gfx_text(g, UI_FONT_TINY, text, c.x + c.w / 2, c.y + (c.h - h) / 2,
                        n->state == UI_NODE_DONE && n->ok && k != sc->now ? UI_COL_WINDOW
                                                                          : UI_COL_TEXT,
                        UI_ALIGN_CENTRE);
    }
    if (on_line(sc->best, sc->nbest, k))
        ui_gfx_fill(g, (ui_rect){c.x, c.y + c.h - 3, c.w, 3}, UI_COL_LASTMOVE);
    if (cut_mark(sc, k) && number) {
        ui_gfx_fill(g, (ui_rect){c.x + c.w - 1, c.y - 2, 3, c.h + 4}, UI_COL_CUT);
    } else if (cut_mark(sc, k)) {
        ui_gfx_fill(g, (ui_rect){c.x + c.w - 1, c.y - 3, c.w >= 4 ? 2 : 1, 3}, UI_COL_CUT);
    }
}

void ui_search_draw_overview(ui_gfx *g, const ui_search_scene *sc)
{
    const ui_search *t = sc->t;
    const ui_search_geom *geo = sc->geo;
    int count = 1;
    for (int k = 0, d = 0; d <= t->depth; d++, count *= P)
        for (int j = 0; j < count; j++, k++)
            if (t->node[k].legal)
                cell(g, sc, k, ui_search_cell(geo, k), false);
    /* The zoom's subtree, bracketed from its level down. */
    if (geo->zoom_root >= 0) {
        ui_rect c = ui_search_cell(geo, geo->zoom_root);
        ui_rect low = geo->band[t->depth];
        ui_gfx_frame(g, (ui_rect){c.x - 2, c.y - 2, c.w + 4, low.y + low.h - c.y + 4}, UI_COL_DIM);
    }
    /* The line down to the node being searched, and the what-if node. */
    for (int k = sc->now; k > 0; k = ui_search_parent(k)) {
        int up = ui_search_parent(k);
        if (up >= 0)
            ui_gfx_frame(g, ui_search_cell(geo, up), UI_COL_TEXT);
    }
    if (sc->pick >= 0) {
        ui_rect c = ui_search_cell(geo, sc->pick);
        ui_gfx_frame(g, (ui_rect){c.x - 1, c.y - 1, c.w + 2, c.h + 2}, UI_COL_LASTMOVE);
    }
}

void ui_search_draw_zoom(ui_gfx *g, const ui_search_scene *sc)
{
    const ui_search *t = sc->t;
    const ui_search_geom *geo = sc->geo;
    int z = geo->zoom_root;
    if (z < 0)
        return;
    char name[8], text[160];
    ui_search_move_name(t, z, name, sizeof name);
    snprintf(text, sizeof text, "under %s, spread out: the moves below it, #: the order the "
             "calculator visits them", name);
    ui_search_fit_text(g, UI_FONT_SMALL, text, geo->panel.x + 10, geo->zoom_y,
                       geo->panel.w - 20, UI_COL_DIM);
    int first = z;
    for (int d = 2; d <= t->depth; d++) {
        first = ui_search_child(first);
        int count = 1;
        for (int i = 1; i < d; i++)
            count *= P;
        for (int j = 0; j < count; j++)
            if (t->node[first + j].legal)
                cell(g, sc, first + j, ui_search_zoom_cell(geo, first + j), true);
    }
    for (int k = sc->now; k > z; k = ui_search_parent(k)) {
        int up = ui_search_parent(k);
        if (up > z)
            ui_gfx_frame(g, ui_search_zoom_cell(geo, up), UI_COL_TEXT);
    }
    if (sc->pick >= 0) {
        ui_rect c = ui_search_zoom_cell(geo, sc->pick);
        if (c.w > 0)
            ui_gfx_frame(g, (ui_rect){c.x - 1, c.y - 1, c.w + 2, c.h + 2}, UI_COL_LASTMOVE);
    }
}

/* One row of the columns: the move, its number, the calculator's value
 * (a bound under alpha-beta when it is one) and the mark, or the running
 * bound of a node being searched, or "skipped". */
static void row(ui_gfx *g, const ui_search_scene *sc, int k, bool open)
{
    const ui_search *t = sc->t;
    const ui_search_node *n = &t->node[k];
    ui_rect r = ui_search_row(sc->geo, k);
    bool now = k == sc->now, pick = k == sc->pick, wide = r.w >= 200;
    if (now || pick || on_line(sc->focus, sc->nfocus, k))
        ui_gfx_round(g, r, 4, now ? UI_COL_CURRENT : UI_COL_BUTTON);
    if (pick)
        ui_gfx_frame(g, r, UI_COL_LASTMOVE);
    if (on_line(sc->best, sc->nbest, k))
        ui_gfx_fill(g, (ui_rect){r.x, r.y + 3, 3, r.h - 6}, UI_COL_LASTMOVE);
    char name[8], value[64], core[32];
    ui_search_move_name(t, k, name, sizeof name);
    int ty = r.y + (r.h - ui_gfx_font_h(g, UI_FONT_NORMAL)) / 2;
    int sy = r.y + (r.h - ui_gfx_font_h(g, UI_FONT_SMALL)) / 2;
    bool fade = faded(sc, k);
    ui_colour text = (n->state == UI_NODE_DONE || open) && !fade ? UI_COL_TEXT : UI_COL_DIM;
    ui_gfx_text(g, UI_FONT_NORMAL, name, r.x + 7, ty, text, UI_ALIGN_LEFT);
    int nx = r.x + 9 + ui_gfx_text_w(g, UI_FONT_NORMAL, "C6");
    int vx = nx + 6 + ui_gfx_text_w(g, UI_FONT_TINY, "#888"), right = r.x + r.w - 4;
    if (n->visit > 0 && entered(sc, k)) {
        snprintf(value, sizeof value, "#%d", n->visit);
        ui_gfx_text(g, UI_FONT_TINY, value, nx, r.y + (r.h - ui_gfx_font_h(g, UI_FONT_TINY)) / 2,
                    UI_COL_DIM, UI_ALIGN_LEFT);
    }
    if (fade) {
        ui_search_fit_text(g, UI_FONT_SMALL,
                           sc->overlay != UI_SEARCH_SET_CALC ? "would be skipped" : "skipped", vx,
                           sy, right - vx, UI_COL_DIM);
    } else if (n->state == UI_NODE_DONE) {
        ui_search_node_value_text(t, k, value, sizeof value);
        vx += ui_gfx_text(g, UI_FONT_NORMAL, value, vx, ty, UI_COL_TEXT, UI_ALIGN_LEFT) + 5;
        vx += ui_gfx_text(g, UI_FONT_NORMAL, n->ok ? "✓" : "✗", vx, ty,
                          n->ok ? UI_COL_GOOD : UI_COL_BAD, UI_ALIGN_LEFT) + 5;
        if (!n->ok) {
            ui_search_value_text(t, n->core, core, sizeof core);
            snprintf(value, sizeof value, "core %s", core);
            ui_search_fit_text(g, UI_FONT_SMALL, value, vx, sy, right - vx, UI_COL_BAD);
        }
    } else if (open) {
        double v;
        if (ui_search_bound(t, sc->m, k, &v)) {
            ui_search_value_text(t, v, core, sizeof core);
            snprintf(value, sizeof value, "%s %s%s", n->calc_moves ? "≥" : "≤", core,
                     wide ? " so far" : "…");
        } else {
            snprintf(value, sizeof value, "…");
        }
        ui_search_fit_text(g, UI_FONT_NORMAL, value, vx, ty, right - vx, UI_COL_TEXT);
    }
    if (cut_mark(sc, k)) {
        ui_gfx_fill(g, (ui_rect){r.x + 4, r.y + r.h - 2, r.w - 8, 2}, UI_COL_CUT);
        ui_gfx_text(g, UI_FONT_NORMAL, "✂", r.x + r.w - 4, ty, UI_COL_CUT, UI_ALIGN_RIGHT);
    }
}

/* A column's heading: who chooses (MAX or MIN), then the window and the
 * running bound of the node that chooses (focus[c]), or its value. */
static void column_head(ui_gfx *g, const ui_search_scene *sc, int c, int x, int y, int w)
{
    const ui_search *t = sc->t;
    bool brief = w < 200;
    char text[160], win[64], value[48], v[24]; /* text holds win and value whole */
    ui_search_level_text(t, sc->focus, sc->nfocus, c, brief, text, sizeof text);
    ui_search_fit_text(g, UI_FONT_SMALL, text, x, y, w, c < sc->nfocus ? UI_COL_TEXT : UI_COL_DIM);
    if (c >= sc->nfocus)
        return;
    int f = sc->focus[c];
    const ui_search_node *n = &t->node[f];
    double a, b, bound;
    ui_search_window(t, sc->m, f, &a, &b);
    win[0] = '\0';
    if (t->alphabeta) /* minimax has no window */
        ui_search_window_text(t, a, b, win, sizeof win);
    value[0] = '\0';
    if (n->state == UI_NODE_DONE) {
        ui_search_node_value_text(t, f, v, sizeof v);
        snprintf(value, sizeof value, " value %s", v);
    } else if (ui_search_bound(t, sc->m, f, &bound)) {
        ui_search_value_text(t, bound, v, sizeof v);
        snprintf(value, sizeof value, " %s %s%s", n->calc_moves ? "≥" : "≤", v,
                 brief ? "" : " so far");
    }
    snprintf(text, sizeof text, "%s%s", win, win[0] ? value : value + (value[0] == ' '));
    ui_search_fit_text(g, UI_FONT_SMALL, text, x, y + ui_gfx_font_h(g, UI_FONT_SMALL) + 1, w,
                       a >= b ? UI_COL_CUT : UI_COL_DIM);
}

void ui_search_draw_columns(ui_gfx *g, const ui_search_scene *sc)
{
    const ui_search *t = sc->t;
    const ui_search_geom *geo = sc->geo;
    /* The nodes open now: the one searched and those above it. */
    int open[UI_SEARCH_DEPTH_MAX + 1], nopen = 0;
    for (int k = sc->now; k >= 0 && nopen <= UI_SEARCH_DEPTH_MAX; k = ui_search_parent(k))
        open[nopen++] = k;
    for (int c = 0; c < t->depth; c++) {
        int x = geo->columns.x + c * geo->col_w, y = geo->columns.y;
        column_head(g, sc, c, x + 4, y, geo->col_w - 10);
        if (c >= sc->nfocus)
            continue;
        int kids[P], n = ui_search_children(t, sc->focus[c], kids);
        if (t->node[sc->focus[c]].over)
            ui_gfx_text(g, UI_FONT_SMALL, "the game is over", x + 4, y + geo->head_h,
                        UI_COL_DIM, UI_ALIGN_LEFT);
        for (int i = 0; i < n; i++)
            row(g, sc, kids[i], on_line(open, nopen, kids[i]));
    }
}
