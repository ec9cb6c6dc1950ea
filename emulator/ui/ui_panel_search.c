/*
 * ui_panel_search.c: the Search panel's drawing (ui_panels.h; its layout
 * and clicks, with its geometry, are ui_search_layout.c) and the board's
 * "what if". Reads the session's search model (ui_search.h) and the
 * machine, changes nothing.
 *
 * The panel, top to bottom: a heading (the node counts: the calculator's
 * so far, the core's minimax and alpha-beta for the root; the node being
 * searched now), the overview (a band a level; every node a cell of its
 * parent's width / XCHECK_PITS, coloured by its state: not yet searched,
 * agreeing, differing; the node being searched filled in the debugger's current
 * colour, the line above it framed, the best line so far underlined), the
 * columns (one a level, listing the moves of the focused line's node at the
 * level above with the calculator's value and ✓ or ✗), and the details of
 * the node picked for "what if".
 */
#include "ui_panel.h"
#include "ui_search_layout.h"

#include <stdio.h>
#include <string.h>

#define PAD 8

/* Whether node k is on line[0..n-1]. */
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

/* The overview: every legal node's cell. */
static void overview(ui_gfx *g, const ui_search *t, const ui_search_geom *geo, int now,
                     const int *best, int nbest, int pick)
{
    int count = 1;
    for (int k = 0, d = 0; d <= t->depth; d++, count *= XCHECK_PITS)
        for (int j = 0; j < count; j++, k++) {
            const ui_search_node *n = &t->node[k];
            if (!n->legal)
                continue;
            ui_rect c = ui_search_cell(geo, k);
            ui_gfx_fill(g, c, k == now ? UI_COL_CURRENT : state_colour(n));
            if (on_line(best, nbest, k))
                ui_gfx_fill(g, (ui_rect){c.x, c.y + c.h - 3, c.w, 3}, UI_COL_LASTMOVE);
        }
    /* The line down to the node being searched, and the what-if node. */
    for (int k = now; k > 0; k = ui_search_parent(k)) {
        int up = ui_search_parent(k);
        if (up >= 0)
            ui_gfx_frame(g, ui_search_cell(geo, up), UI_COL_TEXT);
    }
    if (pick >= 0) {
        ui_rect c = ui_search_cell(geo, pick);
        ui_gfx_frame(g, (ui_rect){c.x - 1, c.y - 1, c.w + 2, c.h + 2}, UI_COL_LASTMOVE);
    }
}

/* One row of the columns: the move, the calculator's value and the mark. */
static void row(ui_gfx *g, const ui_search *t, const ui_search_geom *geo, int k, bool now,
                bool path, bool best, bool pick, bool open)
{
    const ui_search_node *n = &t->node[k];
    ui_rect r = ui_search_row(geo, k);
    if (now || path || pick)
        ui_gfx_round(g, r, 4, now ? UI_COL_CURRENT : UI_COL_BUTTON);
    if (pick)
        ui_gfx_frame(g, r, UI_COL_LASTMOVE);
    if (best)
        ui_gfx_fill(g, (ui_rect){r.x, r.y + 3, 3, r.h - 6}, UI_COL_LASTMOVE);
    char name[8], value[24], core[32];
    ui_search_move_name(t, k, name, sizeof name);
    int ty = r.y + (r.h - ui_gfx_font_h(g, UI_FONT_NORMAL)) / 2;
    ui_colour text = n->state == UI_NODE_DONE || open ? UI_COL_TEXT : UI_COL_DIM;
    ui_gfx_text(g, UI_FONT_NORMAL, name, r.x + 7, ty, text, UI_ALIGN_LEFT);
    int vx = r.x + 36;
    if (n->state == UI_NODE_DONE) {
        ui_search_value_text(t, n->calc, value, sizeof value);
        vx += ui_gfx_text(g, UI_FONT_NORMAL, value, vx, ty, UI_COL_TEXT, UI_ALIGN_LEFT) + 5;
        vx += ui_gfx_text(g, UI_FONT_NORMAL, n->ok ? "✓" : "✗", vx, ty,
                          n->ok ? UI_COL_GOOD : UI_COL_BAD, UI_ALIGN_LEFT) + 5;
        if (!n->ok) {
            ui_search_value_text(t, n->core, value, sizeof value);
            snprintf(core, sizeof core, "core %s", value);
            ui_gfx_text(g, UI_FONT_SMALL, core, vx, ty + 2, UI_COL_BAD, UI_ALIGN_LEFT);
        }
    } else if (open) {
        ui_gfx_text(g, UI_FONT_NORMAL, "…", vx, ty, UI_COL_TEXT, UI_ALIGN_LEFT);
    }
}

static void columns(ui_gfx *g, const ui_search *t, const ui_search_geom *geo, const int *focus,
                    int nfocus, int now, const int *best, int nbest, int pick)
{
    /* The nodes open now: the one searched and those above it. */
    int open[UI_SEARCH_DEPTH_MAX + 1], nopen = 0;
    for (int k = now; k >= 0 && nopen <= UI_SEARCH_DEPTH_MAX; k = ui_search_parent(k))
        open[nopen++] = k;
    for (int c = 0; c < t->depth; c++) {
        int x = geo->columns.x + c * geo->col_w, y = geo->columns.y;
        char head[48];
        if (c < nfocus) {
            snprintf(head, sizeof head, "level %d: %s", c + 1,
                     t->node[focus[c]].calc_moves ? "calculator" : "you");
        } else {
            snprintf(head, sizeof head, "level %d", c + 1);
        }
        ui_gfx_text(g, UI_FONT_SMALL, head, x + 4, y, UI_COL_DIM, UI_ALIGN_LEFT);
        int first = c < nfocus ? ui_search_child(focus[c]) : -1;
        if (first >= 0 && t->node[focus[c]].over)
            ui_gfx_text(g, UI_FONT_SMALL, "the game is over", x + 4, y + geo->head_h, UI_COL_DIM,
                        UI_ALIGN_LEFT);
        for (int i = 0; first >= 0 && i < XCHECK_PITS; i++) {
            int k = first + i;
            if (t->node[k].legal)
                row(g, t, geo, k, k == now, on_line(focus, nfocus, k), on_line(best, nbest, k),
                    k == pick, on_line(open, nopen, k));
        }
    }
}

/* The heading: title, counts, the node being searched now. */
static void heading(ui_gfx *g, const ui_session *s, const ui_search_geom *geo, int now)
{
    const ui_search *t = &s->search;
    ui_rect p = geo->panel;
    int x = p.x + PAD + 2, y = geo->head_y, right = p.x + p.w - PAD - 2;
    int hb = ui_gfx_font_h(g, UI_FONT_BOLD), hs = ui_gfx_font_h(g, UI_FONT_SMALL);
    char text[200], path[48], value[24];
    ui_gfx_text(g, UI_FONT_BOLD, "The calculator's search", x, y, UI_COL_TEXT, UI_ALIGN_LEFT);
    if (t->on) {
        snprintf(text, sizeof text, "depth %d", t->depth);
        ui_gfx_text(g, UI_FONT_SMALL, text, right, y + 2, UI_COL_DIM, UI_ALIGN_RIGHT);
    }
    y += hb + 4;
    if (!t->tracking) {
        snprintf(text, sizeof text, "No tree: %s.", t->why);
        ui_gfx_text(g, UI_FONT_SMALL, text, x, y, UI_COL_DIM, UI_ALIGN_LEFT);
        return;
    }
    if (!t->on) {
        ui_gfx_text(g, UI_FONT_SMALL, "No search yet: the tree grows here when the calculator "
                    "thinks.", x, y, UI_COL_DIM, UI_ALIGN_LEFT);
        return;
    }
    snprintf(text, sizeof text, "nodes: calculator %ld so far · core minimax %ld · "
             "alpha-beta %ld", t->counts.calc, t->counts.minimax, t->counts.alphabeta);
    ui_gfx_text(g, UI_FONT_SMALL, text, x, y, UI_COL_TEXT, UI_ALIGN_LEFT);
    y += hs + 2;
    const ui_search_node *root = &t->node[0];
    if (now >= 0) {
        ui_search_path_name(t, now, path, sizeof path);
        snprintf(text, sizeof text, "searching now: %s (level %d, %s to move)", path,
                 t->node[now].depth + 1, t->node[now].calc_moves ? "the calculator" : "you");
    } else if (root->state == UI_NODE_DONE) {
        ui_search_value_text(t, root->calc, value, sizeof value);
        snprintf(text, sizeof text, "finished: value %s %s, %ld of %ld nodes agree", value,
                 root->ok ? "✓" : "✗", t->finished - t->mismatches, t->finished);
    } else {
        snprintf(text, sizeof text, "stopped inside the search");
    }
    ui_gfx_text(g, UI_FONT_SMALL, text, x, y, now >= 0 ? UI_COL_TEXT : UI_COL_DIM,
                UI_ALIGN_LEFT);
    if (t->mismatches) {
        snprintf(text, sizeof text, "%ld ✗", t->mismatches);
        ui_gfx_text(g, UI_FONT_SMALL, text, right, y, UI_COL_BAD, UI_ALIGN_RIGHT);
    }
}

/* The details at the bottom: the what-if node, or how to pick one. */
static void details(ui_gfx *g, const ui_search *t, const ui_search_geom *geo, int pick)
{
    ui_rect p = geo->panel;
    int x = p.x + PAD + 2, y = geo->detail_y, hs = ui_gfx_font_h(g, UI_FONT_SMALL) + 2;
    ui_gfx_fill(g, (ui_rect){p.x + PAD, y - 5, p.w - 2 * PAD, 1}, UI_COL_PANELEDGE);
    char text[200], path[48], value[24];
    if (pick < 0) {
        static const char *const help[] = {
            "Click a node to show its position on the board (what if).",
            "Blue: the node searched now; yellow: the best line so far;",
            "✓ or ✗: the calculator's value against the core's."};
        for (int i = 0; i < 3; i++, y += hs)
            ui_gfx_text(g, UI_FONT_SMALL, help[i], x, y, UI_COL_DIM, UI_ALIGN_LEFT);
        return;
    }
    const ui_search_node *n = &t->node[pick];
    ui_search_path_name(t, pick, path, sizeof path);
    ui_search_value_text(t, n->core, value, sizeof value);
    snprintf(text, sizeof text, "What if %s: the core's value %s", path, value);
    ui_gfx_text(g, UI_FONT_NORMAL, text, x, y, UI_COL_LASTMOVE, UI_ALIGN_LEFT);
    y += ui_gfx_font_h(g, UI_FONT_NORMAL) + 2;
    snprintf(text, sizeof text, "%s", n->over ? "the game is over there"
                                     : n->calc_moves ? "the calculator to move"
                                                     : "you to move");
    ui_gfx_text(g, UI_FONT_SMALL, text, x, y, UI_COL_TEXT, UI_ALIGN_LEFT);
    y += hs;
    if (n->state == UI_NODE_DONE) {
        ui_search_value_text(t, n->calc, value, sizeof value);
        snprintf(text, sizeof text, "the calculator's value %s %s, in %llu instructions", value,
                 n->ok ? "✓" : "✗", (unsigned long long)n->spent);
    } else {
        snprintf(text, sizeof text, "the calculator has not finished it yet");
    }
    ui_gfx_text(g, UI_FONT_SMALL, text, x, y, UI_COL_TEXT, UI_ALIGN_LEFT);
    y += hs;
    ui_gfx_text(g, UI_FONT_SMALL, "Click it again, or press Esc, to see the game again.", x, y,
                UI_COL_DIM, UI_ALIGN_LEFT);
}

void ui_panel_search_draw(ui_gfx *g, const ui_layout *l, const ui_session *s,
                          const ui_look *look)
{
    const ui_search *t = &s->search;
    ui_rect p = l->panel[UI_PANEL_SEARCH];
    ui_gfx_panel(g, p);
    ui_gfx_clip(g, (ui_rect){p.x + 2, p.y + 2, p.w - 4, p.h - 4});
    ui_search_geom geo;
    ui_search_geometry(&geo, p, t->depth);
    int now = ui_search_current(t, &s->x.m), pick = ui_search_pick(s, l, look);
    heading(g, s, &geo, now);
    if (t->on && t->depth > 0) {
        int best[UI_SEARCH_DEPTH_MAX + 1], focus[UI_SEARCH_DEPTH_MAX + 1];
        int nbest = ui_search_best_line(t, best);
        int nfocus = ui_search_focus(t, &s->x.m, pick, focus);
        overview(g, t, &geo, now, best, nbest, pick);
        columns(g, t, &geo, focus, nfocus, now, best, nbest, pick);
        details(g, t, &geo, pick);
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
    ui_search_value_text(t, t->node[pick].core, value, sizeof value);
    snprintf(line, sizeof line, "WHAT IF %s (not the game): core's value %s", path, value);
    ui_gfx_round(g, l->turn, 6, UI_COL_LASTMOVE);
    ui_gfx_text_in(g, UI_FONT_BOLD, line, l->turn, UI_COL_WINDOW, UI_ALIGN_CENTRE);
}
