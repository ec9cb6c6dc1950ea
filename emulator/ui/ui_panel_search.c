/*
 * ui_panel_search.c: the Search panel's drawing (ui_panels.h; its layout
 * and clicks, with its geometry, are ui_search_layout.c; its tree's
 * overview, zoom and columns ui_search_draw.c) and the board's "what if".
 * Reads the session's search model (ui_search.h) and the machine, changes
 * nothing.
 *
 * The heading: the title with the depth and the algorithm; the node
 * counts (the calculator's, "so far" while it searches; the core's search
 * of the same algorithm, and minimax's under alpha-beta); the overlays'
 * chips, each with its count (what alpha-beta in this order and in the
 * core's order would visit), lit while shown; the node searched now, its
 * level, its running bound and its window (ui_search_now_text), or the
 * finished search's value. At the bottom, how to read it, or the details
 * of the node picked for "what if".
 */
#include "ui_panel.h"
#include "ui_search_draw.h"

#include <stdio.h>
#include <string.h>

#define PAD 8

/* The first of the texts that fits in w, in the small font (or the tiny
 * one: ui_search_fit_text). */
static void first_fit(ui_gfx *g, const char *const *texts, int n, int x, int y, int w,
                      ui_colour c)
{
    int i = 0;
    while (i + 1 < n && ui_gfx_text_w(g, UI_FONT_SMALL, texts[i]) > w)
        i++;
    ui_search_fit_text(g, UI_FONT_SMALL, texts[i], x, y, w, c);
}

/* The node counts, in the words that fit. */
static void counts(ui_gfx *g, const ui_search *t, int x, int y, int w)
{
    char a[3][160];
    for (int i = 0; i < 3; i++)
        ui_search_counts_text(t, i, a[i], sizeof a[i]);
    first_fit(g, (const char *const[]){a[0], a[1], a[2]}, 3, x, y, w, UI_COL_TEXT);
}

/* The overlays' chips: what alpha-beta would visit in this order and in
 * the core's, each a toggle (lit while its overlay is shown). */
static void chips(ui_gfx *g, const ui_search *t, const ui_search_geom *geo, ui_search_set shown)
{
    static const char *const what[UI_SEARCH_SETS][2] = {
        [UI_SEARCH_SET_DRAWN] = {"αβ in this order: %ld nodes", "αβ, this order: %ld"},
        [UI_SEARCH_SET_ORDERED] = {"αβ, the core's order: %ld nodes", "αβ, core's order: %ld"},
    };
    for (int o = UI_SEARCH_SET_CALC + 1; o < UI_SEARCH_SETS; o++) {
        ui_rect r = geo->chip[o];
        if (r.w <= 0 || !t->have_set[o] || (t->alphabeta && o == UI_SEARCH_SET_DRAWN))
            continue;
        ui_gfx_round(g, r, 9, (int)shown == o ? UI_COL_CURRENT : UI_COL_BUTTON);
        char a[80], b[80];
        snprintf(a, sizeof a, what[o][0], t->set_nodes[o]);
        snprintf(b, sizeof b, what[o][1], t->set_nodes[o]);
        int th = ui_gfx_font_h(g, UI_FONT_SMALL);
        first_fit(g, (const char *const[]){a, b}, 2, r.x + 8, r.y + (r.h - th) / 2, r.w - 14,
                  UI_COL_TEXT);
    }
}

/* The heading: title, counts and chips, the node being searched now. */
static void heading(ui_gfx *g, const ui_session *s, const ui_search_geom *geo,
                    ui_search_set shown)
{
    const ui_search *t = &s->search;
    ui_rect p = geo->panel;
    int x = p.x + PAD + 2, y = geo->head_y, right = p.x + p.w - PAD - 2, w = right - x;
    char text[240];
    ui_gfx_text(g, UI_FONT_BOLD, "The calculator's search", x, y, UI_COL_TEXT, UI_ALIGN_LEFT);
    if (t->on) {
        snprintf(text, sizeof text, "depth %d · %s", t->depth,
                 t->alphabeta ? "alpha-beta" : "minimax");
        ui_gfx_text(g, UI_FONT_SMALL, text, right, y + 2, UI_COL_DIM, UI_ALIGN_RIGHT);
    }
    y = geo->counts_y;
    char lines[3][UI_WRAP_LEN];
    if (!t->tracking || !t->on) {
        if (!t->tracking)
            snprintf(text, sizeof text, "No tree: %s.", t->why);
        else
            snprintf(text, sizeof text, "No search yet: the tree grows here when the calculator "
                     "thinks.");
        int n = ui_gfx_wrap(g, UI_FONT_SMALL, text, w, lines, 3);
        for (int i = 0; i < n && i < 3; i++, y += ui_gfx_font_h(g, UI_FONT_SMALL) + 2)
            ui_gfx_text(g, UI_FONT_SMALL, lines[i], x, y, UI_COL_DIM, UI_ALIGN_LEFT);
        return;
    }
    counts(g, t, x, y, geo->wide ? geo->chip[UI_SEARCH_SET_DRAWN].x - 10 - x : w);
    chips(g, t, geo, shown);
    /* The node searched now: on the lines the geometry gives it. */
    ui_search_now_text(t, &s->x.m, text, sizeof text);
    int mism = 0;
    char bad[24] = "";
    if (t->mismatches) {
        snprintf(bad, sizeof bad, "%ld ✗", t->mismatches);
        mism = ui_gfx_text_w(g, UI_FONT_SMALL, bad) + 8;
        ui_gfx_text(g, UI_FONT_SMALL, bad, right, geo->now_y, UI_COL_BAD, UI_ALIGN_RIGHT);
    }
    int rows = geo->wide ? 1 : 2, hs = ui_gfx_font_h(g, UI_FONT_SMALL) + 1;
    ui_font f = UI_FONT_SMALL;
    if (ui_gfx_wrap(g, f, text, w - mism, lines, 3) > rows)
        f = UI_FONT_TINY;
    int n = ui_gfx_wrap(g, f, text, w - mism, lines, 3);
    bool searching = ui_search_current(t, &s->x.m) >= 0;
    for (int i = 0; i < n && i < rows; i++)
        ui_search_fit_text(g, f, lines[i], x, geo->now_y + i * hs, w - mism,
                           searching ? UI_COL_TEXT : UI_COL_DIM);
}

/* The details at the bottom: the what-if node, or how to read the panel. */
static void details(ui_gfx *g, const ui_search *t, const vm_machine *m,
                    const ui_search_geom *geo, int pick)
{
    ui_rect p = geo->panel;
    int x = p.x + PAD + 2, y = geo->detail_y, w = p.w - 2 * PAD - 4;
    int hs = ui_gfx_font_h(g, UI_FONT_SMALL) + 2;
    ui_gfx_fill(g, (ui_rect){p.x + PAD, y - 5, p.w - 2 * PAD, 1}, UI_COL_PANELEDGE);
    char text[240], path[48], value[48], win[64];
    if (pick < 0) {
        static const char help[] =
            "Click a node to show its position on the board (what if), a chip to see what "
            "alpha-beta would skip. Blue: the node searched now; yellow: the best line so far; "
            "faded: skipped; orange ✂: a cut. MAX: the calculator takes the largest value, "
            "MIN: you the smallest; #: the order visited; ✓ ✗: against the core.";
        char lines[4][UI_WRAP_LEN];
        ui_font f = ui_gfx_wrap(g, UI_FONT_SMALL, help, w, lines, 4) > 3 ? UI_FONT_TINY
                                                                          : UI_FONT_SMALL;
        int n = ui_gfx_wrap(g, f, help, w, lines, 4);
        for (int i = 0; i < n && i < 3; i++, y += ui_gfx_font_h(g, f) + 2)
            ui_search_fit_text(g, f, lines[i], x, y, w, UI_COL_DIM);
        return;
    }
    const ui_search_node *n = &t->node[pick];
    ui_search_path_name(t, pick, path, sizeof path);
    ui_search_value_text(t, n->core, value, sizeof value);
    if (n->expected)
        snprintf(text, sizeof text, "What if %s: the core's value %s", path, value);
    else
        snprintf(text, sizeof text, "What if %s: %s", path,
                 t->alphabeta ? "alpha-beta skips it" : "not searched");
    ui_search_fit_text(g, UI_FONT_NORMAL, text, x, y, w, UI_COL_LASTMOVE);
    y += ui_gfx_font_h(g, UI_FONT_NORMAL) + 2;
    double a, b;
    ui_search_window(t, m, pick, &a, &b);
    char visit[24] = "", window[80] = "";
    ui_search_window_text(t, a, b, win, sizeof win);
    if (n->visit > 0)
        snprintf(visit, sizeof visit, ", visited #%d", n->visit);
    if (t->alphabeta && n->visit > 0)
        snprintf(window, sizeof window, "; window %s", win);
    snprintf(text, sizeof text, "%s%s%s",
             n->over ? "the game is over there" : n->calc_moves ? "the calculator to move (MAX)"
                                                             : "you to move (MIN)",
             visit, window);
    ui_search_fit_text(g, UI_FONT_SMALL, text, x, y, w, UI_COL_TEXT);
    y += hs;
    if (n->state == UI_NODE_DONE) {
        ui_search_node_value_text(t, pick, value, sizeof value);
        snprintf(text, sizeof text, "the calculator's value %s %s, in %llu instructions", value,
                 n->ok ? "✓" : "✗", (unsigned long long)n->spent);
    } else {
        snprintf(text, sizeof text, "the calculator has not finished it%s",
                 n->in[UI_SEARCH_SET_CALC] ? " yet" : "");
    }
    ui_search_fit_text(g, UI_FONT_SMALL, text, x, y, w, UI_COL_TEXT);
    y += hs;
    ui_search_fit_text(g, UI_FONT_SMALL, "Click it again, or press Esc, to see the game again.",
                       x, y, w, UI_COL_DIM);
}

void ui_panel_search_draw(ui_gfx *g, const ui_layout *l, const ui_session *s,
                          const ui_look *look)
{
    const ui_search *t = &s->search;
    ui_rect p = l->panel[UI_PANEL_SEARCH];
    ui_gfx_panel(g, p);
    ui_gfx_clip(g, (ui_rect){p.x + 2, p.y + 2, p.w - 4, p.h - 4});
    ui_search_geom geo;
    int focus[UI_SEARCH_DEPTH_MAX + 1];
    int nfocus = ui_search_prepare(&geo, s, l, look, focus);
    ui_search_set shown = ui_search_overlay(t, look);
    heading(g, s, &geo, shown);
    if (t->on && t->depth > 0) {
        int best[UI_SEARCH_DEPTH_MAX + 1];
        ui_search_scene sc = {.t = t, .m = &s->x.m, .geo = &geo,
                              .now = ui_search_current(t, &s->x.m),
                              .pick = ui_search_pick(s, l, look), .best = best,
                              .nbest = ui_search_best_line(t, best), .focus = focus,
                              .nfocus = nfocus, .overlay = shown};
        ui_search_draw_overview(g, &sc);
        ui_search_draw_zoom(g, &sc);
        ui_search_draw_columns(g, &sc);
        details(g, t, &s->x.m, &geo, sc.pick);
    }
    ui_gfx_unclip(g);
}

/* Over the board while a node is picked: a frame in the what-if colour and
 * the turn line saying what is shown, so it is not taken for the game. */
void ui_draw_whatif(ui_gfx *g, const ui_layout *l, const ui_session *s, const ui_look *look)
{
    int pick = ui_search_pick(s, l, look);
    if (pick < 0)
        return;
    const ui_search *t = &s->search;
    ui_rect b = l->board;
    for (int i = 0; i < 4; i++)
        ui_gfx_frame(g, (ui_rect){b.x + i, b.y + i, b.w - 2 * i, b.h - 2 * i}, UI_COL_LASTMOVE);
    char path[48], value[24], line[200];
    ui_search_path_name(t, pick, path, sizeof path);
    if (t->node[pick].expected) {
        ui_search_value_text(t, t->node[pick].core, value, sizeof value);
        snprintf(line, sizeof line, "WHAT IF %s (not the game): core's value %s", path, value);
    } else {
        snprintf(line, sizeof line, "WHAT IF %s (not the game)", path);
    }
    ui_gfx_round(g, l->turn, 6, UI_COL_LASTMOVE);
    ui_gfx_text_in(g, UI_FONT_BOLD, line, l->turn, UI_COL_WINDOW, UI_ALIGN_CENTRE);
}
