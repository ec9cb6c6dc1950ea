/*
 * ui_draw_check.c: the cross-check panel (ui_draw.h): every checked stop of
 * the Kalah program (ui_check_line), newest at the bottom, and the game so
 * far in the core's notation. Reads the session, changes nothing.
 */
#include "ui_draw.h"

#include "xcheck.h"

#include <stdio.h>
#include <string.h>

#define PAD 8        /* inner margin of a panel */
#define WRAP_MAX 64  /* lines one wrapped text may take */

/* The first line of an entry: what was keyed and what the calculator
 * answered. */
static void entry_head(const ui_check_line *c, char *buf, size_t size)
{
    size_t used;
    if (c->refused) {
        snprintf(buf, size, c->person > 0 ? "you %d → input refused" : "input refused",
                 c->person);
        return;
    }
    if (c->kind == XCHECK_RUN_START) {
        used = (size_t)snprintf(buf, size, "new game: %s",
                                c->ncalc > 0 ? "calculator" : "your move");
    } else if (c->kind == XCHECK_RUN_IDLE) {
        snprintf(buf, size, "С/П after the game's end");
        return;
    } else {
        used = (size_t)snprintf(buf, size, "you %d", c->person);
        if (c->ncalc > 0 && used < size)
            used += (size_t)snprintf(buf + used, size - used, " → calculator");
    }
    /* The calculator's pits as the display and the board name them. */
    for (int i = 0; i < c->ncalc && i < 16 && used < size; i++)
        used += (size_t)snprintf(buf + used, size - used, " C%d", xcheck_calc_seen(c->calc[i]));
}

/* Lays out one entry in the rect's width from y and draws it when draw is
 * set (rows that would pass bottom are left out); returns its height.
 * Rows: the mark and the head (BAD on a mismatch), the judgement beside it
 * when it fits or on its own row, then a mismatch's text in the small
 * font, wrapped. */
static int draw_entry(ui_gfx *g, const ui_check_line *c, int x, int y, int w, int bottom,
                      bool draw)
{
    int hn = ui_gfx_font_h(g, UI_FONT_NORMAL), hs = ui_gfx_font_h(g, UI_FONT_SMALL);
    int indent = 20, y0 = y;
    char head[160], judge[96];
    entry_head(c, head, sizeof head);
    ui_check_judgement_text(c, judge, sizeof judge);
    ui_colour col = c->ok ? UI_COL_TEXT : UI_COL_BAD;
    int headw = ui_gfx_text_w(g, UI_FONT_NORMAL, head), jw = ui_gfx_text_w(g, UI_FONT_SMALL, judge);
    bool beside = judge[0] && indent + headw + 16 + jw <= w;
    if (draw && y + hn <= bottom) {
        ui_gfx_text(g, UI_FONT_NORMAL, c->ok ? "✓" : "✗", x + 2, y,
                    c->ok ? UI_COL_GOOD : UI_COL_BAD, UI_ALIGN_LEFT);
        ui_gfx_text(g, UI_FONT_NORMAL, head, x + indent, y, col, UI_ALIGN_LEFT);
        if (beside)
            ui_gfx_text(g, UI_FONT_SMALL, judge, x + w, y + (hn - hs) / 2, UI_COL_DIM,
                        UI_ALIGN_RIGHT);
    }
    y += hn + 2;
    if (judge[0] && !beside) {
        if (draw && y + hs <= bottom)
            ui_gfx_text(g, UI_FONT_SMALL, judge, x + indent, y, UI_COL_DIM, UI_ALIGN_LEFT);
        y += hs + 2;
    }
    if (!c->ok && c->text[0]) {
        char lines[WRAP_MAX][UI_WRAP_LEN];
        int n = ui_gfx_wrap(g, UI_FONT_SMALL, c->text, w - indent, lines, WRAP_MAX);
        for (int i = 0; i < n && i < WRAP_MAX; i++, y += hs) {
            if (draw && y + hs <= bottom)
                ui_gfx_text(g, UI_FONT_SMALL, lines[i], x + indent, y, UI_COL_TEXT,
                            UI_ALIGN_LEFT);
        }
        y += 2;
    }
    return y - y0 + 2;
}

/* The panel's title row: the first of titles that fits beside the counts
 * (the ✓ count dropped first when room is short), the counts at the
 * right, the ✗ count in the bad colour when there is one. Returns the y
 * below it. */
int ui_draw_check_title(ui_gfx *g, ui_rect p, const char *const *titles, int ntitles, int good,
                        int bad)
{
    int x = p.x + PAD + 2, y = p.y + PAD;
    char goods[24], bads[24];
    snprintf(goods, sizeof goods, "%d ✓", good);
    snprintf(bads, sizeof bads, "%d ✗", bad);
    int right = p.x + p.w - PAD - 2, bw = ui_gfx_text_w(g, UI_FONT_SMALL, bads);
    int gw = ui_gfx_text_w(g, UI_FONT_SMALL, goods);
    bool show_good = x + gw + 10 + bw <= right;
    int counts = bw + (show_good ? gw + 10 : 0);
    for (int i = 0; i < ntitles; i++)
        if (x + ui_gfx_text_w(g, UI_FONT_BOLD, titles[i]) + 12 + counts <= right) {
            ui_gfx_text(g, UI_FONT_BOLD, titles[i], x, y, UI_COL_TEXT, UI_ALIGN_LEFT);
            break;
        }
    ui_gfx_text(g, UI_FONT_SMALL, bads, right, y + 2, bad ? UI_COL_BAD : UI_COL_DIM,
                UI_ALIGN_RIGHT);
    if (show_good)
        ui_gfx_text(g, UI_FONT_SMALL, goods, right - bw - 10, y + 2, UI_COL_DIM, UI_ALIGN_RIGHT);
    return y + ui_gfx_font_h(g, UI_FONT_BOLD) + 6;
}

int ui_draw_check_foot(ui_gfx *g, ui_rect p, const char *text)
{
    int x = p.x + PAD + 2, w = p.w - 2 * PAD - 4, hs = ui_gfx_font_h(g, UI_FONT_SMALL);
    char lines[WRAP_MAX][UI_WRAP_LEN];
    int n = ui_gfx_wrap(g, UI_FONT_SMALL, text, w, lines, WRAP_MAX), first_line = 0;
    if (n > WRAP_MAX)
        n = WRAP_MAX;
    if (n > 3) {
        first_line = n - 3;
        n = 3;
        char keep[UI_WRAP_LEN + 8] = "… ";
        ui_copy_text(keep + strlen(keep), UI_WRAP_LEN, lines[first_line]);
        ui_copy_text(lines[first_line], UI_WRAP_LEN, keep);
    }
    int gy = p.y + p.h - PAD - n * hs;
    ui_gfx_fill(g, (ui_rect){p.x + PAD, gy - 5, p.w - 2 * PAD, 1}, UI_COL_PANELEDGE);
    for (int i = 0; i < n; i++)
        ui_gfx_text(g, UI_FONT_SMALL, lines[first_line + i], x, gy + i * hs, UI_COL_DIM,
                    UI_ALIGN_LEFT);
    return gy - 8;
}

void ui_draw_check_entries(ui_gfx *g, ui_rect p, int y, int bottom, int count,
                           ui_check_entry_fn entry, const void *ctx)
{
    int x = p.x + PAD + 2, w = p.w - 2 * PAD - 4, room = bottom - y, first = count, total = 0;
    while (first > 0) {
        int h = entry(g, ctx, first - 1, x, 0, w, 0, false);
        if (total + h > room && first < count)
            break;
        total += h;
        first--;
    }
    if (count == 0)
        ui_gfx_text(g, UI_FONT_SMALL, "Every stop of the program will be checked here.", x, y,
                    UI_COL_DIM, UI_ALIGN_LEFT);
    for (int i = first; i < count; i++)
        y += entry(g, ctx, i, x, y, w, bottom, true);
}

/* Kalah's lines, for ui_draw_check_entries. */
static int kalah_entry(ui_gfx *g, const void *ctx, int i, int x, int y, int w, int bottom,
                       bool draw)
{
    return draw_entry(g, &((const ui_session *)ctx)->checks[i], x, y, w, bottom, draw);
}

/* The panel: a title with the counts, the entries (oldest shown at the
 * top, the newest at the bottom, older ones scrolled away when they do not
 * all fit), and the game so far in the core's notation at the bottom. */
void ui_draw_check(ui_gfx *g, const ui_layout *l, const ui_session *s)
{
    ui_rect p = l->check;
    if (p.w <= 0 || p.h <= 0)
        return;
    ui_gfx_panel(g, p);
    ui_gfx_clip(g, (ui_rect){p.x + 2, p.y + 2, p.w - 4, p.h - 4});
    int x = p.x + PAD + 2;
    if (!s->checking) {
        int y = p.y + PAD;
        ui_gfx_text(g, UI_FONT_BOLD, "Cross-check against the reference core", x, y,
                    UI_COL_TEXT, UI_ALIGN_LEFT);
        y += ui_gfx_font_h(g, UI_FONT_BOLD) + 6;
        ui_gfx_text(g, UI_FONT_NORMAL, "This program has no Kalah layout: no cross-check.", x, y,
                    UI_COL_DIM, UI_ALIGN_LEFT);
        ui_gfx_unclip(g);
        return;
    }
    int good = 0, bad = 0;
    for (int i = 0; i < s->nchecks; i++) {
        if (s->checks[i].ok)
            good++;
        else
            bad++;
    }
    static const char *const titles[] = {"Cross-check against the reference core", "Cross-check"};
    int y = ui_draw_check_title(g, p, titles, 2, good, bad);
    /* The game at the bottom: its last 3 lines when it needs more. */
    char text[4096];
    if (s->x.game_on)
        xcheck_game_line(&s->x, text, sizeof text); /* "game (you S, C1..C6 = N6..N1): ..." */
    else
        snprintf(text, sizeof text, "No game yet: New game, or key n В↑ d В↑ w В/О С/П.");
    int bottom = ui_draw_check_foot(g, p, text);
    ui_draw_check_entries(g, p, y, bottom, s->nchecks, kalah_entry, s);
    ui_gfx_unclip(g);
}
