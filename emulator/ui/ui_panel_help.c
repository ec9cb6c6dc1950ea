/*
 * ui_panel_help.c: the Help panel (ui_panels.h), modal: over the right part
 * of the window, listing the computer keyboard's mapping (from the theme's
 * keymap, so it always says what the keys do) and what the mouse does. Any
 * click closes it.
 *
 * The panel's content is a sequence of rows (headings, a calculator key
 * with the computer keys that press it, an action with its keys, lines of
 * text) flowed down columns: two when they fit, else three.
 */
#include "ui_panel.h"

#include <stdio.h>
#include <string.h>

#define PANEL_X 420
#define PANEL_Y 10
#define PANEL_W 850
#define PANEL_H 780
#define MARGIN UI_HELP_MARGIN
#define TOP 62     /* the first row, under the title */
#define GAP 24     /* between columns */
#define ROW_H 24   /* a row of key chips */
#define TEXT_H 18  /* a line of text */
#define HEAD_H 30  /* a heading, with the space over it */
#define CHIP_H 18
#define PARA_GAP 5 /* after a paragraph */
#define WRAP_LEN 256 /* bytes of a wrapped line */
#define WRAP_ROWS 6  /* lines of what a key does */

/* What each action does, as the help says it (a panel's, its row in
 * ui_panels.h); an action not named here is shown by its keymap name. */
static const char *const action_text[UI_ACT_COUNT] = {
#define UI_PANEL_HELP_TEXT(id, name, label, width, key, modal, help) [UI_ACT_##id] = help,
    UI_PANELS(UI_PANEL_HELP_TEXT)
#undef UI_PANEL_HELP_TEXT
    [UI_ACT_NEW] = "new game",
    [UI_ACT_RUN] = "run the program",
    [UI_ACT_PAUSE] = "pause it",
    [UI_ACT_STEP] = "one step",
    [UI_ACT_OVER] = "one step, over a call",
    [UI_ACT_SPEED] = "the next speed",
    [UI_ACT_UNDO] = "take back your move",
    [UI_ACT_REDO] = "play again the move taken back",
    [UI_ACT_COPY] = "copy the game line (for kalah show and analyze)",
    [UI_ACT_SAVE] = "save the game",
    [UI_ACT_LOAD] = "load the saved game",
    [UI_ACT_QUIT] = "quit",
    [UI_ACT_CLOSE] = "close this help",
    [UI_ACT_STRICT] = "stop at a step the real MK-61 takes silently but that is "
                      "likely a bug (a 6th nested ПП, a pointer outside 0..14, a run "
                      "past 104, hex digits, an X out of range)",
};

/* The flow of rows down the columns. With draw false it only measures. */
typedef struct flow {
    ui_gfx *g;
    bool draw;
    int cols, col, col_w;
    int y;
    bool overflow; /* a row did not fit in the last column */
} flow;

static int col_x(const flow *f)
{
    return PANEL_X + MARGIN + f->col * (f->col_w + GAP);
}

/* Room for a row of height h: its top, or -1 when it fits nowhere. A
 * heading (keep > h) moves on to the next column unless keep fits, so
 * that it is not left alone at a column's foot. */
static int place(flow *f, int h, int keep)
{
    int bottom = PANEL_Y + PANEL_H - MARGIN;
    if (f->y + keep > bottom && f->y > PANEL_Y + TOP) {
        if (f->col + 1 >= f->cols) {
            f->overflow = true;
            return -1;
        }
        f->col++;
        f->y = PANEL_Y + TOP;
    }
    int top = f->y;
    f->y += h;
    return top;
}

/* A computer key as a chip, drawn when f draws and draw; returns its width. */
static int chip(flow *f, const ui_keybind *b, int x, int y, bool draw)
{
    char text[UI_KEYNAME_MAX + 8];
    snprintf(text, sizeof text, "%s%s", b->ctrl ? "Ctrl+" : "", b->name);
    int w, h;
    ui_gfx_measure(f->g, UI_FONT_SMALL, text, &w, &h);
    w += 12;
    if (f->draw && draw) {
        ui_rect r = {x, y + (ROW_H - CHIP_H) / 2, w, CHIP_H};
        ui_gfx_round(f->g, r, 4, UI_COL_PANELEDGE);
        ui_gfx_round(f->g, (ui_rect){r.x + 1, r.y + 1, r.w - 2, r.h - 3}, 3, UI_COL_BUTTON);
        ui_gfx_text(f->g, UI_FONT_SMALL, text, x + w / 2, r.y + (CHIP_H - 1 - h) / 2, UI_COL_TEXT,
                    UI_ALIGN_CENTRE);
    }
    return w;
}

static void heading(flow *f, const char *text)
{
    int y = place(f, HEAD_H, HEAD_H + ROW_H);
    if (y >= 0 && f->draw) {
        ui_gfx_text(f->g, UI_FONT_BOLD, text, col_x(f), y + 8, UI_COL_TEXT, UI_ALIGN_LEFT);
        ui_gfx_fill(f->g, (ui_rect){col_x(f), y + HEAD_H - 4, f->col_w, 1}, UI_COL_PANELEDGE);
    }
}

/* The longest run of whole words of p that fits in width (at least one
 * word), copied into line; returns the bytes taken from p, spaces after
 * them included. */
static size_t fit(ui_gfx *g, ui_font font, const char *p, int width, char line[WRAP_LEN])
{
    size_t best = 0, n = 0;
    for (;;) {
        while (p[n] && p[n] != ' ')
            n++;
        if (n >= WRAP_LEN)
            break;
        memcpy(line, p, n);
        line[n] = '\0';
        int w;
        ui_gfx_measure(g, font, line, &w, NULL);
        if (w > width && best > 0)
            break;
        best = n;
        if (!p[n])
            break;
        n++;
    }
    if (best == 0)
        best = n < WRAP_LEN ? n : WRAP_LEN - 1;
    memcpy(line, p, best);
    line[best] = '\0';
    while (p[best] == ' ')
        best++;
    return best;
}

/* One row: the chips of the binds that do the same thing (the same key,
 * or the same action), an arrow, and what they do, wrapped within the
 * column (further lines of TEXT_H under the first). */
static void bind_row(flow *f, const ui_theme *t, int key, int action, const char *what,
                     ui_font font, ui_colour colour)
{
    int tx = 2, arrow_h;
    for (int i = 0; i < t->binds; i++)
        if (t->bind[i].key == key && t->bind[i].action == action)
            tx += chip(f, &t->bind[i], 0, 0, false) + 5;
    int arrow_w;
    ui_gfx_measure(f->g, UI_FONT_NORMAL, "→", &arrow_w, &arrow_h);
    int text_x = tx + arrow_w + 7;
    char lines[WRAP_ROWS][WRAP_LEN];
    int n = 0;
    for (const char *p = what; *p && n < WRAP_ROWS; n++)
        p += fit(f->g, font, p, f->col_w - text_x, lines[n]);
    int y = place(f, ROW_H + (n - 1) * TEXT_H, ROW_H + (n - 1) * TEXT_H);
    if (y < 0 || !f->draw)
        return;
    int x = col_x(f);
    for (int i = 0; i < t->binds; i++)
        if (t->bind[i].key == key && t->bind[i].action == action)
            x += chip(f, &t->bind[i], x, y, true) + 5;
    ui_gfx_text(f->g, UI_FONT_NORMAL, "→", x + 2, y + (ROW_H - arrow_h) / 2, UI_COL_DIM,
                UI_ALIGN_LEFT);
    int h;
    ui_gfx_measure(f->g, font, "→", NULL, &h);
    for (int k = 0; k < n; k++)
        ui_gfx_text(f->g, font, lines[k], col_x(f) + text_x, y + (ROW_H - h) / 2 + k * TEXT_H,
                    colour, UI_ALIGN_LEFT);
}

/* Text wrapped at the column's width, in lines of TEXT_H. */
static void paragraph(flow *f, const char *text, ui_colour colour)
{
    for (const char *p = text; *p;) {
        char line[WRAP_LEN];
        p += fit(f->g, UI_FONT_SMALL, p, f->col_w, line);
        int y = place(f, TEXT_H, TEXT_H);
        if (y >= 0 && f->draw)
            ui_gfx_text(f->g, UI_FONT_SMALL, line, col_x(f), y + 2, colour, UI_ALIGN_LEFT);
    }
    f->y += PARA_GAP;
}

/* "Escape or F1": the keys bound to the actions a and b. */
static void keys_of(const ui_theme *t, int a, int b, char *buf, size_t size)
{
    buf[0] = '\0';
    size_t used = 0;
    int count = 0;
    for (int i = 0; i < t->binds; i++)
        if (t->bind[i].key < 0 && (t->bind[i].action == a || t->bind[i].action == b)) {
            int n = snprintf(buf + used, size - used, "%s%s%s", count ? " or " : "",
                             t->bind[i].ctrl ? "Ctrl+" : "", t->bind[i].name);
            if (n < 0 || (size_t)n >= size - used)
                break;
            used += (size_t)n;
            count++;
        }
}

/* Whether bind i is the first of those that do the same thing. */
static bool first_of_kind(const ui_theme *t, int i)
{
    for (int j = 0; j < i; j++)
        if (t->bind[j].key == t->bind[i].key && t->bind[j].action == t->bind[i].action)
            return false;
    return true;
}

/* The panel's content, flowed in f. */
static void content(flow *f, const ui_theme *t)
{
    heading(f, "Calculator keys");
    for (int i = 0; i < t->binds; i++)
        if (t->bind[i].key >= 0 && first_of_kind(t, i))
            bind_row(f, t, t->bind[i].key, -1, vm_key_get((vm_key)t->bind[i].key)->name,
                     UI_FONT_BOLD, UI_COL_TEXT);
    paragraph(f, "The yellow labels over the keys are reached with F first, the blue ones "
                 "with К.", UI_COL_DIM);

    heading(f, "Window");
    for (int i = 0; i < t->binds; i++)
        if (t->bind[i].action >= 0 && first_of_kind(t, i)) {
            int a = t->bind[i].action;
            const char *what = a < UI_ACT_COUNT && action_text[a] ? action_text[a]
                                                                   : ui_action_name((ui_action)a);
            bind_row(f, t, -1, a, what, UI_FONT_NORMAL, UI_COL_TEXT);
        }

    heading(f, "Mouse");
    paragraph(f, "Click a calculator key to press it, and the switches to turn the power "
                 "on or off and to choose radians, grads or degrees.", UI_COL_TEXT);
    paragraph(f, "Click one of your pits (the bottom row of the board) to move.", UI_COL_TEXT);
    paragraph(f, "Click a line of the debugger's listing to set or clear a breakpoint.",
              UI_COL_TEXT);
    paragraph(f, "Click a node of the Search panel to see its position on the board (what "
                 "if); click it again to see the game.", UI_COL_TEXT);
    char keys[128], line[200];
    keys_of(t, UI_ACT_CLOSE, UI_ACT_HELP, keys, sizeof keys);
    if (keys[0]) {
        snprintf(line, sizeof line, "%s closes this help.", keys);
        paragraph(f, line, UI_COL_TEXT);
    }
}

/* ---- the panel ------------------------------------------------------------ */

void ui_panel_help_layout(ui_layout *l)
{
    /* Over the board and the panels, wherever they are. */
    l->panel[UI_PANEL_HELP] = (ui_rect){PANEL_X, PANEL_Y, PANEL_W, PANEL_H};
}

bool ui_panel_help_click(ui_session *s, ui_layout *l, ui_look *look, int x, int y)
{
    (void)s, (void)look, (void)x, (void)y;
    ui_layout_open(l, UI_PANEL_HELP, false); /* any click closes it, and does only that */
    return true;
}

void ui_panel_help_opened(ui_look *look)
{
    (void)look;
}

void ui_panel_help_draw(ui_gfx *g, const ui_layout *l, const ui_session *s, const ui_look *look)
{
    (void)s, (void)look;
    const ui_theme *t = g->theme;
    ui_rect panel = l->panel[UI_PANEL_HELP];
    SDL_BlendMode old;
    SDL_GetRenderDrawBlendMode(g->r, &old);
    SDL_SetRenderDrawBlendMode(g->r, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(g->r, 0, 0, 0, 90);
    ui_rect sh = ui_view_rect(&g->view, (ui_rect){panel.x + 6, panel.y + 6, panel.w, panel.h});
    SDL_RenderFillRect(g->r, &(SDL_Rect){sh.x, sh.y, sh.w, sh.h});
    SDL_SetRenderDrawBlendMode(g->r, old);
    ui_gfx_round(g, panel, 10, UI_COL_PANELEDGE);
    ui_gfx_round(g, (ui_rect){panel.x + 2, panel.y + 2, panel.w - 4, panel.h - 4}, 9,
                 UI_COL_PANEL);

    ui_gfx_text(g, UI_FONT_BIG, "Keyboard and mouse", panel.x + MARGIN, panel.y + 18, UI_COL_TEXT,
                UI_ALIGN_LEFT);
    char keys[128], hint[160];
    keys_of(t, UI_ACT_CLOSE, UI_ACT_HELP, keys, sizeof keys);
    if (keys[0]) {
        snprintf(hint, sizeof hint, "%s: close", keys);
        ui_gfx_text(g, UI_FONT_SMALL, hint, panel.x + panel.w - MARGIN, panel.y + 26, UI_COL_DIM,
                    UI_ALIGN_RIGHT);
    }

    /* Two columns if everything fits in them, else three. */
    flow f = {g, false, 2, 0, 0, PANEL_Y + TOP, false};
    f.col_w = (PANEL_W - 2 * MARGIN - GAP) / 2;
    content(&f, t);
    int cols = f.overflow ? 3 : 2;
    f = (flow){g, true, cols, 0, (PANEL_W - 2 * MARGIN - (cols - 1) * GAP) / cols, PANEL_Y + TOP,
               false};
    content(&f, t);
}
