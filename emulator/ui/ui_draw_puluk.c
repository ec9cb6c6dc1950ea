/* The Pulúk board read from the machine's registers, its clicks, and its
 * cross-check panel (ui_draw_puluk.h; docs/ui.md, "Pulúk"). */
#include "ui_draw_puluk.h"

#include "vm_whole.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PAD 8
#define WRAP_MAX 64
#define TOWN_W 96
#define STRIP_W 62
#define STRIP_GAP 6
#define CELL_Y 30
#define CELL_H 150
#define THROW_Y 186

/* Where cell k is drawn: the person's town on the left, the strips from
 * it, the calculator's town on the right, as the person moves. */
ui_rect ui_puluk_cell_rect(const ui_layout *l, int k, int ncells)
{
    int x0 = l->board.x + 16, last = ncells - 1;
    if (k == 0)
        return (ui_rect){x0, l->board.y + CELL_Y - 10, TOWN_W, CELL_H + 20};
    if (k == last)
        return (ui_rect){l->board.x + l->board.w - 16 - TOWN_W, l->board.y + CELL_Y - 10, TOWN_W,
                         CELL_H + 20};
    int span = l->board.w - 32 - 2 * TOWN_W - 2 * 12;
    int w = (span - (last - 2) * STRIP_GAP) / (last - 1);
    if (w > STRIP_W)
        w = STRIP_W;
    int used = (last - 1) * w + (last - 2) * STRIP_GAP;
    int x = x0 + TOWN_W + 12 + (span - used) / 2 + (k - 1) * (w + STRIP_GAP);
    return (ui_rect){x, l->board.y + CELL_Y, w, CELL_H};
}

/* The throw buttons: 1..5, then 0 (the calculator's К СЧ) as "К СЧ". */
ui_rect ui_puluk_throw_rect(const ui_layout *l, int t)
{
    int w = 56, gap = 8, n = PULUK_MAX_THROW + 1, wide = 78;
    int total = (n - 1) * (w + gap) + wide;
    int x = l->board.x + (l->board.w - total) / 2 + (t == 0 ? (n - 1) * (w + gap) : (t - 1) * (w + gap));
    return (ui_rect){x, l->board.y + THROW_Y, t == 0 ? wide : w, 30};
}

static int ncells_of(const ui_session *s)
{
    return s->puluk->x.lay.ncells;
}

/* What a design point hits: a cell (0..) or a throw (-1 - t); -100 none. */
static int hit(const ui_session *s, const ui_layout *l, int x, int y)
{
    int w = ui_puluk_waiting(s);
    if (w == XCHECK_PULUK_YOUR_THROW || w == XCHECK_PULUK_ITS_THROW)
        for (int t = 0; t <= PULUK_MAX_THROW; t++)
            if (ui_rect_has(ui_puluk_throw_rect(l, t), x, y))
                return -1 - t;
    for (int k = 0; k < ncells_of(s); k++)
        if (ui_rect_has(ui_puluk_cell_rect(l, k, ncells_of(s)), x, y))
            return k;
    return -100;
}

bool ui_puluk_click(ui_session *s, const ui_layout *l, int x, int y)
{
    if (!ui_rect_has(l->board, x, y))
        return false;
    int h = hit(s, l, x, y);
    if (h >= 0 && h < ncells_of(s) - 1)
        ui_puluk_cell(s, h);
    else if (h < 0 && h > -100)
        ui_puluk_throw(s, -1 - h);
    return true; /* the board is Pulúk's: no Kalah pit under it */
}

int ui_puluk_hover(const ui_session *s, const ui_layout *l, int x, int y)
{
    int h = hit(s, l, x, y);
    if (h >= 0)
        return ui_puluk_movable(s, h) ? h + 1 : 0;
    return h > -100 ? h : 0;
}

/* A piece: yours light, the calculator's blue. */
static void piece(ui_gfx *g, int cx, int cy, int r, bool yours)
{
    ui_gfx_disc(g, cx, cy, r, UI_COL_STONEEDGE);
    ui_gfx_disc(g, cx - 1, cy - 1, r - 2, yours ? UI_COL_STONE : UI_COL_BLUE);
}

/* A strip's column, the top piece highest: v > 0 the person's on top (its
 * pieces held under it), v < 0 the calculator's. */
static void column(ui_gfx *g, ui_rect r, int v)
{
    int h = abs(v), d = 22, rad = 10;
    if (h == 0)
        return;
    int step = h > 1 && (h - 1) * d > r.h - 60 ? (r.h - 60) / (h - 1) : d;
    int cx = r.x + r.w / 2, bottom = r.y + r.h - 26;
    for (int i = h - 1; i >= 0; i--) { /* i = 0: the top */
        bool yours = (v > 0) == (i == 0);
        piece(g, cx, bottom - rad - (h - 1 - i) * step, rad, yours);
    }
}

/* A town: its pieces in a heap, their count over them. */
static void town(ui_gfx *g, ui_rect r, int n, bool yours, const char *name, ui_colour edge,
                 bool hover)
{
    ui_gfx_round(g, r, 18, edge);
    ui_gfx_round(g, (ui_rect){r.x + 3, r.y + 3, r.w - 6, r.h - 6}, 16,
                 hover ? UI_COL_BUTTON : UI_COL_PIT);
    for (int k = 0; k < n && k < 12; k++)
        piece(g, r.x + 26 + (k % 3) * 22, r.y + 56 + (k / 3) * 22 + (k % 3 == 1 ? 6 : 0), 10,
              yours);
    char count[16];
    snprintf(count, sizeof count, "%d", n);
    ui_gfx_text(g, UI_FONT_BIG, count, r.x + r.w / 2, r.y + 4, UI_COL_TEXT, UI_ALIGN_CENTRE);
    ui_gfx_text(g, UI_FONT_TINY, name, r.x + r.w / 2, r.y + r.h - 18, UI_COL_DIM,
                UI_ALIGN_CENTRE);
}

/* The cells the calculator's last move left and reached, and the person's
 * last move's, as the board numbers them; -1 none. */
static void last_moves(const ui_session *s, int *calc_from, int *calc_to, int *you_from)
{
    const ui_puluk *p = s->puluk;
    *calc_from = *calc_to = *you_from = -1;
    for (int i = p->nlines - 1; i >= 0; i--) {
        const ui_puluk_line *c = &p->lines[i];
        if (c->refused || !c->ok)
            continue;
        if (*calc_from < 0 && c->calc_from >= 0) {
            /* It moves towards the person's town, cell 0. */
            *calc_from = c->calc_from;
            *calc_to = c->calc_from - c->calc_throw < 0 ? 0 : c->calc_from - c->calc_throw;
        }
        if (*you_from < 0 && c->you_from >= 0)
            *you_from = c->you_from;
        if (*calc_from >= 0 && *you_from >= 0)
            break;
    }
}

void ui_draw_puluk(ui_gfx *g, const ui_layout *l, const ui_session *s, const ui_look *look)
{
    const ui_puluk *p = s->puluk;
    const xcheck_puluk_layout *lay = &p->x.lay;
    int n = lay->ncells, last = n - 1;
    ui_gfx_round(g, l->board, 24, UI_COL_WOOD);
    int cf, ct, yf;
    last_moves(s, &cf, &ct, &yf);
    bool mine = ui_puluk_waiting(s) == XCHECK_PULUK_YOUR_MOVE;
    for (int k = 0; k < n; k++) {
        int v = vm_whole_in(s->x.m.reg[lay->cell[k]], -99, 99, 0);
        ui_rect r = ui_puluk_cell_rect(l, k, n);
        ui_colour edge = k == cf || k == ct ? UI_COL_LASTMOVE
                         : k == yf          ? UI_COL_STONE
                                            : UI_COL_BODYEDGE;
        bool hover = mine && look->hover_pit == k + 1;
        if (k == 0 || k == last) {
            town(g, r, k == 0 ? v : -v, k == 0, k == 0 ? "your town" : "its town", edge, hover);
            continue;
        }
        ui_gfx_round(g, r, 12, edge);
        ui_gfx_round(g, (ui_rect){r.x + 3, r.y + 3, r.w - 6, r.h - 6}, 10,
                     hover ? UI_COL_BUTTON : UI_COL_PIT);
        column(g, r, v);
        char name[12];
        snprintf(name, sizeof name, "%d", k);
        ui_gfx_text(g, UI_FONT_SMALL, name, r.x + r.w / 2, r.y + r.h - 22, UI_COL_DIM,
                    UI_ALIGN_CENTRE);
    }
    int w = ui_puluk_waiting(s);
    if (w == XCHECK_PULUK_YOUR_THROW || w == XCHECK_PULUK_ITS_THROW)
        for (int t = 0; t <= PULUK_MAX_THROW; t++) {
            ui_rect r = ui_puluk_throw_rect(l, t);
            char label[16];
            snprintf(label, sizeof label, t ? "%d" : "К СЧ", t);
            ui_gfx_round(g, r, 6, look->hover_pit == -1 - t ? UI_COL_PANELEDGE : UI_COL_BUTTON);
            ui_gfx_text_in(g, UI_FONT_BOLD, label, r, UI_COL_TEXT, UI_ALIGN_CENTRE);
        }
    char line[320];
    ui_session_state_text(s, line, sizeof line);
    ui_state st = ui_session_state(s);
    ui_colour col = ui_session_turn(s) == 1 ? UI_COL_LASTMOVE
                    : st == UI_STATE_HALTED ? UI_COL_BAD
                                            : UI_COL_TEXT;
    ui_gfx_text_in(g, UI_FONT_BOLD, line, l->turn, col, UI_ALIGN_CENTRE);
    /* Stones names the throw, Depth the god (nothing to choose). */
    ui_draw_game_buttons(g, l, s, look, p->keyed ? "Kernels" : "К СЧ", "Quetzal.", true);
    ui_gfx_fill(g, l->status, UI_COL_PANEL);
    ui_gfx_text_in(g, UI_FONT_SMALL, s->status, l->status, UI_COL_TEXT, UI_ALIGN_LEFT);
}

/* ---- the cross-check panel -------------------------------------------------- */

static const char *event_text(int e)
{
    return e == XCHECK_PULUK_FAR       ? "into your town"
           : e == XCHECK_PULUK_PLAIN   ? "a plain move"
           : e == XCHECK_PULUK_CAPTURE ? "took your piece"
                                       : "took your piece, freed its own";
}

static void line_head(const ui_puluk_line *c, char *buf, size_t size)
{
    char in[32];
    vm_num_format(c->input, in, sizeof in);
    if (c->refused) {
        snprintf(buf, size, "%s → refused (-1)", in);
        return;
    }
    size_t used = 0;
    buf[0] = '\0';
    if (c->before == XCHECK_PULUK_START)
        used += (size_t)snprintf(buf, size, "new game %s", in);
    else if (c->before == XCHECK_PULUK_YOUR_THROW)
        used += (size_t)snprintf(buf, size, "your throw %s", in);
    else if (c->before == XCHECK_PULUK_ITS_THROW)
        used += (size_t)snprintf(buf, size, "its throw %s", in);
    else if (c->before == XCHECK_PULUK_OVER)
        used += (size_t)snprintf(buf, size, "С/П after the end");
    if (c->you_from >= 0 && used < size)
        used += (size_t)snprintf(buf + used, size - used, "you %d with %d", c->you_from,
                                 c->you_throw);
    if (c->calc_from >= 0 && used < size)
        snprintf(buf + used, size - used, " → calculator %d with %d: %s", c->calc_from,
                 c->calc_throw, event_text(c->calc_event));
}

static int draw_line(ui_gfx *g, const ui_puluk_line *c, int x, int y, int w, int bottom, bool draw)
{
    int hn = ui_gfx_font_h(g, UI_FONT_NORMAL), hs = ui_gfx_font_h(g, UI_FONT_SMALL), y0 = y;
    char head[200];
    line_head(c, head, sizeof head);
    if (draw && y + hn <= bottom) {
        ui_gfx_text(g, UI_FONT_NORMAL, c->ok ? "✓" : "✗", x + 2, y,
                    c->ok ? UI_COL_GOOD : UI_COL_BAD, UI_ALIGN_LEFT);
        ui_gfx_text(g, UI_FONT_NORMAL, head, x + 20, y, c->ok ? UI_COL_TEXT : UI_COL_BAD,
                    UI_ALIGN_LEFT);
    }
    y += hn + 2;
    if (!c->ok && c->text[0]) {
        char lines[WRAP_MAX][UI_WRAP_LEN];
        int n = ui_gfx_wrap(g, UI_FONT_SMALL, c->text, w - 20, lines, WRAP_MAX);
        for (int i = 0; i < n && i < WRAP_MAX; i++, y += hs)
            if (draw && y + hs <= bottom)
                ui_gfx_text(g, UI_FONT_SMALL, lines[i], x + 20, y, UI_COL_TEXT, UI_ALIGN_LEFT);
        y += 2;
    }
    return y - y0 + 2;
}

/* Pulúk's lines, for ui_draw_check_entries. */
static int puluk_entry(ui_gfx *g, const void *ctx, int i, int x, int y, int w, int bottom,
                       bool draw)
{
    return draw_line(g, &((const ui_puluk *)ctx)->lines[i], x, y, w, bottom, draw);
}

void ui_draw_puluk_check(ui_gfx *g, const ui_layout *l, const ui_session *s)
{
    const ui_puluk *p = s->puluk;
    ui_rect r = l->check;
    if (r.w <= 0 || r.h <= 0)
        return;
    ui_gfx_panel(g, r);
    ui_gfx_clip(g, (ui_rect){r.x + 2, r.y + 2, r.w - 4, r.h - 4});
    int good = 0, bad = 0;
    for (int i = 0; i < p->nlines; i++)
        p->lines[i].ok ? good++ : bad++;
    static const char *const titles[] = {"Cross-check against the core's Quetzalcoatl",
                                         "Cross-check"};
    int y = ui_draw_check_title(g, r, titles, 2, good, bad);
    static char text[8192];
    if (p->x.wait != XCHECK_PULUK_START)
        xcheck_puluk_game_line(&p->x, text, sizeof text);
    else
        snprintf(text, sizeof text, "No game yet: New game, or key N В/О С/П.");
    int bottom = ui_draw_check_foot(g, r, text);
    ui_draw_check_entries(g, r, y, bottom, p->nlines, puluk_entry, p);
    ui_gfx_unclip(g);
}
